import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiLogger } from '../http/core-request.js';
import type { CounterStore } from '../http/counter-store.js';
import { importOpenData } from '../import/import-open-data.js';
import { formatImportIssue, formatImportSummary } from '../import/import-report.js';
import { createSampleNetwork, type SampleReadings } from '../sample/sample-network.js';
import type { Sample } from '../store/ingest-report.js';
import { parseInstallationsJson } from '../store/installations-json.js';
import { loadStoreFromFiles } from '../store/load-store.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { PostgresStore } from '../store/postgres/postgres-store.js';
import { parseSamplesCsv } from '../store/samples-csv.js';
import type { ServeOptions } from './parse-args.js';

// Where `airq` takes its measurements from: files, an import, the sample network, or
// PostgreSQL (`--database`), into which the files or the network are written first, so that
// every instance serves what the database holds. Redis (`--redis`) holds the rate-limit
// counters. Both clients are imported only when asked for, so the in-memory default never loads
// the optional `pg` or `redis` peers.

// Deadline of every call to PostgreSQL or Redis while serving, and of the one transaction that
// loads files or the sample network at start, ms.
const SERVING_DEADLINE_MS = 2000;
const LOAD_DEADLINE_MS = 120_000;

/** The store to serve from, what it is for the banner, and how to let go of it. */
export interface OpenedData {
  readonly store: MeasurementStore;
  readonly description: string;
  /** A point worth querying: the sample network's centre, or the first installation. */
  readonly examplePoint: { readonly latitude: number; readonly longitude: number } | undefined;
  /** Stops the sample producer and closes the database, once no request needs them. */
  stop(): Promise<void>;
}

/** What `openData` uses besides the options. */
export interface DataDependencies {
  /** How often the sample network produces, ms. */
  readonly produceIntervalMs: number;
  /** Where an import prints its rejected rows, notes and summary. */
  readonly report: (line: string) => void;
  readonly logger: ApiLogger | undefined;
}

/**
 * Opens what the options name to serve, with every file checked before anything is served or
 * written to the database.
 *
 * @throws StoreLoadError or ImportError for bad files; DependencyUnavailableError when the
 *   database cannot be reached in time
 * @example
 * const data = await openData(options, { produceIntervalMs: 30_000, report: console.error, logger: undefined });
 */
export async function openData(
  options: ServeOptions,
  dependencies: DataDependencies,
): Promise<OpenedData> {
  const { importSensorCommunityDir: dir, ...rest } = options;
  if (dir !== undefined) {
    // The import writes to a fresh temporary directory, which is removed once loaded.
    const outDir = await mkdtemp(join(tmpdir(), 'airq-import-'));
    try {
      const summary = await importOpenData({
        from: 'sensor-community',
        files: [dir],
        outDir,
        onIssue: (issue) => dependencies.report(formatImportIssue(issue)),
      });
      for (const line of formatImportSummary(summary)) dependencies.report(line);
      const { installationsPath, samplesPath } = summary;
      const data = await openData({ ...rest, installationsPath, samplesPath }, dependencies);
      const description = `${summary.installations} installations imported from the Sensor.Community files in ${dir}`;
      return { ...data, description };
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }
  const { installationsPath, samplesPath, databaseUrl, nowMs } = options;
  const files =
    installationsPath === undefined
      ? undefined
      : { installationsPath, ...(samplesPath === undefined ? {} : { samplesPath }) };
  // Every problem of both files, with file and line, before anything is served or stored.
  const memory = files === undefined ? undefined : await loadStoreFromFiles(files);
  const pending: Sample[] = [];
  // Into the database, the network's readings go as samples.
  const onReadings = ({ installationId, name, atMs, values }: SampleReadings) => {
    for (let i = 0; i < atMs.length; i++) {
      pending.push({ installationId, name, atMs: atMs[i]!, value: values[i]! });
    }
  };
  const network =
    files === undefined && (databaseUrl === undefined || options.sampleNetwork === true)
      ? createSampleNetwork({
          now: nowMs ?? Date.now(),
          ...(databaseUrl === undefined ? {} : { onReadings }),
        })
      : undefined;
  let store: MeasurementStore | undefined = memory ?? network?.store;
  let description = installationsPath ?? 'the sample network';
  let database: PostgresStore | undefined;
  if (databaseUrl !== undefined) {
    const { PostgresStore } = await import('../store/postgres/index.js');
    const connect = (deadlineMs: number) =>
      PostgresStore.connect({ connectionString: databaseUrl, deadlineMs });
    if (store === undefined) description = 'what the database holds';
    else {
      const [installations, samples] =
        files === undefined
          ? [network!.installations, pending.splice(0)]
          : await filesContent(files);
      const loader = await connect(LOAD_DEADLINE_MS);
      try {
        await loader.putInstallations(installations, samples);
      } finally {
        await loader.close();
      }
      description +=
        files === undefined ? ', written into the database' : ', loaded into the database';
    }
    store = database = await connect(SERVING_DEADLINE_MS);
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  // A frozen clock has nothing new to produce.
  if (network !== undefined && nowMs === undefined) {
    timer = setInterval(() => {
      network.produceUntil(Date.now());
      if (database === undefined || pending.length === 0) return;
      database.ingest(pending.splice(0)).catch((error: unknown) => {
        dependencies.logger?.error('sample producer: samples not written', { url: '-', error });
      });
    }, dependencies.produceIntervalMs);
    timer.unref();
  }
  const active = await store!.listActiveInstallations();
  const count = `${active.length} active installations`;
  if (database !== undefined) description += ` (PostgreSQL, ${count})`;
  else if (network !== undefined) description += ` (${count} around Kraków)`;
  return {
    store: store!,
    description,
    examplePoint: network?.centre ?? active[0]?.location,
    async stop() {
      clearInterval(timer);
      await database?.close();
    },
  };
}

// The files' installations and samples, read again for the database once loadStoreFromFiles
// has checked them.
async function filesContent(files: { installationsPath: string; samplesPath?: string }) {
  const { installationsPath: path, samplesPath } = files;
  const installations = parseInstallationsJson(await readFile(path, 'utf8'), path).installations;
  if (samplesPath === undefined) return [installations, undefined] as const;
  return [
    installations,
    parseSamplesCsv(await readFile(samplesPath, 'utf8'), samplesPath).samples,
  ] as const;
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
 * counters.description; // 'rate limits in Redis (fail closed)'
 */
export async function openCounters(options: ServeOptions): Promise<OpenedCounters> {
  if (options.redisUrl === undefined) {
    return { counterStore: undefined, description: 'rate limits in memory', close: async () => {} };
  }
  const { RedisCounterStore } = await import('../http/redis/index.js');
  const counterStore = await RedisCounterStore.connect({
    url: options.redisUrl,
    deadlineMs: SERVING_DEADLINE_MS,
  });
  const failure = options.redisFailOpen === true ? 'fail open' : 'fail closed';
  return {
    counterStore,
    description: `rate limits in Redis (${failure})`,
    close: () => counterStore.close(),
  };
}
