import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { InMemoryCounterStore } from '../../src/limits/counter-store.js';
import { limitWindows, rateLimitHeaders, takeRequest } from '../../src/limits/rate-limiter.js';
import { MS_PER_DAY, MS_PER_MINUTE } from '../../src/time/instant.js';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';

const DAY_START_MS = Date.parse('2026-11-21T00:00:00.000Z');

describe('limitWindows', () => {
  it('cuts at midnight UTC and at full minutes', () => {
    const [day, minute] = limitWindows(Date.parse('2026-11-21T09:27:13.500Z'));
    expect(day).toEqual({ name: 'day', startMs: DAY_START_MS, endMs: DAY_START_MS + MS_PER_DAY });
    expect(minute.startMs).toBe(Date.parse('2026-11-21T09:27:00.000Z'));
    expect(minute.endMs).toBe(Date.parse('2026-11-21T09:28:00.000Z'));
  });
});

describe('takeRequest', () => {
  const client = { clientId: 'c', dayLimit: 3, minuteLimit: 2 };

  it('blocks over the minute limit until the next minute, with Retry-After to that reset', async () => {
    const store = new InMemoryCounterStore();
    const at = DAY_START_MS + 10 * MS_PER_MINUTE + 15_500;
    expect((await takeRequest(store, client, at)).allowed).toBe(true);
    expect((await takeRequest(store, client, at)).allowed).toBe(true);
    const blocked = await takeRequest(store, client, at);
    expect(blocked).toMatchObject({ allowed: false, blockedBy: 'minute', retryAfterSeconds: 45 });
    expect(rateLimitHeaders(blocked)).toEqual({
      'X-RateLimit-Limit-day': '3',
      'X-RateLimit-Remaining-day': '0',
      'X-RateLimit-Limit-minute': '2',
      'X-RateLimit-Remaining-minute': '0',
      'Retry-After': '45',
    });
    // The refused request counted in the day too: the day budget (3) is now spent.
    const nextMinute = await takeRequest(store, client, at + MS_PER_MINUTE);
    expect(nextMinute).toMatchObject({ allowed: false, blockedBy: 'day' });
    const nextDay = await takeRequest(store, client, DAY_START_MS + MS_PER_DAY);
    expect(nextDay).toMatchObject({
      allowed: true,
      day: { remaining: 2 },
      minute: { remaining: 1 },
    });
  });

  it('never gives a Retry-After below 1 second', async () => {
    const store = new InMemoryCounterStore();
    const at = DAY_START_MS + MS_PER_MINUTE - 1;
    await takeRequest(store, { clientId: 'c', dayLimit: 9, minuteLimit: 1 }, at);
    expect(
      (await takeRequest(store, { clientId: 'c', dayLimit: 9, minuteLimit: 1 }, at))
        .retryAfterSeconds,
    ).toBe(1);
  });

  it('matches a brute-force count over any time-ordered request sequence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 * MS_PER_DAY }), { maxLength: 40 }),
        async (dayLimit, minuteLimit, offsets) => {
          const store = new InMemoryCounterStore();
          const times = offsets.map((offset) => DAY_START_MS + offset).sort((a, b) => a - b);
          const seen: number[] = [];
          for (const nowMs of times) {
            const decision = await takeRequest(
              store,
              { clientId: 'k', dayLimit, minuteLimit },
              nowMs,
            );
            seen.push(nowMs);
            const dayCount = seen.filter(
              (t) => Math.floor(t / MS_PER_DAY) === Math.floor(nowMs / MS_PER_DAY),
            ).length;
            const minuteCount = seen.filter(
              (t) => Math.floor(t / MS_PER_MINUTE) === Math.floor(nowMs / MS_PER_MINUTE),
            ).length;
            expect(decision.allowed).toBe(dayCount <= dayLimit && minuteCount <= minuteLimit);
            expect(decision.day.remaining).toBe(Math.max(0, dayLimit - dayCount));
            expect(decision.minute.remaining).toBe(Math.max(0, minuteLimit - minuteCount));
            if (!decision.allowed) {
              const resetMs =
                dayCount > dayLimit ? decision.day.resetAtMs : decision.minute.resetAtMs;
              expect(decision.retryAfterSeconds).toBe(
                Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
              );
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('rate limits through the API', () => {
  it('resets the day limit at midnight UTC and the minute limit at the full minute (injected clock)', async () => {
    let nowMs = DAY_START_MS + 23 * 3_600_000 + 59 * MS_PER_MINUTE + 30_000; // 23:59:30
    const api = createApi({
      service: createFakeService(),
      keys: [{ key: 'k', dayLimit: 3 }],
      minuteLimit: 2,
      clock: () => nowMs,
      // The limits follow real time unless told otherwise; this test moves both clocks.
      limitsClock: () => nowMs,
    });
    const call = () =>
      api.handle(coreRequest('/v2/meta/measurements', { headers: { apikey: 'k' } }));
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const minuteBlocked = await call();
    expect(minuteBlocked.status).toBe(429);
    expect(minuteBlocked.headers['Retry-After']).toBe('30');
    expect(coreJson(minuteBlocked)).toEqual({
      errorCode: 'RATE_LIMIT_EXCEEDED',
      message: 'Rate limit per minute exceeded',
      details: { limit: 'minute', retryAfterSeconds: 30 },
    });
    nowMs += 30_000; // 00:00:00 next day: both windows reset
    const fresh = await call();
    expect(fresh.status).toBe(200);
    expect(fresh.headers['X-RateLimit-Remaining-day']).toBe('2');
    expect(fresh.headers['X-RateLimit-Remaining-minute']).toBe('1');
    nowMs += MS_PER_MINUTE;
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    nowMs += MS_PER_MINUTE;
    const dayBlocked = await call();
    expect(dayBlocked.status).toBe(429);
    expect(dayBlocked.headers['X-RateLimit-Remaining-day']).toBe('0');
    expect(dayBlocked.headers['Retry-After']).toBe(String(24 * 3600 - 120));
  });

  it('serves exactly the limit out of 500 simultaneous requests', async () => {
    const api = createApi({
      service: createFakeService(),
      keys: ['k'],
      dayLimit: 100,
      minuteLimit: 1000,
    });
    const responses = await Promise.all(
      Array.from({ length: 500 }, () =>
        api.handle(coreRequest('/v2/installations/1', { headers: { apikey: 'k' } })),
      ),
    );
    expect(responses.filter((response) => response.status !== 429)).toHaveLength(100);
    expect(
      responses.every((response) => Number(response.headers['X-RateLimit-Remaining-day']) >= 0),
    ).toBe(true);
  });

  it('keeps separate budgets per key and honours per-key limits', async () => {
    const api = createApi({
      service: createFakeService(),
      keys: [{ key: 'small', dayLimit: 1 }, 'big'],
      clock: () => DAY_START_MS,
    });
    const call = (apikey: string) =>
      api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey } }));
    expect((await call('small')).status).toBe(200);
    expect((await call('small')).status).toBe(429);
    const big = await call('big');
    expect(big.status).toBe(200);
    expect(big.headers['X-RateLimit-Limit-day']).toBe('100');
  });

  it('counts the limits in real time by default, even with a frozen data clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(DAY_START_MS + 30_000); // 00:00:30 real time
      const api = createApi({
        service: createFakeService(),
        keys: [{ key: 'k', minuteLimit: 1 }],
        clock: () => DAY_START_MS - 3_600_000, // data frozen at 23:00 the day before
      });
      const call = () => api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } }));
      expect((await call()).status).toBe(200);
      const blocked = await call();
      expect(blocked.status).toBe(429);
      expect(blocked.headers['Retry-After']).toBe('30');
      vi.setSystemTime(DAY_START_MS + MS_PER_MINUTE); // the next real minute
      expect((await call()).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses limitsClock for the limits and clock for the data', async () => {
    let limitsMs = DAY_START_MS;
    const api = createApi({
      service: createFakeService(),
      keys: [{ key: 'k', minuteLimit: 1 }],
      clock: () => DAY_START_MS,
      limitsClock: () => limitsMs,
    });
    const call = () => api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } }));
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
    limitsMs += MS_PER_MINUTE;
    expect((await call()).status).toBe(200);
  });
});
