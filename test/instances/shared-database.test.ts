// Three `npm start` instances share one PostgreSQL and one Redis: the data written through one
// store is in the next answer of every instance, and each instance rides out the database
// going down and coming back (measurement routes 503 within the deadline, meta routes 200).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { type AdapterProcess, startAdapterProcess } from '../helpers/adapter-process.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../helpers/postgres-server.js';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';

const KEY = 'db-key';
const NOW = '2026-11-21T09:27:00Z';
const INSTALLATION = 1001;
const MEASUREMENTS = `/v2/measurements/installation?installationId=${INSTALLATION}`;
const binaries = postgresBinaries();
const runs = serverSuitesRun('PostgreSQL', binaries) && REDIS_AVAILABLE;

async function get(instance: AdapterProcess, path: string) {
  const startMs = performance.now();
  const response = await fetch(`${instance.url}${path}`, { headers: { apikey: KEY } });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, tookMs: performance.now() - startMs };
}

/** The value of `name` in the `current` window of an installation payload. */
function currentValue(body: Record<string, unknown>, name: string): number | undefined {
  const current = body.current as { values?: { name: string; value: number }[] } | undefined;
  return current?.values?.find((entry) => entry.name === name)?.value;
}

describe.runIf(runs)('three instances sharing one PostgreSQL and one Redis', () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let writer: PostgresStore;
  let instances: AdapterProcess[] = [];

  beforeAll(async () => {
    if (!binaries.available) return;
    [postgres, redis] = await Promise.all([startPostgres(binaries.path), startRedisServer()]);
    const shared = ['--database', postgres.connectionString, '--redis', redis.url];
    const flags = ['--keys', `${KEY}:100000:100000`, '--now', NOW, '--quiet', ...shared];
    // The first instance loads the files; the other two serve what the database holds.
    const files = [
      '--installations',
      'test/fixtures/store-installations.json',
      '--samples',
      'test/fixtures/store-samples.csv',
    ];
    instances = [await startAdapterProcess([...flags, ...files])];
    instances.push(...(await Promise.all([1, 2].map(() => startAdapterProcess(flags)))));
    writer = await PostgresStore.connect({ connectionString: postgres.connectionString });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await writer?.close();
    await Promise.all([postgres?.stop(), redis?.stop()]);
  }, 60_000);

  it('serves the loaded files from every instance, and a sample written once from all three', async () => {
    for (const instance of instances) {
      const { status, body } = await get(instance, MEASUREMENTS);
      expect(status).toBe(200);
      // The one PM10 sample of the current window (08:27 to 09:27) is 40 at 09:05.
      expect(currentValue(body, 'PM10')).toBe(40);
    }
    // A second one through another store: the window's mean is now (40 + 80) / 2.
    await writer.ingest([
      {
        installationId: INSTALLATION,
        name: 'PM10',
        atMs: Date.parse('2026-11-21T09:20:00Z'),
        value: 80,
      },
    ]);
    for (const instance of instances) {
      const { body } = await get(instance, MEASUREMENTS);
      expect(currentValue(body, 'PM10')).toBe(60);
    }
  }, 30_000);

  it('serves a PM25 correction set through one store from the next answer of every instance', async () => {
    const at = Date.parse('2026-11-21T09:10:00Z');
    await writer.ingest([
      { installationId: INSTALLATION, name: 'PM25', atMs: at, value: 30 },
      { installationId: INSTALLATION, name: 'HUMIDITY', atMs: at, value: 60 },
    ]);
    const fixture = JSON.parse(readFileSync('test/fixtures/store-installations.json', 'utf8'))[0];
    const expectCurrentPm25 = async (value: number) => {
      for (const instance of instances) {
        expect(currentValue((await get(instance, MEASUREMENTS)).body, 'PM25')).toBe(value);
      }
    };
    await expectCurrentPm25(30);
    const coefficients = { intercept: 1, pm25: 0.5, rh: 0.25 };
    await writer.putInstallations([{ ...fixture, correction: { method: 'LINEAR', coefficients } }]);
    await expectCurrentPm25(1 + 0.5 * 30 + 0.25 * 60);
    // Removed again: the raw samples were never touched.
    await writer.putInstallations([fixture]);
    await expectCurrentPm25(30);
    expect(currentValue((await get(instances[1]!, MEASUREMENTS)).body, 'PM10')).toBe(60);
  }, 30_000);

  /** Measurement and installation routes answer the store's 503 in time; meta routes 200. */
  async function expectStoreUnavailable(instance: AdapterProcess) {
    for (const path of [MEASUREMENTS, `/v2/installations/${INSTALLATION}`]) {
      const answer = await get(instance, path);
      expect(answer.status).toBe(503);
      expect(answer.tookMs).toBeLessThan(2500);
      expect(answer.body).toMatchObject({
        errorCode: 'SERVICE_UNAVAILABLE',
        details: { dependency: 'store' },
      });
    }
    expect((await get(instance, '/v2/meta/indexes')).status).toBe(200);
  }

  it('answers 503 within 2 s on measurement and installation routes and 200 on meta routes while PostgreSQL hangs', async () => {
    postgres.freeze(true);
    try {
      await expectStoreUnavailable(instances[0] as AdapterProcess);
    } finally {
      postgres.freeze(false);
    }
  }, 30_000);

  it('does the same while PostgreSQL is down, then serves again', async () => {
    await postgres.halt();
    try {
      for (const instance of instances) await expectStoreUnavailable(instance);
    } finally {
      await postgres.restart();
    }
    for (const instance of instances) {
      const untilMs = Date.now() + 15_000;
      let status = 0;
      while (status !== 200 && Date.now() < untilMs) {
        status = (await get(instance, MEASUREMENTS)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
    }
  }, 90_000);
});
