import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, bench, describe } from 'vitest';
import { InMemoryCounterStore } from '../src/http/counter-store.js';
import { createApi } from '../src/http/create-api.js';
import { createNodeListener } from '../src/http/node-listener.js';
import { RedisCounterStore } from '../src/http/redis/redis-counter-store.js';
import { createMeasurementsService } from '../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../src/store/in-memory-store.js';
import {
  REDIS_AVAILABLE,
  type RedisServer,
  redisSuiteTitle,
  startRedisServer,
} from '../test/helpers/redis-server.js';
import { consume } from './helpers/sink.js';

// What sharing the rate limits through Redis costs the adapter on its cheapest route, the meta
// list, where the counting is the largest share of a request: the same adapter with
// in-memory counters is the baseline. A batch of 32 simultaneous requests stands for 32 client
// connections, so Redis round trips overlap as they do under load. Two levels: the core alone
// (no socket: the Redis share at its largest) and over node:http on loopback, with the client
// in this process for both stores alike.
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

async function listen(api: ReturnType<typeof createApi>) {
  const server = createServer(createNodeListener(api));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const agent = new Agent({ keepAlive: true, maxSockets: BATCH });
const inMemoryHttp = await listen(inMemoryApi);
const redisHttp = redisApi === undefined ? undefined : await listen(redisApi);

async function httpBatch(origin: string) {
  const answers = await Promise.all(
    Array.from(
      { length: BATCH },
      () =>
        new Promise<number>((resolve, reject) => {
          const options = { agent, headers: { apikey: KEY } };
          get(`${origin}/v2/meta/indexes`, options, (answer) => {
            let bytes = 0;
            answer.on('data', (chunk: Buffer) => {
              bytes += chunk.byteLength;
            });
            answer.on('end', () =>
              answer.statusCode === 200
                ? resolve(bytes)
                : reject(new Error(`${answer.statusCode}`)),
            );
          }).on('error', reject);
        }),
    ),
  );
  consume(answers.reduce((sum, bytes) => sum + bytes, 0));
}

afterAll(async () => {
  inMemoryHttp.server.close();
  redisHttp?.server.close();
  agent.destroy();
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

describe(redisSuiteTitle(`meta route over node:http, ${BATCH} connections (N=${BATCH})`), () => {
  bench('in-memory counters', () => httpBatch(inMemoryHttp.origin), BENCH_OPTIONS);
  bench.skipIf(redisHttp === undefined)(
    'airq Redis counters (RedisCounterStore)',
    () => httpBatch(redisHttp?.origin ?? ''),
    BENCH_OPTIONS,
  );
});
