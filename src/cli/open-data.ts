import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FollowSinkStore } from '../follow/follow-sink.js';
import type { ApiLogger } from '../http/core-request.js';
import { importOpenData } from '../import/import-open-data.js';
import { formatImportIssue, formatImportSummary } from '../import/import-report.js';
import type { CounterStore } from '../limits/counter-store.js';
import { createSampleNetwork, type SampleReadings } from '../sample/sample-network.js';
import { InMemoryStore } from '../store/in-memory-store.js';
import type { Sample } from '../store/ingest-report.js';
import { parseInstallationsJson } from '../store/installations-json.js';
import { loadStoreFromFiles, type StoreFiles } from '../store/load-store.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { PostgresStore } from '../store/postgres/postgres-store.js';
import type { SampleWriter } from '../store/sample-writer.js';
import { parseSamplesCsv } from '../store/samples-csv.js';
import { formatTimestamp } from '../time/instant.js';
import { openWriter } from './open-writer.js';
import type { ServeOptions } from './parse-args.js';
import { PRUNE_INTERVAL_MS, startRetentionMaintenance } from './retention-maintenance.js';

// Where `airq` takes its measurements from: files, an import, the sample network, or
// PostgreSQL (`--database`), into which the files or the network are written first, so that
// every instance serves what the database holds; and where it counts requests: in memory, or
// in Redis (`--redis`), shared by every instance. Both clients are imported only when asked
// for, so the in-memory default never loads the optional `pg` or `redis` peers.

/** How often the sample network produces new samples, ms. */
export const SAMPLE_PRODUCE_INTERVAL_MS = 30_000;
// Deadline of every call to PostgreSQL or Redis while serving, and of the one transaction that
// writes the files or the sample network into the database at start, ms.
const SERVING_DEADLINE_MS = 2000;
const LOAD_DEADLINE_MS = 120_000;

/** What `startServer` uses besides its options. */
export interface ServerDependencies {
  readonly logger?: ApiLogger;
  /** Where the `--import-sensor-community` import prints its rejected rows, notes and summary. */
  readonly report?: (line: string) => void;
  /** How often the sample network produces, ms; default {@link SAMPLE_PRODUCE_INTERVAL_MS}. */
  readonly produceIntervalMs?: number;
  /** How often retention and the change log's trim run, ms; default {@link PRUNE_INTERVAL_MS}. */
  readonly pruneIntervalMs?: number;
}

/** The store and the counters to serve with, what they are, and how to let go of them. */
export interface OpenedData {
  readonly store: MeasurementStore;
  /** `undefined`: createApi's in-memory counters. */
  readonly counterStore: CounterStore | undefined;
  /** Where live writes go (the journal, or PostgreSQL); `undefined` when nothing is written. */
  readonly writer: SampleWriter | undefined;
  /** Where followed sources are stored (`--follow`): the journal, or PostgreSQL. */
  readonly followStore?: FollowSinkStore;
  /** The database with `--database` (its lease lets one instance poll each source). */
  readonly database: PostgresStore | undefined;
  /** What is served, for the banner. */
  readonly description: string;
  /** A point worth querying: the sample network's centre, or the first installation. */
  readonly examplePoint: { readonly latitude: number; readonly longitude: number } | undefined;
  /** Stops the sample producer and closes the clients, once no request needs them. */
  stop(): Promise<void>;
}

/**
 * Opens what the options name. Every file is checked, with file and line, before anything is
 * served or written; a database or a Redis that does not answer within the deadline rejects,
 * so a misconfigured instance does not start. Samples of the files older than the retention
 * horizon (`retentionMs` before the data clock, or the database's horizon if later) are left
 * out and counted on `report`. While serving, the retention is applied every
 * `pruneIntervalMs` (and PostgreSQL's change log trimmed); a failure is logged and tried again
 * at the next interval.
 *
 * @throws StoreLoadError or ImportError for bad files; DependencyUnavailableError when PostgreSQL
 *   or Redis cannot be reached in time
 * @example
 * const data = await openData(options, { report: console.error });
 */
