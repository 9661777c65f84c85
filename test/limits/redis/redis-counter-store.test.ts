// What only the Redis counter store has: its keys, their expiry, its deadline and how it
// behaves when the server hangs, dies and comes back. The counting rules themselves are the
// contract suite's (test/http/counter-store.test.ts).
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApi } from '../../../src/http/create-api.js';
import { limitWindows } from '../../../src/limits/rate-limiter.js';
import { RedisCounterStore } from '../../../src/limits/redis/redis-counter-store.js';
import { DependencyUnavailableError } from '../../../src/model/dependency-unavailable.js';
import { coreJson, coreRequest } from '../../helpers/http-client.js';
import { createFakeService } from '../../helpers/http-fake-service.js';
import {
  describeWithRedis,
  type RedisServer,
  startRedisServer,
} from '../../helpers/redis-server.js';
import { freePort } from '../../helpers/throwaway-server.js';

const DAY = { name: 'day', startMs: 0, endMs: 86_400_000 };
const MINUTE = { name: 'minute', startMs: 0, endMs: 60_000 };

/** Milliseconds `work` took to settle, and how it settled. */
async function timed<T>(work: Promise<T>) {
  const startMs = performance.now();
  const outcome = await work.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...outcome, tookMs: performance.now() - startMs };
}

