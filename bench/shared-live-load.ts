// `npm run bench:shared-load`: three `airq` on one PostgreSQL, read on every route while 10,000
// airRohr devices push (issue 39, item 4 "Live load"). Processes:
//   - a throwaway PostgreSQL from Debian's binaries (fsync off: the figures are airq's and the
//     database's CPU, not the disk's);
//   - three `airq` as `npm start` runs them (live clock, access log on, stdout a drained pipe),
//     each on a free port with a read key and a write key: the first loads --installations
//     vendor installations over southern Poland, each named by one airRohr device, and their
//     PM25 and PM10 of the last --hours, into the database, which is then vacuumed and analysed
//     (as autovacuum would have done long before); the other two get `--database` only and
//     serve what it holds (bench/shared-live-load/airq-instance.ts);
//   - this one: autocannon reading five routes at --rate requests a second each over the three
//     instances (route-readers.ts), and the pushes: one push per device every --push-every
//     seconds (69 a second for 10,000), on a schedule, round robin (push-writer.ts).
// After a warm-up of reads (not measured), phases: A reads only, B reads and pushes (--phase
// seconds each), C pushes only (--writes-only seconds), whose CPU per push lets B's CPU per
// read be given with the pushes' share removed. CPU is read from /proc around each phase.
//
//   npm run bench:shared-load -- [--installations 10000] [--hours 2] [--rate 20]
//                                [--push-every 145] [--phase 30] [--writes-only 15]
//                                [--warmup 5] [--seed 39] [--quick] [--out bench/RESULTS.md]
//
// --quick: phases of 8, 8 and 5 s after 2 s of warm-up (a trial run, not figures). Prints the
// section as markdown; with --out, writes it into the marked `shared-load` section of FILE.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from './helpers/seeded-random.js';
import { writeMarkedSection } from './http/results-table.js';
import { UNREACHABLE_LIMIT } from './http/server-process.js';
import { airRohrPushes, BENCH_WRITE_KEY } from './live-data.js';
import { type AirqInstance, startAirqInstance } from './shared-live-load/airq-instance.js';
import { startBenchPostgres } from './shared-live-load/bench-postgres.js';
import { checkInstances } from './shared-live-load/instance-checks.js';
import { measurePhase, waitPastTheHour } from './shared-live-load/measured-phase.js';
import { REGION, writeNetworkFiles } from './shared-live-load/network-files.js';
import { perSecond, SLOW_PUSH_MS, startPushes } from './shared-live-load/push-writer.js';
import { failureLines, type ReadRoute, startReaders } from './shared-live-load/route-readers.js';
import { renderSection } from './shared-live-load/section-text.js';