export async function openData(
  options: ServeOptions,
  {
    logger,
    report = () => {},
    produceIntervalMs = SAMPLE_PRODUCE_INTERVAL_MS,
    pruneIntervalMs = PRUNE_INTERVAL_MS,
  }: ServerDependencies,
): Promise<OpenedData> {
  const { databaseUrl, nowMs, retentionMs } = options;
  const dataClock = () => nowMs ?? Date.now();
  const loaded = await loadFiles(options, report);
  const pending: Sample[] = [];
  // Into the database, the network's readings go as samples.
  const onReadings = ({ installationId, name, atMs, values }: SampleReadings) => {
    for (let i = 0; i < atMs.length; i++) {
      pending.push({ installationId, name, atMs: atMs[i]!, value: values[i]! });
    }
  };
  // Following open data starts from what the sources (and the journal) give, not from the
  // sample network, unless --sample-network asks for it.
  const following = options.follow !== undefined;
  const network =
    loaded === undefined &&
    (options.sampleNetwork === true || (databaseUrl === undefined && !following))
      ? createSampleNetwork({
          now: nowMs ?? Date.now(),
          ...(databaseUrl === undefined ? {} : { onReadings }),
        })
      : undefined;
  const memory =
    loaded?.store ??
    network?.store ??
    (databaseUrl === undefined && following ? new InMemoryStore([]) : undefined);
  let description =
    loaded?.description ?? (network === undefined ? 'what it follows' : 'the sample network');
  let database: PostgresStore | undefined;
  if (databaseUrl !== undefined) {
    const { PostgresStore } = await import('../store/postgres/index.js');
    const connect = (deadlineMs: number) =>
      PostgresStore.connect({
        connectionString: databaseUrl,
        deadlineMs,
        ...(retentionMs === undefined ? {} : { retentionMs }),
      });
    if (loaded === undefined && network === undefined) description = 'what the database holds';
    else {
      const [installations, samples] =
        loaded === undefined
          ? [network!.installations, pending.splice(0)]
          : await reread(loaded.files);
      const loader = await connect(LOAD_DEADLINE_MS);
      try {
        // The horizon moves first, so that what it cuts off is left out rather than refused.
        const { retainedFromMs } = await loader.pruneExpired(dataClock());
        const kept = samples?.filter((sample) => sample.atMs >= retainedFromMs);
        const older = (samples?.length ?? 0) - (kept?.length ?? 0);
        if (loaded !== undefined && older > 0) {
          report(olderLine(older, retainedFromMs, 'written into the database'));
        }
        await loader.putInstallations(installations, kept);
      } finally {
        await loader.close();
      }
      description +=
        loaded === undefined ? ', written into the database' : ', loaded into the database';
    }
    database = await connect(SERVING_DEADLINE_MS);
  } else if (memory !== undefined && retentionMs !== undefined) {
    const horizonMs = dataClock() - retentionMs;
    const removed = memory.pruneBefore(horizonMs);
    if (loaded !== undefined && removed > 0) report(olderLine(removed, horizonMs, 'kept'));
  }
  const store = (database ?? memory)!; // one of them, as parseCliArgs lets no other case through
  const writes = await openWriter(options, memory, database, report).catch(async (error) => {
    await database?.close();
    throw error;
  });
  let timer: ReturnType<typeof setInterval> | undefined;
  // A frozen clock has nothing new to produce.
  if (network !== undefined && nowMs === undefined) {
    timer = setInterval(() => {
      const producedMs = Date.now();
      network.produceUntil(producedMs);
      // Right after producing: the network's next readings (an hour late at most) are then
      // newer than the horizon, which is at least an hour back.
      if (database === undefined && retentionMs !== undefined) {
        network.store.pruneBefore(producedMs - retentionMs);
      }
      if (database === undefined || pending.length === 0) return;
      database.ingest(pending.splice(0)).catch((error: unknown) => {
        logger?.error('sample producer: samples not written', { url: '-', error });
      });
    }, produceIntervalMs);
    timer.unref();
  }
  // Retention while serving (the sample network in memory is pruned as it produces).
  const pruning = startRetentionMaintenance({
    database,
    loaded: writes.journaled ?? loaded?.store,
    retentionMs,
    dataClock,
    intervalMs: pruneIntervalMs,
    logger,
  });
  let counterStore: (CounterStore & { close(): Promise<void> }) | undefined;
  const stop = async () => {
    clearInterval(timer);
    await pruning?.stop();
    await Promise.all([database?.close(), counterStore?.close(), writes.journaled?.close()]);
  };
  try {
    const active = await store.listActiveInstallations();
    const count = `${active.length} active installations`;
    if (database !== undefined) description += ` (PostgreSQL, ${count})`;
    else if (network !== undefined) description += ` (${count} around Kraków)`;
    if (options.redisUrl !== undefined) {
      const { RedisCounterStore } = await import('../limits/redis/index.js');
      const url = options.redisUrl;
      counterStore = await RedisCounterStore.connect({ url, deadlineMs: SERVING_DEADLINE_MS });
      description += `, rate limits in Redis (fail ${options.redisFailOpen ? 'open' : 'closed'})`;
    }
    const examplePoint = network?.centre ?? active[0]?.location;
    if (writes.journaled !== undefined)
      description += `, live writes journaled in ${options.dataDir}`;
    if (options.follow !== undefined) {
      const names = options.follow.sources.map((source) => source.name).join(', ');
      description += `, following ${names}`;
    }
    // Polls are written as pushes are: into the journal, or into PostgreSQL.
    const followStore = database ?? writes.journaled;
    return {
      store,
      counterStore,
      writer: writes.writer,
      ...(followStore === undefined ? {} : { followStore }),
      database,
      description,
      examplePoint,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function olderLine(count: number, horizonMs: number, outcome: string): string {
  const samples = count === 1 ? '1 sample was' : `${count} samples were`;
  return `${samples} older than the retention horizon ${formatTimestamp(horizonMs)} (--retention) and not ${outcome}`;
}

// `--installations`/`--samples`, or the files of the `--import-sensor-community` import (made
// in a fresh temporary directory, removed once loaded), checked and loaded into memory.
async function loadFiles(options: ServeOptions, report: (line: string) => void) {
  const { installationsPath, samplesPath, importSensorCommunityDir: dir } = options;
  if (installationsPath !== undefined) {
    const files = { installationsPath, ...(samplesPath === undefined ? {} : { samplesPath }) };
    return { files, store: await loadStoreFromFiles(files), description: installationsPath };
  }
  if (dir === undefined) return undefined;
  const outDir = await mkdtemp(join(tmpdir(), 'airq-import-'));
  try {
    const summary = await importOpenData({
      from: 'sensor-community',
      files: [dir],
      outDir,
      onIssue: (issue) => report(formatImportIssue(issue)),
    });
    for (const line of formatImportSummary(summary)) report(line);
    const files = {
      installationsPath: summary.installationsPath,
      samplesPath: summary.samplesPath,
    };
    const description = `${summary.installations} installations imported from the Sensor.Community files in ${dir}`;
    return { files, store: await loadStoreFromFiles(files), description };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

// The files' installations and samples for the database, read again after loadStoreFromFiles
// checked them.
async function reread({ installationsPath: path, samplesPath }: StoreFiles) {
  const installations = parseInstallationsJson(await readFile(path, 'utf8'), path).installations;
  if (samplesPath === undefined) return [installations, undefined] as const;
  const samples = parseSamplesCsv(await readFile(samplesPath, 'utf8'), samplesPath).samples;
  return [installations, samples] as const;
}
