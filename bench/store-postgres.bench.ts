import { bench, describe } from 'vitest';
import type { Installation } from '../src/model/api-types.js';
import { createMeasurementsService } from '../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../src/payload/measurements-service.js';
import { InMemoryStore } from '../src/store/in-memory-store.js';
import type { Sample } from '../src/store/ingest-report.js';
import { PostgresStore } from '../src/store/postgres/postgres-store.js';
import type { StoredInstallation } from '../src/store/stored-installation.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../test/helpers/postgres-server.js';
import { seededRandom } from './helpers/seeded-random.js';

// The PostgreSQL store beside the in-memory store on the same data, both through the same
// code paths: bulk ingest (issue target ≥ 100,000 samples/s, one batch of 100k per call) and
// the installation payload with a warm cache (target ≤ 5× the in-memory store). The server is
// a throwaway one, started by the first benchmark (fsync off: the figure is the store's, not
// the disk's). Without Debian's postgresql package the group is skipped.

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const BATCH_SIZE = 100_000;
const SERIES = 100; // installations in the ingest batch, one PM10 sample a minute each
const PAYLOAD_INSTALLATIONS = 20;
const PAYLOAD_HOURS = 26; // history (24 h) plus the hour in progress and one before
const INGEST_RUNS = { time: 0, iterations: 5, warmupTime: 0, warmupIterations: 1 };
const PAYLOAD_RUNS = { time: 2000, warmupTime: 300 };

const binaries = postgresBinaries();
let sink = 0;

function installationsOf(count: number): StoredInstallation[] {
  const random = seededRandom(12);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    location: { latitude: 50 + random() * 0.1, longitude: 19.9 + random() * 0.1 },
    address: { city: 'Kraków' },
    elevation: 220,
    vendor: true,
    sponsor: { id: 1, name: 'bench' },
  }));
}

/** Batch `k` of the ingest group: new minutes every time, so each call inserts 100k rows. */
function ingestBatch(k: number): Sample[] {
  const random = seededRandom(100 + k);
  const perSeries = BATCH_SIZE / SERIES;
  const startMs = Date.UTC(2026, 10, 1) + k * perSeries * 60_000;
  const batch = new Array<Sample>(BATCH_SIZE);
  for (let i = 0; i < BATCH_SIZE; i++) {
    const series = i % SERIES;
    const minute = Math.floor(i / SERIES);
    batch[i] = {
      installationId: series + 1,
      name: 'PM10',
      atMs: startMs + minute * 60_000,
      value: Math.round(random() * 8000) / 100,
    };
  }
  return batch;
}

function payloadSamples(): Sample[] {
  const random = seededRandom(7);
  const samples: Sample[] = [];
  const fromMs = NOW_MS - PAYLOAD_HOURS * 3_600_000;
  for (let id = 1; id <= PAYLOAD_INSTALLATIONS; id++) {
    for (let atMs = fromMs; atMs < NOW_MS; atMs += 60_000) {
      for (const name of ['PM25', 'PM10', 'NO2']) {
        samples.push({ installationId: id, name, atMs, value: Math.round(random() * 9000) / 100 });
      }
    }
  }
  return samples;
}

interface Fixture {
  readonly server: PostgresServer;
  readonly ingestStore: PostgresStore;
  readonly memoryIngestStore: InMemoryStore;
  readonly batches: readonly Sample[][];
  readonly payloadStore: PostgresStore;
  readonly postgresService: MeasurementsService;
  readonly memoryService: MeasurementsService;
  pgBatch: number;
  memoryBatch: number;
}

let fixture: Promise<Fixture> | undefined;

async function buildFixture(path: string): Promise<Fixture> {
  const server = await startPostgres(path);
  const connect = async (prefix: string) =>
    PostgresStore.connect({
      connectionString: server.connectionString,
      schema: await server.createSchema(prefix),
      deadlineMs: 60_000,
    });
  const ingestStore = await connect('bench_ingest');
  const ingestInstallations = installationsOf(SERIES);
  await ingestStore.putInstallations(ingestInstallations);
  const memoryIngestStore = new InMemoryStore(ingestInstallations);
  const runs = INGEST_RUNS.iterations + INGEST_RUNS.warmupIterations;
  const batches = Array.from({ length: runs }, (_, k) => ingestBatch(k));

  const installations = installationsOf(PAYLOAD_INSTALLATIONS);
  const samples = payloadSamples();
  const payloadStore = await connect('bench_payload');
  await payloadStore.putInstallations(installations, samples);
  const memoryStore = new InMemoryStore(installations);
  memoryStore.ingest(samples);
  const postgresService = createMeasurementsService({ store: payloadStore });
  const memoryService = createMeasurementsService({ store: memoryStore });
  // Same data, same answer: checked once, and it warms both caches.
  const a = JSON.stringify(await payloadOf(postgresService));
  const b = JSON.stringify(await payloadOf(memoryService));
  if (a !== b) throw new Error('bench/store-postgres: the two stores give different payloads');
  return {
    server,
    ingestStore,
    memoryIngestStore,
    batches,
    payloadStore,
    postgresService,
    memoryService,
    pgBatch: 0,
    memoryBatch: 0,
  };
}

async function payloadOf(service: MeasurementsService): Promise<Installation | unknown> {
  const result = await service.installationMeasurements(3, { now: NOW_MS });
  if (result.status !== 'ok') throw new Error(`bench/store-postgres: ${result.status}`);
  return result.payload;
}

const setup = async () => {
  if (binaries.available) fixture ??= buildFixture(binaries.path);
  await fixture;
};

async function stopFixture(): Promise<void> {
  const built = await fixture;
  fixture = undefined;
  if (built === undefined) return;
  await built.ingestStore.close();
  await built.payloadStore.close();
  await built.server.stop();
}

if (!binaries.available) {
  console.warn(`bench/store-postgres skipped: install the Debian package "postgresql"`);
}

describe.runIf(binaries.available)('store ingest · one batch of N=100k samples', () => {
  bench(
    'airq PostgresStore.ingest',
    async () => {
      const built = await fixture!;
      const report = await built.ingestStore.ingest(built.batches[built.pgBatch++]!);
      sink += report.accepted;
    },
    { ...INGEST_RUNS, setup },
  );
  bench(
    'InMemoryStore.ingest',
    async () => {
      const built = await fixture!;
      sink += built.memoryIngestStore.ingest(built.batches[built.memoryBatch++]!).accepted;
    },
    { ...INGEST_RUNS, setup },
  );
});

describe.runIf(binaries.available)('installation payload, warm cache · N=20 installations', () => {
  bench(
    'airq installationMeasurements on PostgresStore',
    async () => {
      sink += JSON.stringify(await payloadOf((await fixture!).postgresService)).length;
    },
    { ...PAYLOAD_RUNS, setup },
  );
  bench(
    'installationMeasurements on InMemoryStore',
    async () => {
      sink += JSON.stringify(await payloadOf((await fixture!).memoryService)).length;
    },
    {
      ...PAYLOAD_RUNS,
      setup,
      teardown: async (_task: unknown, mode: 'warmup' | 'run') => {
        if (!Number.isFinite(sink)) throw new Error('bench/store-postgres: sink is not finite');
        if (mode === 'run') await stopFixture();
      },
    },
  );
});
