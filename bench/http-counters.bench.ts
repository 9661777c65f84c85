import { Agent, get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, bench, describe, vi } from 'vitest';
import { createApi } from '../src/http/create-api.js';
import { InMemoryCounterStore } from '../src/limits/counter-store.js';
import { RedisCounterStore } from '../src/limits/redis/redis-counter-store.js';
import { createMeasurementsService } from '../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../src/store/in-memory-store.js';
import {
  REDIS_AVAILABLE,
  type RedisServer,
  redisSuiteTitle,
  startRedisServer,
} from '../test/helpers/redis-server.js';
import { consume } from './helpers/sink.js';
import { type ServerProcess, startServerProcess } from './http/server-process.js';

// The test suite's setup records every createApi answer for the OpenAPI check: here that would
// keep every answer of the timed loops, time the recording too, and check them all at the end.
vi.unmock('../src/http/create-api.js');

// What sharing the rate limits through Redis costs the adapter on its cheapest route, the meta
// list, where the counting is the largest share of a request: the same adapter with
// in-memory counters is the baseline. 32 simultaneous requests stand for 32 client
// connections, so Redis round trips overlap as they do under load. Two levels: the core alone
// (no socket: the Redis share at its largest), and whole servers over HTTP.
const BATCH = 32;
const KEY = 'bench-key';
const LIMIT = 1_000_000_000;
const BENCH_OPTIONS = { time: 3000, warmupTime: 500 };

let redis: RedisServer | undefined;
let redisCounters: RedisCounterStore | undefined;
if (REDIS_AVAILABLE) {
  redis = await startRedisServer();
  redisCounters = await RedisCounterStore.connect({ url: redis.url });
}

function adapter(counterStore: InMemoryCounterStore | RedisCounterStore) {
  return createApi({
    service: createMeasurementsService({ store: new InMemoryStore([]) }),
    keys: [KEY],
    dayLimit: LIMIT,
    minuteLimit: LIMIT,
    counterStore,
  });
}

const REQUEST = { method: 'GET', path: '/v2/meta/indexes', query: '', headers: { apikey: KEY } };
const inMemoryApi = adapter(new InMemoryCounterStore());
const redisApi = redisCounters === undefined ? undefined : adapter(redisCounters);

async function coreBatch(api: ReturnType<typeof createApi>) {
  const answers = await Promise.all(Array.from({ length: BATCH }, () => api.handle(REQUEST)));
  for (const answer of answers) if (answer.status !== 200) throw new Error(`${answer.status}`);
  consume(answers.length);
}

// Over HTTP: two adapter processes (bench/http/adapter-server.ts, the sample network), one
// with each counter store, each loaded from this process with a fixed number of requests per
// iteration, so the mean time per iteration is the inverse of req/s.
const HTTP_REQUESTS = 32 * 64;
const NOW = '2026-11-21T09:27:00Z';
const ADAPTER_SERVER = fileURLToPath(new URL('./http/adapter-server.ts', import.meta.url));
const inMemoryHttp = await startServerProcess(ADAPTER_SERVER, ['--now', NOW, '--key', KEY]);
const redisHttp =
  redis === undefined
    ? undefined
    : await startServerProcess(ADAPTER_SERVER, ['--now', NOW, '--key', KEY, '--redis', redis.url]);

// node:http with keep-alive: 32 connections, each sending its share of the requests in turn.
const agent = new Agent({ keepAlive: true, maxSockets: BATCH });

function getMeta(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${origin}/v2/meta/indexes`, { agent, headers: { apikey: KEY } }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      answer.on('end', () =>
        answer.statusCode === 200 ? resolve(bytes) : reject(new Error(`${answer.statusCode}`)),
      );
    }).on('error', reject);
  });
}

async function httpLoad(server: ServerProcess | undefined) {
  if (server === undefined) return;
  const perConnection = HTTP_REQUESTS / BATCH;
  const totals = await Promise.all(
    Array.from({ length: BATCH }, async () => {
      let bytes = 0;
      for (let i = 0; i < perConnection; i++) bytes += await getMeta(server.url);
      return bytes;
    }),
  );
  consume(totals.reduce((sum, bytes) => sum + bytes, 0));
}

afterAll(async () => {
  agent.destroy();
  await Promise.all([inMemoryHttp.stop(), redisHttp?.stop()]);
  await redisCounters?.close();
  await redis?.stop();
});

describe(redisSuiteTitle(`meta route, core only, ${BATCH} requests at once (N=${BATCH})`), () => {
  bench('in-memory counters', () => coreBatch(inMemoryApi), BENCH_OPTIONS);
  bench.skipIf(redisApi === undefined)(
    'airq Redis counters (RedisCounterStore)',
    () => coreBatch(redisApi as ReturnType<typeof createApi>),
    BENCH_OPTIONS,
  );
});

const HTTP_OPTIONS = { time: 0, iterations: 6, warmupIterations: 1, warmupTime: 0 };
describe(redisSuiteTitle(`meta route over HTTP, ${BATCH} connections (N=${HTTP_REQUESTS})`), () => {
  bench('in-memory counters', () => httpLoad(inMemoryHttp), HTTP_OPTIONS);
  bench.skipIf(redisHttp === undefined)(
    'airq Redis counters (RedisCounterStore)',
    () => httpLoad(redisHttp),
    HTTP_OPTIONS,
  );
});
