// Several `npm start` instances behind one imaginary load balancer share one Redis: a key gets
// its limits once, whichever instance serves it, and each instance rides out Redis hanging,
// dying and coming back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdapterProcess, startAdapterProcess } from '../helpers/adapter-process.js';
import { describeWithRedis, type RedisServer, startRedisServer } from '../helpers/redis-server.js';

const KEY = 'shared-key';
const DAY_LIMIT = 100;
const REQUESTS = 300;
// The counters are what is shared here; a small data file starts faster than the sample network.
const SMALL_DATA = ['--installations', 'test/fixtures/store-installations.json'];

async function get(instance: AdapterProcess, path = '/v2/meta/indexes') {
  const startMs = performance.now();
  const response = await fetch(`${instance.url}${path}`, { headers: { apikey: KEY } });
  const body: unknown = await response.json();
  return { response, body, tookMs: performance.now() - startMs };
}

/** Polls until an instance answers 200 again, for at most `withinMs`. */
async function servingAgain(instance: AdapterProcess, withinMs: number) {
  const untilMs = Date.now() + withinMs;
  for (;;) {
    const { response } = await get(instance);
    if (response.status === 200 || Date.now() > untilMs) return response.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithRedis('three instances sharing one Redis', () => {
  let redis: RedisServer;
  let instances: AdapterProcess[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    // A minute limit above the burst, so only the day limit decides.
    const flags = [
      '--keys',
      `${KEY}:${DAY_LIMIT}:1000`,
      '--redis',
      redis.url,
      '--quiet',
      ...SMALL_DATA,
    ];
    instances = await Promise.all([1, 2, 3].map(() => startAdapterProcess(flags)));
  }, 120_000);

  afterAll(async () => {
    redis?.resume();
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis?.stop();
  }, 30_000);

  it('admits exactly the day limit of 300 requests, remaining 99…0 each once', async () => {
    // One request on each instance in turn: each sees the counts of the ones before, whichever
    // instance made them, so the budget is shared (decided before the burst, not by its timing).
    for (const [position, instance] of instances.entries()) {
      const { response } = await get(instance);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-RateLimit-Remaining-day')).toBe(
        String(DAY_LIMIT - 1 - position),
      );
    }
    const burst = REQUESTS - instances.length;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => get(instances[i % 3] as AdapterProcess)),
    );
    const statuses = answers.map(({ response }) => response.status);
    const left = DAY_LIMIT - instances.length;
    expect(statuses.filter((status) => status === 200)).toHaveLength(left);
    expect(statuses.filter((status) => status === 429)).toHaveLength(REQUESTS - DAY_LIMIT);
    const remaining = answers
      .filter(({ response }) => response.status === 200)
      .map(({ response }) => Number(response.headers.get('X-RateLimit-Remaining-day')))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: left }, (_, i) => i));
  }, 60_000);

  it('answers a JSON 503 within 2 s while Redis hangs or is down, and serves again after', async () => {
    const [first, second] = instances as [AdapterProcess, AdapterProcess];
    // The key is spent by now, so "serving" means a 429 with rate headers: Redis answered.
    redis.pause();
    try {
      const hung = await get(first);
      expect(hung.response.status).toBe(503);
      expect(hung.tookMs).toBeLessThan(2500);
      expect(hung.response.headers.get('Retry-After')).toBe('5');
      expect(hung.body).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    } finally {
      redis.resume();
    }
    await redis.stop();
    const down = await get(second);
    expect(down.response.status).toBe(503);
    expect(down.tookMs).toBeLessThan(2500);
    await redis.restart();
    // A restarted Redis has lost its counters, so the key's budget starts over.
    for (const instance of instances) expect(await servingAgain(instance, 10_000)).toBe(200);
  }, 60_000);
});
