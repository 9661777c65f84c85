// `npm run bench:network-postgres`: GET /v2/airq/network over a PostgresStore (issue 39, item
// 3; target: p99 at most 50 ms per request after one installation changed, 10,000
// installations, VENDOR_CAQI and US_AQI). A throwaway PostgreSQL from Debian's binaries (fsync
// off: the figure is the store's, not the disk's) and an InMemoryStore, the baseline of the same
// run, get the same installations with PM25 and PM10 every 5 minutes for 26 hours up to NOW_MS
// (US_AQI needs the 24 hourly means before the moving hour). Two PostgresStore connections play
// two airq instances: the reader answers through createApi's core without a socket, the writer
// stores one late PM25 sample before each request of (b), awaited and not timed. Cases:
//   (a) the first request of a fresh service (and, for PostgreSQL, a fresh connection);
//   (b) one installation changed before each request, after a warm-up;
//   (c) nothing changed since the last request.
// Each case stops after CASE_CAP_MS (the code before issue 39 took seconds per request), and
// the section says how many requests it measured.
//
//   npm run bench:network-postgres -- [--installations 10000] [--out bench/RESULTS.md]
//
// BENCH_QUICK=1: 2 fresh services, 5 warm-up and 20 requests per case (a trial, not figures).
// Prints the section as markdown; with --out, writes the marked `network-postgres` section.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Api } from '../src/http/create-api.js';
import type { IngestReport, Sample } from '../src/store/ingest-report.js';
import type { MeasurementStore } from '../src/store/measurement-store.js';
import { PostgresStore } from '../src/store/postgres/postgres-store.js';
import { postgresBinaries, startPostgres } from '../test/helpers/postgres-server.js';
import { machineText } from './helpers/machine-text.js';
import { writeMarkedSection } from './http/results-table.js';
import {
  benchInstallations,
  loadNetwork,
  type NetworkShape,
} from './network-postgres/network-data.js';
import { type IndexTypeFigures, renderSection } from './network-postgres/network-report.js';
import {
  type BenchIndexType,
  benchApi,
  checkedNetworkAnswer,
  differingElements,
  networkRequest,
  type RequestTimes,
  timeRequests,
} from './network-postgres/timed-requests.js';

const { values: flags } = parseArgs({
  options: { installations: { type: 'string', default: '10000' }, out: { type: 'string' } },
});
const installationCount = Number(flags.installations);
if (!Number.isInteger(installationCount) || installationCount < 1) {
  throw new RangeError(
    `bench-network-postgres: --installations must be a positive integer, got ${flags.installations}`,
  );
}

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const SHAPE: NetworkShape = {
  installationCount,
  hours: 26,
  types: ['PM25', 'PM10'],
  nowMs: NOW_MS,
};
const QUICK = process.env.BENCH_QUICK === '1';
const COUNTS = QUICK
  ? { services: 2, warmup: 5, changed: 20, unchanged: 20 }
  : { services: 3, warmup: 20, changed: 200, unchanged: 200 };
const CASE_CAP_MS = 60_000;
const INDEX_TYPES: readonly BenchIndexType[] = ['VENDOR_CAQI', 'US_AQI'];
// The CLI's deadline per store call, as users run it. Before the network route computed a few
// installations at a time, a first request queued one read per installation on the reader's 10
// connections and those at the back missed 2 s (503 on every request of a fresh instance with
// 10,000 installations on a busy 2-core machine). Loading 200,000 samples in one call takes
// longer than 2 s, hence the loader's own deadline.
const SERVING_DEADLINE_MS = 2_000;
const LOAD_DEADLINE_MS = 120_000;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Late PM25 samples, ten minutes back (inside every moving hour), a new installation each. */
function lateSamples(): () => Sample {
  let written = 0;
  return () => {
    written++;
    return {
      installationId: ((written * 7919) % installationCount) + 1,
      name: 'PM25',
      // A new millisecond each time, so every sample is a new row and a new value.
      atMs: NOW_MS - 10 * 60_000 + (written % 1000),
      value: 10 + (written % 50),
    };
  };
}

function acceptedOne(report: IngestReport): void {
  if (report.accepted !== 1) throw new Error('bench/network-postgres: a late sample was refused');
}

/**
 * Case (a) for one store: `services` fresh services, one request each; `freshStore` gives the
 * store of each (a new connection for PostgreSQL) and `release` lets it go afterwards.
 */
async function firstRequests<S extends MeasurementStore>(
  indexType: BenchIndexType,
  freshStore: () => Promise<S>,
  release: (store: S) => Promise<void>,
  what: string,
) {
  const times: RequestTimes[] = [];
  for (let i = 0; i < COUNTS.services; i++) {
    const store = await freshStore();
    try {
      const api = benchApi(store, NOW_MS);
      times.push(await timeRequests(api, networkRequest(indexType), 1, CASE_CAP_MS));
    } finally {
      await release(store);
    }
  }
  const { elements, gzippedBytes } = checkedNetworkAnswer(
    times[0]!.first, // COUNTS.services ≥ 1
    installationCount,
    `${what}, ${indexType}, first request`,
  );
  return { first: times, firstGzippedBytes: gzippedBytes, elements };
}