/** Retries `attempt` until it resolves or `withinMs` passed. */
async function eventually<T>(attempt: () => Promise<T>, withinMs: number): Promise<T> {
  const untilMs = Date.now() + withinMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > untilMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describeWithRedis('RedisCounterStore', () => {
  let server: RedisServer;
  let inspector: ReturnType<typeof createClient>;
  const stores: RedisCounterStore[] = [];
  const open = async (deadlineMs = 2000) => {
    const prefix = `test:${randomUUID()}`;
    const store = await RedisCounterStore.connect({
      url: server.url,
      deadlineMs,
      keyPrefix: prefix,
    });
    stores.push(store);
    return { store, prefix };
  };

  beforeAll(async () => {
    server = await startRedisServer();
    inspector = createClient({ url: server.url });
    inspector.on('error', () => {});
    await inspector.connect();
  }, 20_000);

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    inspector.destroy();
    await server.stop();
  });

  it('keeps both windows of a client under one hash tag, expiring when each window ends', async () => {
    const { store, prefix } = await open();
    const nowMs = 45_000;
    await store.increment('c0ffee', [DAY, MINUTE], nowMs);
    expect((await inspector.keys(`${prefix}:*`)).sort()).toEqual([
      `${prefix}:{c0ffee}:day`,
      `${prefix}:{c0ffee}:minute`,
    ]);
    // PEXPIRE is relative to the caller's clock, so nowMs = 45 s leaves 15 s of the minute.
    const minuteTtl = await inspector.pTTL(`${prefix}:{c0ffee}:minute`);
    expect(minuteTtl).toBeGreaterThan(14_000);
    expect(minuteTtl).toBeLessThanOrEqual(15_000);
    const dayTtl = await inspector.pTTL(`${prefix}:{c0ffee}:day`);
    expect(dayTtl).toBeGreaterThan(86_400_000 - 46_000);
    expect(dayTtl).toBeLessThanOrEqual(86_400_000 - 45_000);
    // Counting on in the same window leaves the expiry where it was.
    await store.increment('c0ffee', [DAY, MINUTE], 59_000);
    expect(await inspector.pTTL(`${prefix}:{c0ffee}:minute`)).toBeGreaterThan(13_000);
  });

  it('forgets a counter once its window is over', async () => {
    const { store, prefix } = await open();
    const [, minute] = limitWindows(Date.now());
    const nearEnd = { ...minute, endMs: minute.startMs + 1 };
    expect(await store.increment('k', [nearEnd], minute.startMs)).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await inspector.exists(`${prefix}:{k}:minute`)).toBe(0);
  });

  it('checks its arguments, naming function, parameter and value', async () => {
    const { store } = await open();
    await expect(store.increment('k', [DAY], Number.NaN)).rejects.toThrow(
      new RangeError('RedisCounterStore.increment: nowMs must be a finite number, got NaN'),
    );
    await expect(store.increment('k', [{ ...DAY, endMs: Infinity }], 0)).rejects.toThrow(
      /RedisCounterStore\.increment: windows\[0\]\.endMs must be a finite number, got Infinity/,
    );
    await expect(RedisCounterStore.connect({ url: 'http://x' })).rejects.toThrow(TypeError);
    await expect(RedisCounterStore.connect({ url: server.url, deadlineMs: 0 })).rejects.toThrow(
      /RedisCounterStore\.connect: deadlineMs must be a finite number in \[1, 600000\], got 0/,
    );
  });

  it('rejects a connection to a dead port within its deadline', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const { error, tookMs } = await timed(RedisCounterStore.connect({ url, deadlineMs: 300 }));
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect(tookMs).toBeLessThan(1000);
  });

  it('answers 503 within 2 s while Redis hangs, and counts again once it resumes', async () => {
    const { store } = await open();
    const api = createApi({ service: createFakeService(), keys: ['k'], counterStore: store });
    const call = () => api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } }));
    expect((await call()).status).toBe(200);
    server.pause();
    try {
      const { value: response, tookMs } = await timed(call());
      expect(tookMs).toBeLessThan(2500);
      expect(response?.status).toBe(503);
      expect(response?.headers['Retry-After']).toBe('5');
      expect(response === undefined ? undefined : coreJson(response)).toEqual({
        errorCode: 'SERVICE_UNAVAILABLE',
        message: 'The rate-limit counters did not answer in time; retry later.',
        details: { dependency: 'counters' },
      });
    } finally {
      server.resume();
    }
    const after = await eventually(async () => {
      const response = await call();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      return response;
    }, 5000);
    expect(after.headers['X-RateLimit-Limit-day']).toBe('100');
  }, 15_000);

  it('does not count a command that waited in a hung Redis past its deadline', async () => {
    const { store, prefix } = await open(400);
    expect(await store.increment('k', [DAY], 0)).toEqual([1]);
    server.pause();
    try {
      const { error, tookMs } = await timed(store.increment('k', [DAY], 0));
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect(tookMs).toBeLessThan(1500);
    } finally {
      server.resume();
    }
    // The waiting command runs first on the same connection, after its deadline: it counts
    // nothing, so the next request is the second one counted.
    expect(await eventually(() => store.increment('k', [DAY], 0), 5000)).toEqual([2]);
    expect(await inspector.hGet(`${prefix}:{k}:day`, 'c')).toBe('2');
  }, 15_000);

  it('fails fast while Redis is down and serves again after a restart, without a new store', async () => {
    const { store } = await open(500);
    expect(await store.increment('k', [DAY], 0)).toEqual([1]);
    await server.stop();
    try {
      const { error, tookMs } = await timed(store.increment('k', [DAY], 0));
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect((error as DependencyUnavailableError).dependency).toBe('counters');
      expect(tookMs).toBeLessThan(1000);
    } finally {
      await server.restart();
    }
    // The server lost its data and its script cache: counting starts over, via EVAL once.
    expect(await eventually(() => store.increment('k', [DAY], 0), 5000)).toEqual([1]);
    expect(await store.increment('k', [DAY], 0)).toEqual([2]);
    await eventually(() => inspector.ping(), 5000);
  }, 20_000);

  it('admits uncounted and logs when failing open', async () => {
    const { store } = await open(300);
    const lines: string[] = [];
    const api = createApi({
      service: createFakeService(),
      keys: ['k'],
      counterStore: store,
      countersFailOpen: true,
      logger: { info: () => {}, error: (message) => lines.push(message) },
    });
    server.pause();
    try {
      const response = await api.handle(
        coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } }),
      );
      expect(response.status).toBe(200);
      expect(response.headers['X-RateLimit-Remaining-day']).toBeUndefined();
      expect(lines).toEqual(['request admitted uncounted (counters fail open)']);
    } finally {
      server.resume();
    }
  });
});
