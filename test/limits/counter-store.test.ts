// The counter-store contract: one suite, run against every CounterStore. The in-memory store
// and the Redis store must give exactly the counts of the oracle below for the same calls, so
// they give exactly each other's.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { type CounterStore, InMemoryCounterStore } from '../../src/limits/counter-store.js';
import { RedisCounterStore } from '../../src/limits/redis/redis-counter-store.js';
import { coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import {
  REDIS_AVAILABLE,
  type RedisServer,
  redisSuiteTitle,
  startRedisServer,
} from '../helpers/redis-server.js';

const DAY = { name: 'day', startMs: 0, endMs: 86_400_000 };
const MINUTE = { name: 'minute', startMs: 0, endMs: 60_000 };

interface Contender {
  readonly name: string;
  readonly available: boolean;
  /** A store with counters of its own (nothing shared with earlier stores). */
  open(): Promise<CounterStore>;
}

let redis: RedisServer | undefined;
const opened: RedisCounterStore[] = [];

const CONTENDERS: readonly Contender[] = [
  {
    name: 'InMemoryCounterStore',
    available: true,
    open: async () => new InMemoryCounterStore(),
  },
  {
    name: redisSuiteTitle('RedisCounterStore'),
    available: REDIS_AVAILABLE,
    async open() {
      if (redis === undefined) throw new Error('no redis-server');
      const store = await RedisCounterStore.connect({
        url: redis.url,
        keyPrefix: `test:${randomUUID()}`,
      });
      opened.push(store);
      return store;
    },
  },
];

beforeAll(async () => {
  if (REDIS_AVAILABLE) redis = await startRedisServer();
}, 20_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await redis?.stop();
});

/**
 * The rules written out naively: one (start, count) per client and window name; a later
 * window restarts the count at 1, the same or an earlier one adds to the held window.
 */
function oracle() {
  const held = new Map<string, { startMs: number; count: number }>();
  return (clientId: string, windows: readonly { name: string; startMs: number }[]) =>
    windows.map(({ name, startMs }) => {
      const id = JSON.stringify([clientId, name]);
      const entry = held.get(id);
      if (entry === undefined || startMs > entry.startMs) {
        held.set(id, { startMs, count: 1 });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    });
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Calls near one day boundary: minutes step forwards, sometimes back (a clock correction). */
const callsArb = fc.array(
  fc.record({
    client: fc.constantFrom('a', 'b', 'c'),
    minute: fc.integer({ min: 1438, max: 1442 }),
  }),
  { minLength: 1, maxLength: 40 },
);

for (const contender of CONTENDERS) {
  describe.skipIf(!contender.available)(contender.name, () => {
    it('counts per client and window and restarts when a window rolls over', async () => {
      const store = await contender.open();
      expect(await store.increment('a', [DAY, MINUTE], 0)).toEqual([1, 1]);
      expect(await store.increment('a', [DAY, MINUTE], 1)).toEqual([2, 2]);
      expect(await store.increment('b', [DAY], 2)).toEqual([1]);
      const nextMinute = { ...MINUTE, startMs: 60_000, endMs: 120_000 };
      expect(await store.increment('a', [DAY, nextMinute], 60_000)).toEqual([3, 1]);
      // A window from the past (clock stepped back) keeps counting rather than resetting.
      expect(await store.increment('a', [DAY, MINUTE], 59_999)).toEqual([4, 2]);
    });

    it('gives the oracle counts for any calls, clock steps back included', async () => {
      const store = await contender.open();
      await fc.assert(
        fc.asyncProperty(callsArb, async (calls) => {
          const expected = oracle();
          const run = randomUUID();
          for (const { client, minute } of calls) {
            const nowMs = minute * MINUTE_MS;
            const dayStartMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
            const windows = [
              { name: 'day', startMs: dayStartMs, endMs: dayStartMs + DAY_MS },
              { name: 'minute', startMs: nowMs, endMs: nowMs + MINUTE_MS },
            ];
            const clientId = `${run}-${client}`;
            expect(await store.increment(clientId, windows, nowMs)).toEqual(
              expected(clientId, windows),
            );
          }
        }),
        { numRuns: 1000 },
      );
    }, 120_000);

    it('hands out every count exactly once under concurrency', async () => {
      const store = await contender.open();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 200 }), async (n) => {
          const clientId = randomUUID();
          const counts = await Promise.all(
            Array.from({ length: n }, () => store.increment(clientId, [DAY, MINUTE], 0)),
          );
          expect(counts.map(([day]) => day).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
            Array.from({ length: n }, (_, i) => i + 1),
          );
          expect(counts.every(([day, minute]) => day === minute)).toBe(true);
        }),
        { numRuns: 1000 },
      );
    }, 120_000);

    it('lets two adapters share one budget', async () => {
      const counterStore = await contender.open();
      const options = {
        service: createFakeService(),
        keys: [{ key: 'k', dayLimit: 2 }],
        counterStore,
        clock: () => 0,
      };
      const [first, second] = [createApi(options), createApi(options)];
      const call = (api: typeof first) =>
        api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } }));
      const statuses = [];
      for (const api of [first, second, first]) statuses.push((await call(api)).status);
      expect(statuses).toEqual([200, 200, 429]);
    });
  });
}
