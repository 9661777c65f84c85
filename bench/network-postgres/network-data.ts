import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import type { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { seededRandom } from '../helpers/seeded-random.js';

// The network of bench/network-postgres.ts: vendor installations spread over Poland, each with
// PM25 and PM10 every 5 minutes for the hours up to `nowMs`, written into a PostgreSQL store
// and an in-memory store alike. The samples are made one installation at a time and sent to
// PostgreSQL in large batches, so the 6 M sample objects never exist at once.

/** Minutes between two readings of a series. */
export const SAMPLE_INTERVAL_MINUTES = 5;
/** Polish territory, roughly: where the installations are spread. */
const REGION = Object.freeze({ minLat: 49.1, maxLat: 54.8, minLng: 14.2, maxLng: 24.1 });
/** Samples per `PostgresStore.ingest` call while loading. */
const LOAD_BATCH_SAMPLES = 200_000;

/** What the bench loads. */
export interface NetworkShape {
  readonly installationCount: number;
  /** Hours of history up to `nowMs`: 26 gives US_AQI its 24 hourly means and a margin. */
  readonly hours: number;
  readonly types: readonly ('PM25' | 'PM10')[];
  readonly nowMs: number;
}

/** How the load went. */
export interface LoadReport {
  readonly samples: number;
  /** Wall time of the `ingest` calls into PostgreSQL alone, ms. */
  readonly postgresMs: number;
  /** Wall time of `putInstallations` into PostgreSQL, ms. */
  readonly installationsMs: number;
  /** Wall time of the in-memory store's `ingestColumns` calls, ms. */
  readonly memoryMs: number;
}

/**
 * `count` vendor installations (ids 1…count) at seeded places in the region.
 *
 * @example
 * benchInstallations(3)[0].vendor; // true
 */
export function benchInstallations(count: number): StoredInstallation[] {
  const random = seededRandom(0x39);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    location: {
      latitude: REGION.minLat + random() * (REGION.maxLat - REGION.minLat),
      longitude: REGION.minLng + random() * (REGION.maxLng - REGION.minLng),
    },
    address: { country: 'Poland', city: null },
    elevation: 150,
    vendor: true,
    sponsor: { id: 1, name: 'bench' },
  }));
}

/** The reading times of every series: ascending, the last one `nowMs` itself. */
function readingTimes({ hours, nowMs }: NetworkShape): Float64Array {
  const stepMs = SAMPLE_INTERVAL_MINUTES * MS_PER_MINUTE;
  const count = (hours * MS_PER_HOUR) / stepMs;
  return Float64Array.from({ length: count }, (_, k) => nowMs - (count - 1 - k) * stepMs);
}

/**
 * One installation's columns, one per type: a PM25 level of its own with ±30 % noise and a
 * slow daily swing (so hourly means differ), PM10 a fixed ratio above it.
 */
function readings(random: () => number, atMs: Float64Array, types: NetworkShape['types']) {
  const level = 5 + 60 * random();
  const pm10Ratio = 1.2 + 0.6 * random();
  const phase = 2 * Math.PI * random();
  const pm25 = new Float64Array(atMs.length);
  for (let k = 0; k < atMs.length; k++) {
    const swing = 1 + 0.3 * Math.sin(phase + (2 * Math.PI * atMs[k]!) / (24 * MS_PER_HOUR));
    pm25[k] = Math.round(level * swing * (0.7 + 0.6 * random()) * 100) / 100;
  }
  return types.map((name) =>
    name === 'PM25' ? pm25 : pm25.map((value) => Math.round(value * pm10Ratio * 100) / 100),
  );
}

/**
 * Puts the installations into `postgres` and a new `InMemoryStore`, then the same samples into
 * both: PostgreSQL through `ingest` in batches of 200,000, which must accept every sample
 * (a fresh schema has no retention horizon, so nothing is refused as too old).
 *
 * @throws Error when PostgreSQL rejects any sample
 * @example
 * const { memory, report } = await loadNetwork(store, installations, shape, console.error);
 */
export async function loadNetwork(
  postgres: PostgresStore,
  installations: readonly StoredInstallation[],
  shape: NetworkShape,
  log: (line: string) => void,
): Promise<{ memory: InMemoryStore; report: LoadReport }> {
  const memory = new InMemoryStore(installations);
  let startedMs = performance.now();
  await postgres.putInstallations(installations);
  const installationsMs = performance.now() - startedMs;

  const atMs = readingTimes(shape);
  const random = seededRandom(0x3939);
  let postgresMs = 0;
  let memoryMs = 0;
  let samples = 0;
  let batch: Sample[] = [];
  const flush = async () => {
    startedMs = performance.now();
    const report = await postgres.ingest(batch);
    postgresMs += performance.now() - startedMs;
    if (report.rejected.length > 0) {
      const first = report.rejected[0]!; // length > 0
      throw new Error(
        `bench/network-postgres: PostgreSQL refused ${report.rejected.length} samples, the first: ${first.reason}`,
      );
    }
    samples += report.accepted;
    batch = [];
    if (Math.floor(samples / 1_000_000) > Math.floor((samples - report.accepted) / 1_000_000)) {
      log(
        `  ${(samples / 1e6).toFixed(1)} M samples in PostgreSQL, ${(postgresMs / 1000).toFixed(0)} s`,
      );
    }
  };
  for (const installation of installations) {
    const columns = readings(random, atMs, shape.types);
    startedMs = performance.now();
    for (let t = 0; t < shape.types.length; t++) {
      memory.ingestColumns(installation.id, shape.types[t]!, atMs, columns[t]!); // t < length
    }
    memoryMs += performance.now() - startedMs;
    for (let t = 0; t < shape.types.length; t++) {
      const name = shape.types[t]!; // one column per type
      const values = columns[t]!;
      for (let k = 0; k < atMs.length; k++) {
        batch.push({ installationId: installation.id, name, atMs: atMs[k]!, value: values[k]! });
      }
    }
    if (batch.length >= LOAD_BATCH_SAMPLES) await flush();
  }
  if (batch.length > 0) await flush();
  return { memory, report: { samples, postgresMs, installationsMs, memoryMs } };
}
