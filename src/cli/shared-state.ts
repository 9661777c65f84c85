import { readFile } from 'node:fs/promises';
import type { ApiLogger } from '../http/core-request.js';
import type { CounterStore } from '../http/counter-store.js';
import { createSampleNetwork, type SampleReadings } from '../sample/sample-network.js';
import type { Sample } from '../store/ingest-report.js';
import { parseInstallationsJson } from '../store/installations-json.js';
import { loadStoreFromFiles } from '../store/load-store.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import { parseSamplesCsv } from '../store/samples-csv.js';
import type { ServeOptions } from './parse-args.js';

// What lets several `npm start` instances behind one load balancer act as one: the rate-limit
// counters in Redis (`--redis`) and the measurements in PostgreSQL (`--database`). The clients
// are imported only when asked for, so the in-memory default never loads the optional `redis`
// or `pg` peers. With `--database`, the files or the sample network are written into the
// database first; then the instance serves what the database holds, like every other one.

/** Deadline of every call to Redis or PostgreSQL while serving, ms. */
export const SHARED_STATE_DEADLINE_MS = 2000;
/** Deadline of the one transaction that loads files or the sample network at start, ms. */
export const DATABASE_LOAD_DEADLINE_MS = 120_000;

/** The store an instance serves from, what it is for the banner, and how to let go of it. */
export interface OpenedDatabase {
  readonly store: MeasurementStore;
  readonly description: string;
  readonly examplePoint: { readonly latitude: number; readonly longitude: number } | undefined;
  /** Stops the sample producer (if any) and closes the connections. */
  close(): Promise<void>;
}

/** The installations and samples of the files, after the checks `loadStoreFromFiles` makes. */
async function validatedFiles(installationsPath: string, samplesPath: string | undefined) {
  // Every problem of both files, with file and line, before anything reaches the database.
  await loadStoreFromFiles({
    installationsPath,
    ...(samplesPath === undefined ? {} : { samplesPath }),
  });
  const installations = parseInstallationsJson(
    await readFile(installationsPath, 'utf8'),
    installationsPath,
  ).installations;
  const samples =
    samplesPath === undefined
      ? undefined
      : parseSamplesCsv(await readFile(samplesPath, 'utf8'), samplesPath).samples;
  return { installations, samples };
}

/** Readings of the sample network as the samples a store ingests. */
function toSamples(readings: readonly SampleReadings[]): Sample[] {
  const samples: Sample[] = [];
  for (const { installationId, name, atMs, values } of readings) {
    for (let i = 0; i < atMs.length; i++) {
      samples.push({ installationId, name, atMs: atMs[i] as number, value: values[i] as number });
    }
  }
  return samples;
}

/**
 * Connects to PostgreSQL, writes what the flags ask for (the files, upserted in one
 * transaction, all or nothing; or the sample network, whose producer then writes there every
 * `produceIntervalMs`), and returns the store to serve from.
 *
 * @throws StoreLoadError for bad files; DependencyUnavailableError when the database cannot be
 *   reached in time
 */
export async function openDatabase(
  options: ServeOptions & { readonly databaseUrl: string },
  produceIntervalMs: number,
  logger: ApiLogger | undefined,
): Promise<OpenedDatabase> {
  const { PostgresStore } = await import('../store/postgres/index.js');
  const connect = (deadlineMs: number) =>
    PostgresStore.connect({ connectionString: options.databaseUrl, deadlineMs });
  const load = async (write: (loader: Awaited<ReturnType<typeof connect>>) => Promise<void>) => {
    const loader = await connect(DATABASE_LOAD_DEADLINE_MS);
    try {
      await write(loader);
    } finally {
      await loader.close();
    }
  };
  let source = 'what the database holds';
  const readings: SampleReadings[] = [];
  let network: ReturnType<typeof createSampleNetwork> | undefined;
  if (options.installationsPath !== undefined) {
    const files = await validatedFiles(options.installationsPath, options.samplesPath);
    await load((loader) => loader.putInstallations(files.installations, files.samples));
    source = `${options.installationsPath}, loaded into the database`;
  } else if (options.sampleNetwork === true) {
    network = createSampleNetwork({
      now: options.nowMs ?? Date.now(),
      onReadings: (run) => readings.push(run),
    });
    const history = toSamples(readings.splice(0));
    const installations = network.installations;
    await load((loader) => loader.putInstallations(installations, history));
    source = 'the sample network, written into the database';
  }
  const store = await connect(SHARED_STATE_DEADLINE_MS);
  let timer: ReturnType<typeof setInterval> | undefined;
  // A frozen clock has nothing new to produce.
  if (network !== undefined && options.nowMs === undefined) {
    const producing = network;
    timer = setInterval(() => {
      producing.produceUntil(Date.now());
      const samples = toSamples(readings.splice(0));
      if (samples.length === 0) return;
      store.ingest(samples).catch((error: unknown) => {
        logger?.error('sample producer: samples not written', { url: '-', error });
      });
    }, produceIntervalMs);
    timer.unref();
  }
  const active = await store.listActiveInstallations();
  return {
    store,
    description: `${source} (PostgreSQL, ${active.length} active installations)`,
    examplePoint: network?.centre ?? active[0]?.location,
    async close() {
      clearInterval(timer);
      await store.close();
    },
  };
}

/** The rate-limit counters to serve with, and how to let go of them. */
export interface OpenedCounters {
  /** `undefined`: createApi's in-memory default. */
  readonly counterStore: CounterStore | undefined;
  readonly description: string;
  close(): Promise<void>;
}

/**
 * Connects to Redis when `--redis` (or `AIRQ_REDIS_URL`) asked for it. Rejects, naming the
 * counters, when Redis cannot be reached within the deadline, so a misconfigured instance
 * does not start.
 *
 * @example
 * const counters = await openCounters({ ...options, redisUrl: 'redis://127.0.0.1:6379' });
 * counters.description; // 'rate limits in Redis'
 */
export async function openCounters(options: ServeOptions): Promise<OpenedCounters> {
  if (options.redisUrl === undefined) {
    return { counterStore: undefined, description: 'rate limits in memory', close: async () => {} };
  }
  const { RedisCounterStore } = await import('../http/redis/index.js');
  const counterStore = await RedisCounterStore.connect({
    url: options.redisUrl,
    deadlineMs: SHARED_STATE_DEADLINE_MS,
  });
  const failure = options.redisFailOpen === true ? 'fail open' : 'fail closed';
  return {
    counterStore,
    description: `rate limits in Redis (${failure})`,
    close: () => counterStore.close(),
  };
}
