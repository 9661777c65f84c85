import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryCounterStore } from '../../src/http/counter-store.js';
import { createApi } from '../../src/http/create-api.js';
import { coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';

const DAY = { name: 'day', startMs: 0, endMs: 86_400_000 };
const MINUTE = { name: 'minute', startMs: 0, endMs: 60_000 };

describe('InMemoryCounterStore', () => {
  it('counts per client and window and restarts when a window rolls over', async () => {
    const store = new InMemoryCounterStore();
    expect(await store.increment('a', [DAY, MINUTE])).toEqual([1, 1]);
    expect(await store.increment('a', [DAY, MINUTE])).toEqual([2, 2]);
    expect(await store.increment('b', [DAY])).toEqual([1]);
    expect(
      await store.increment('a', [DAY, { ...MINUTE, startMs: 60_000, endMs: 120_000 }]),
    ).toEqual([3, 1]);
    // A window from the past (clock stepped back) keeps counting rather than resetting.
    expect(await store.increment('a', [DAY, MINUTE])).toEqual([4, 2]);
  });

  it('hands out every count exactly once under concurrency', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 200 }), async (n) => {
        const store = new InMemoryCounterStore();
        const counts = await Promise.all(
          Array.from({ length: n }, () => store.increment('k', [DAY, MINUTE])),
        );
        expect(counts.map(([day]) => day).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
          Array.from({ length: n }, (_, i) => i + 1),
        );
        expect(counts.every(([day, minute]) => day === minute)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('lets two adapters share one budget', async () => {
    const counterStore = new InMemoryCounterStore();
    const options = {
      service: createFakeService(),
      keys: [{ key: 'k', dayLimit: 2 }],
      counterStore,
      clock: () => 0,
    };
    const [first, second] = [createApi(options), createApi(options)];
    const call = (api: typeof first) =>
      api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } }));
    expect((await call(first)).status).toBe(200);
    expect((await call(second)).status).toBe(200);
    expect((await call(first)).status).toBe(429);
  });
});