const { values: flags } = parseArgs({
  options: {
    installations: { type: 'string', default: '10000' },
    hours: { type: 'string', default: '2' },
    rate: { type: 'string', default: '20' },
    'push-every': { type: 'string', default: '145' },
    phase: { type: 'string' },
    'writes-only': { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string', default: '39' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

function whole(name: keyof typeof flags, min: number, fallback?: number): number {
  const text = flags[name];
  const value = typeof text === 'string' ? Number(text) : fallback;
  if (value === undefined || !Number.isInteger(value) || value < min) {
    throw new RangeError(`bench-shared-load: --${name} must be an integer ≥ ${min}, got ${text}`);
  }
  return value;
}

const quick = flags.quick;
const installationCount = whole('installations', 3);
const hours = whole('hours', 1);
const ratePerRoute = whole('rate', 1);
const pushEveryS = whole('push-every', 1);
const phaseS = whole('phase', 1, quick ? 8 : 30);
const writesOnlyS = whole('writes-only', 1, quick ? 5 : 15);
const warmupS = whole('warmup', 0, quick ? 2 : 5);
const seed = whole('seed', 0);
const pushRatePerS = installationCount / pushEveryS;
const READ_KEY = 'bench-shared-read-key';
const log = (line: string) => process.stderr.write(`${line}\n`);
const degrees = (min: number, max: number, random: () => number) =>
  (min + random() * (max - min)).toFixed(6);

// The queries are drawn from one seeded stream: random installations and places, the same set
// in every run (the routes take their turns as the answers come, so not in the same order).
function readRoutes(): ReadRoute[] {
  const random = seededRandom(seed + 2);
  const place = () =>
    `lat=${degrees(REGION.minLat, REGION.maxLat, random)}&lng=${degrees(REGION.minLng, REGION.maxLng, random)}`;
  const route = (name: string, nextPath: () => string): ReadRoute => ({
    name,
    ratePerS: ratePerRoute,
    connections: 2,
    nextPath,
  });
  return [
    route('/v2/meta/indexes', () => '/v2/meta/indexes'),
    route(
      '/v2/measurements/installation',
      () =>
        `/v2/measurements/installation?installationId=${1 + Math.floor(random() * installationCount)}`,
    ),
    route('/v2/installations/nearest', () => `/v2/installations/nearest?${place()}`),
    route('/v2/measurements/point', () => `/v2/measurements/point?${place()}`),
    route('/v2/airq/network', () => '/v2/airq/network'),
  ];
}
const NETWORK_ROUTE = '/v2/airq/network';

interface PhaseLoads {
  readonly reads: boolean;
  readonly pushes: boolean;
}

async function run(folder: string) {
  const postgres = await startBenchPostgres();
  const instances: AirqInstance[] = [];
  try {
    const files = writeNetworkFiles(folder, installationCount, hours, Date.now(), seed);
    log(
      `files: ${files.installations} installations, ${files.samples.toLocaleString('en-US')} samples (${(files.samplesBytes / 1e6).toFixed(1)} MB CSV)`,
    );
    const limit = String(UNREACHABLE_LIMIT);
    const common = [
      ...['--keys', `${READ_KEY}:${limit}:${limit}`, '--write-keys', BENCH_WRITE_KEY],
      ...['--day-limit', limit, '--minute-limit', limit, '--database', postgres.connectionString],
    ];
    instances.push(
      await startAirqInstance([
        ...common,
        '--installations',
        files.installationsPath,
        '--samples',
        files.samplesPath,
      ]),
    );
    log(`airq 1 (loading the files) listens after ${(instances[0]!.startMs / 1000).toFixed(1)} s`);
    const vacuumMs = await postgres.vacuumAnalyze();
    log(`VACUUM (ANALYZE) took ${(vacuumMs / 1000).toFixed(1)} s`);
    for (let n = 2; n <= 3; n++) {
      instances.push(await startAirqInstance(common));
      log(`airq ${n} listens after ${(instances[n - 1]!.startMs / 1000).toFixed(1)} s`);
    }
    const urls = instances.map((instance) => instance.url);
    const pushes = airRohrPushes(installationCount);
    const readHeaders = { apikey: READ_KEY, accept: 'application/json', 'accept-encoding': 'gzip' };
    const routes = readRoutes();
    // The checks, the warm-up and the phases with their settling, with room to spare.
    const waitedS = await waitPastTheHour(60 + warmupS + 2 * phaseS + writesOnlyS);
    if (waitedS > 0) log(`waited ${waitedS.toFixed(0)} s for the top of the hour to pass`);
    const checks = await checkInstances(
      urls,
      readHeaders,
      routes,
      pushes.slice(-urls.length),
      installationCount,
    );
    for (const line of checks.lines) log(line);
    const roots = [...instances.map((instance) => instance.pid), postgres.postmasterPid];
    let nextDevice = 0;

    const phase = async (key: string, label: string, seconds: number, loads: PhaseLoads) => {
      const result = await measurePhase({
        key,
        label,
        seconds,
        roots,
        ...(loads.reads ? { reads: () => startReaders(urls, readHeaders, routes) } : {}),
        ...(loads.pushes
          ? { pushes: () => startPushes(urls, pushes, pushRatePerS, nextDevice) }
          : {}),
      });
      // The next phase's pushes go on with the cycle of devices.
      if (result.pushes !== undefined) nextDevice = result.pushes.nextDevice;
      if (result.pushes?.firstFailure !== undefined) {
        log(`phase ${key}: a push failed: ${result.pushes.firstFailure}`);
      }
      for (const line of failureLines(result.reads)) log(`phase ${key}: ${line}`);
      const slow = perSecond(result.pushes?.slowAtMs ?? []);
      if (slow !== '') log(`phase ${key}: pushes answered after over ${SLOW_PUSH_MS} ms: ${slow}`);
      const network = result.reads.find((route) => route.route === NETWORK_ROUTE);
      log(
        `phase ${key} (${label}): ${result.durationS.toFixed(1)} s, network p99 ${network?.latency.percentile(99) ?? '—'} ms, reads ${JSON.stringify(Object.fromEntries(result.reads.map((route) => [route.route, route.statuses])))}, pushes ${JSON.stringify(result.pushes?.statuses ?? {})}, airq CPU ${(result.airqCpuMs / 1000).toFixed(1)} s, machine busy ${Math.round(result.machineBusy * 100)} %`,
      );
      return result;
    };

    if (warmupS > 0) await phase('W', 'warm-up', warmupS, { reads: true, pushes: false });
    const measuredFromMs = Date.now();
    const phases = [
      await phase('A', 'reads only', phaseS, { reads: true, pushes: false }),
      await phase('B', 'reads + pushes', phaseS, { reads: true, pushes: true }),
      await phase('C', 'pushes only', writesOnlyS, { reads: false, pushes: true }),
    ];
    const measuredTillMs = Date.now();
    const maintenance = await postgres.maintenanceSince(measuredFromMs);
    log(
      `PostgreSQL during the phases (from ${new Date(measuredFromMs).toISOString().slice(11, 21)}): ${maintenance.runs.join(', ') || 'no autovacuum or autoanalyze'}; ${maintenance.checkpoints} checkpoints since it started`,
    );
    const logLines = instances.reduce((sum, instance) => sum + instance.logLines(), 0);
    return {
      files,
      phases,
      postgresVersion: postgres.version,
      checks,
      logLines,
      startsMs: instances.map((i) => i.startMs),
      vacuumMs,
      maintenance,
      window: { fromMs: measuredFromMs, tillMs: measuredTillMs, waitedS },
    };
  } finally {
    for (const instance of instances) await instance.stop();
    await postgres.stop();
  }
}

async function main(): Promise<number> {
  const loadBefore = loadavg()[0] ?? 0;
  const startedMs = performance.now();
  const folder = mkdtempSync(join(tmpdir(), 'airq-bench-shared-load-'));
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const section = renderSection({
    ...result,
    quick,
    totalS: (performance.now() - startedMs) / 1000,
    loadAverages: [loadBefore, loadavg()[0] ?? 0],
    settings: { hours, ratePerRoute, pushEveryS, pushRatePerS, warmupS, phaseS, writesOnlyS },
    networkRoute: NETWORK_ROUTE,
  });
  console.log(section);
  if (flags.out !== undefined) {
    writeMarkedSection(flags.out, 'shared-load', section);
    log(`wrote the shared-load section of ${flags.out}`);
  }
  const failed = result.phases.some(
    (phase) =>
      (phase.pushes?.non200 ?? 0) + (phase.pushes?.errors ?? 0) > 0 ||
      phase.reads.some((route) => route.non2xx + route.errors > 0),
  );
  if (failed) log('bench-shared-load: some requests failed: see the non-2xx and errors columns');
  return 0;
}

process.exitCode = await main();