/** Cases (b) and (c) of one store and index type, (b) after a warm-up of its own kind. */
async function steadyCases(
  api: Api,
  indexType: BenchIndexType,
  changeOne: () => Promise<void>,
  what: string,
) {
  const request = networkRequest(indexType);
  const warmup = await timeRequests(api, request, COUNTS.warmup, CASE_CAP_MS, changeOne);
  checkedNetworkAnswer(warmup.first, installationCount, `${what}, warm-up`);
  const changed = await timeRequests(api, request, COUNTS.changed, CASE_CAP_MS, changeOne);
  checkedNetworkAnswer(changed.first, installationCount, `${what}, one changed`);
  const unchanged = await timeRequests(api, request, COUNTS.unchanged, CASE_CAP_MS);
  checkedNetworkAnswer(unchanged.first, installationCount, `${what}, nothing changed`);
  log(`  ${what}: ${changed.wallMs.length} changed, ${unchanged.wallMs.length} unchanged`);
  return { warmupRequests: warmup.wallMs.length, changed, unchanged };
}

async function run(connectionString: string, schema: string) {
  const connect = (deadlineMs: number) =>
    PostgresStore.connect({ connectionString, schema, deadlineMs });
  const loader = await connect(LOAD_DEADLINE_MS);
  log(`loading ${installationCount} installations, ${SHAPE.hours} h of ${SHAPE.types.join(', ')}`);
  const installations = benchInstallations(installationCount);
  const loaded = await loadNetwork(loader, installations, SHAPE, log).finally(() => loader.close());
  const { memory: memoryStore, report: load } = loaded;
  log(`loaded ${load.samples} samples into PostgreSQL in ${(load.postgresMs / 1000).toFixed(1)} s`);

  // (a) for both stores before any late sample, so that their answers must agree.
  const firsts = [];
  for (const indexType of INDEX_TYPES) {
    const postgres = await firstRequests(
      indexType,
      () => connect(SERVING_DEADLINE_MS),
      (reader) => reader.close(),
      'PostgreSQL',
    );
    const sameStore = async () => memoryStore;
    const inMemory = await firstRequests(indexType, sameStore, async () => {}, 'in-memory');
    const differing = differingElements(postgres.elements, inMemory.elements);
    log(`  ${indexType} first requests: ${differing} elements differ between the stores`);
    firsts.push({ indexType, postgres, inMemory, differing });
  }

  // (b) and (c): one reader serving both index types, as one airq instance would.
  const reader = await connect(SERVING_DEADLINE_MS);
  const writer = await connect(SERVING_DEADLINE_MS);
  try {
    const pgApi = benchApi(reader, NOW_MS);
    const memoryApi = benchApi(memoryStore, NOW_MS);
    const nextForPostgres = lateSamples();
    const nextForMemory = lateSamples();
    const figures: IndexTypeFigures[] = [];
    for (const { indexType, postgres, inMemory, differing } of firsts) {
      const writeOne = async () => acceptedOne(await writer.ingest([nextForPostgres()]));
      const pgSteady = await steadyCases(pgApi, indexType, writeOne, `PostgreSQL, ${indexType}`);
      const ingestOne = async () => acceptedOne(memoryStore.ingest([nextForMemory()]));
      const memorySteady = await steadyCases(
        memoryApi,
        indexType,
        ingestOne,
        `in-memory, ${indexType}`,
      );
      const memory = { ...inMemory, ...memorySteady };
      figures.push({ indexType, differing, postgres: { ...postgres, ...pgSteady }, memory });
    }
    return { load, figures };
  } finally {
    await writer.close();
    await reader.close();
  }
}

async function main(): Promise<number> {
  const binaries = postgresBinaries();
  if (!binaries.available) {
    log(
      `bench-network-postgres: install the Debian package "${binaries.missingPackage}" (${binaries.reason})`,
    );
    return 1;
  }
  const loadBefore = loadavg()[0] ?? 0;
  const version = execFileSync(join(binaries.path, 'postgres'), ['--version'], {
    encoding: 'utf8',
  });
  const server = await startPostgres(binaries.path);
  // Ctrl-C or a kill still removes the server and its directory.
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void server.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(server.connectionString, await server.createSchema('bench_network'));
  } finally {
    await server.stop();
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
  }
  const postgresVersion = version.trim().replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ');
  const text = renderSection(
    result.load,
    result.figures,
    {
      shape: SHAPE,
      quick: QUICK,
      capS: CASE_CAP_MS / 1000,
      deadlineMs: SERVING_DEADLINE_MS,
      machine: machineText(postgresVersion),
      loadAverages: [loadBefore, loadavg()[0] ?? 0],
    },
    new Date(),
  );
  console.log(text);
  if (flags.out !== undefined) {
    writeMarkedSection(flags.out, 'network-postgres', text);
    log(`wrote the network-postgres section of ${flags.out}`);
  }
  return 0;
}

process.exitCode = await main();
