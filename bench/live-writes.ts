// `npm run bench:live`: the two write routes of `airq` as users run it (the bundled
// `dist/cli.js`, built first; with `--cli sources`, `node scripts/start.mjs` as `npm start` runs
// it) with --installations, --write-keys and a temporary --data-dir, the default --fsync always,
// loaded by autocannon from this process, each server in a process of its own.
//
//   a. airRohr pushes (a recorded NRZ-2020-129 body, the firmware's headers, --devices devices in
//      turn) over --connections connections, to `airq` with its access log and with --quiet,
//      interleaved per round with a bare node:http server that reads the same body and answers a
//      fixed 200 (bench/live-bare-server.ts): req/s, the ratio (target ≥ 0.5), CPU per request;
//      and the floor, the bare server that also appends each push to a SampleJournal with
//      fsync 'always' (what any server keeping its promise pays for the disk).
//   b. POST /v2/airq/samples with --rows rows per request, JSON then CSV, over
//      --sample-connections connections: samples a second into the journal (target ≥ 100,000),
//      the ratio to InMemoryStore.ingest of the same rows called directly in this process, and
//      the same through `airq --database` on a throwaway PostgreSQL (fsync off, as the store
//      bench starts it), reported.
//
//   npm run bench:live -- [--duration 6] [--rounds 2] [--warmup 2] [--connections 32]
//                         [--devices 8] [--sample-connections 4] [--rows 10000] [--batches 16]
//                         [--only airrohr|samples] [--no-postgres] [--stdout tty|pipe] [--out FILE]
//                         [--airq-args='--fsync interval'] [--cli bundled|sources] [--no-build]
//
// --airq-args adds flags to every `airq` started, for ablations (the section then names them).
// Prints the section as markdown; with --out, writes it into the marked `live` section of FILE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { InMemoryStore } from '../src/store/in-memory-store.js';
import { postgresBinaries, startPostgres } from '../test/helpers/postgres-server.js';
import { machineText } from './helpers/machine-text.js';
import {
  type CliProcess,
  cliEntryText,
  prepareCliEntry,
  startCliProcess,
} from './http/cli-process.js';
import { requestsPerSecond, sumRuns } from './http/load-run.js';
import { writeMarkedSection } from './http/results-table.js';
import { REPO_ROOT, type ServerProcess, startServerProcess } from './http/server-process.js';
import {
  airRohrPushes,
  BENCH_WRITE_KEY,
  benchInstallations,
  type PostSpec,
  type SamplesBatch,
  samplesBatches,
} from './live-data.js';
import { type PostLoadFigures, runPostLoad } from './live-load.js';
import { pushTable, type SamplesResult, samplesTable } from './live-report.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    devices: { type: 'string', default: '8' },
    'sample-connections': { type: 'string', default: '4' },
    rows: { type: 'string', default: '10000' },
    batches: { type: 'string', default: '16' },
    only: { type: 'string' },
    'no-postgres': { type: 'boolean', default: false },
    cli: { type: 'string', default: 'bundled' },
    'no-build': { type: 'boolean', default: false },
    stdout: { type: 'string', default: 'tty' },
    'airq-args': { type: 'string', default: '' },
    out: { type: 'string' },
  },
});

function whole(name: keyof typeof flags, min: number): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`bench-live: --${name} must be an integer ≥ ${min}, got ${flags[name]}`);
  }
  return value;
}

const durationS = whole('duration', 1);
const rounds = whole('rounds', 1);
const warmupS = whole('warmup', 0);
const connections = whole('connections', 1);
const devices = whole('devices', 1);
const sampleConnections = whole('sample-connections', 1);
const rows = whole('rows', 100);
const batchCount = whole('batches', 1);
if (rows % 100 !== 0)
  throw new RangeError(`bench-live: --rows must be a multiple of 100, got ${rows}`);
if (flags.stdout !== 'tty' && flags.stdout !== 'pipe')
  throw new RangeError(`bench-live: --stdout must be tty or pipe, got ${flags.stdout}`);
const stdout = flags.stdout;
const log = (line: string) => process.stderr.write(`${line}\n`);
const cliEntry = prepareCliEntry(REPO_ROOT, flags.cli, flags['no-build'], log);

// 100 installations, `rows / 100` minutes of each per request.
const INSTALLATIONS = Math.max(100, devices);
const folder = mkdtempSync(join(tmpdir(), 'airq-bench-live-'));
const installationsPath = join(folder, 'installations.json');
writeFileSync(installationsPath, JSON.stringify(benchInstallations(INSTALLATIONS)));

let dirs = 0;
function startAirq(extra: readonly string[]): Promise<CliProcess> {
  const base = ['--installations', installationsPath, '--write-keys', BENCH_WRITE_KEY];
  const store = extra.includes('--database') ? [] : ['--data-dir', join(folder, `data-${++dirs}`)];
  const added = flags['airq-args'].split(' ').filter((arg) => arg !== '');
  return startCliProcess(
    REPO_ROOT,
    [...base, ...store, ...extra, ...added],
    stdout,
    undefined,
    cliEntry,
  );
}

// One request of each spec, answered 200: the servers do store what the load sends.
async function checkAnswers(server: ServerProcess, specs: readonly PostSpec[]): Promise<void> {
  for (const spec of specs) {
    const response = await fetch(new URL(spec.path, server.url), {
      method: 'POST',
      headers: spec.headers,
      body: spec.body,
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(
        `bench-live: ${spec.path} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
  }
}

const load = (server: ServerProcess, specs: readonly PostSpec[], seconds: number, conns: number) =>
  runPostLoad({
    baseUrl: server.url,
    specs,
    connections: conns,
    durationS: seconds,
    serverCpuMs: server.cpuMs,
  });

function report(name: string, run: PostLoadFigures, per = 1): void {
  const rate = requestsPerSecond(run) * per;
  const unit = per === 1 ? 'req/s' : 'samples/s';
  log(
    `${name.padEnd(34)} ${Math.round(rate)} ${unit}, statuses ${JSON.stringify(run.statuses)}, ${run.errors} errors`,
  );
}

async function benchPushes(): Promise<string> {
  const specs = airRohrPushes(devices);
  const servers: { label: string; process: ServerProcess; target?: boolean }[] = [
    { label: '`airq`, access log on', process: await startAirq([]) },
    { label: '`airq --quiet`', process: await startAirq(['--quiet']) },
  ];
  // The floor (bare + the journal) is measured like airq, against the bare server.
  servers.push({
    label: 'floor: bare + `SampleJournal` (`fsync: always`)',
    process: await startServerProcess(join(REPO_ROOT, 'bench/live-bare-server.ts'), ['--journal']),
    target: false,
  });
  const bare = await startServerProcess(join(REPO_ROOT, 'bench/live-bare-server.ts'), []);
  try {
    for (const server of servers) await checkAnswers(server.process, specs);
    const runs = servers.map((): PostLoadFigures[] => []);
    const bareRuns: PostLoadFigures[] = [];
    if (warmupS > 0) {
      for (const server of servers) await load(server.process, specs, warmupS, connections);
      await load(bare, specs, warmupS, connections);
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [at, server] of servers.entries()) {
        const run = await load(server.process, specs, durationS, connections);
        runs[at]!.push(run); // one list per server
        report(`airrohr ${server.label} ${round}/${rounds}`, run);
      }
      const run = await load(bare, specs, durationS, connections);
      bareRuns.push(run);
      report(`airrohr bare ${round}/${rounds}`, run);
    }
    if ((await bare.call({})) === 0) throw new Error('bench-live: the bare server read no body');
    const table = pushTable(
      servers.map((server, at) => ({
        label: server.label,
        runs: runs[at]!,
        target: server.target ?? true,
      })),
      bareRuns,
    );
    const failed = [...runs.flat(), ...bareRuns].some((run) => run.errors + run.non2xx > 0);
    return `${table}${failed ? '\n\n**Some requests failed or answered outside 2xx: see the last column.**' : ''}`;
  } finally {
    for (const server of servers) await server.process.stop();
    await bare.stop();
  }
}

const specsOf = (batches: readonly SamplesBatch[], format: 'json' | 'csv'): PostSpec[] =>
  batches.map((batch) => ({
    path: '/v2/airq/samples',
    headers: {
      'content-type': format === 'json' ? 'application/json' : 'text/csv',
      apikey: BENCH_WRITE_KEY,
    },
    body: batch[format],
  }));

// The same batches, in the same turn, into a fresh InMemoryStore in this process, for at least
// `seconds` and one pass: samples a second.
function ingestRate(batches: readonly SamplesBatch[], seconds: number): number {
  const store = new InMemoryStore(benchInstallations(INSTALLATIONS));
  let samples = 0;
  const startedMs = performance.now();
  for (let k = 0; k < batches.length || performance.now() - startedMs < seconds * 1000; k++) {
    samples += store.ingest(batches[k % batches.length]!.samples).accepted;
  }
  return samples / ((performance.now() - startedMs) / 1000);
}

async function samplesInto(
  label: string,
  server: ServerProcess,
  jsonBatches: readonly SamplesBatch[],
  csvBatches: readonly SamplesBatch[],
): Promise<SamplesResult[]> {
  const results: SamplesResult[] = [];
  for (const [format, batches] of [
    ['JSON', jsonBatches],
    ['CSV', csvBatches],
  ] as const) {
    const specs = specsOf(batches, format === 'JSON' ? 'json' : 'csv');
    await checkAnswers(server, specs.slice(0, 1));
    if (warmupS > 0) await load(server, specs, warmupS, sampleConnections);
    const runs: PostLoadFigures[] = [];
    for (let round = 1; round <= rounds; round++) {
      const run = await load(server, specs, durationS, sampleConnections);
      runs.push(run);
      report(`samples ${label} ${format} ${round}/${rounds}`, run, rows);
    }
    results.push({ label: `${label}, ${format}`, rowsPerRequest: rows, run: sumRuns(runs) });
  }
  return results;
}

async function benchSamples(): Promise<string> {
  const minutes = rows / 100;
  const nowMs = Date.now() - 60_000;
  // JSON and CSV write different minutes, so neither run only replaces what the other wrote.
  const jsonBatches = samplesBatches(batchCount, 100, minutes, nowMs);
  const csvBatches = samplesBatches(
    batchCount,
    100,
    minutes,
    nowMs - batchCount * minutes * 60_000,
  );
  const results: SamplesResult[] = [];
  const airq = await startAirq([]);
  try {
    results.push(
      ...(await samplesInto('journal (`--fsync always`)', airq, jsonBatches, csvBatches)),
    );
  } finally {
    await airq.stop();
  }
  const binaries = postgresBinaries();
  if (flags['no-postgres'] || !binaries.available) {
    if (!flags['no-postgres']) log('PostgreSQL skipped: install the Debian package "postgresql"');
  } else {
    const postgres = await startPostgres(binaries.path);
    try {
      const onDatabase = await startAirq(['--database', postgres.connectionString]);
      try {
        results.push(...(await samplesInto('PostgreSQL', onDatabase, jsonBatches, csvBatches)));
      } finally {
        await onDatabase.stop();
      }
    } finally {
      await postgres.stop();
    }
  }
  const ingestPerS = ingestRate([...jsonBatches, ...csvBatches], durationS);
  log(`InMemoryStore.ingest directly: ${Math.round(ingestPerS)} samples/s`);
  return samplesTable(results, ingestPerS);
}

async function main(): Promise<number> {
  const loadBefore = loadavg()[0] ?? 0;
  const parts: string[] = [];
  try {
    if (flags.only === undefined || flags.only === 'airrohr') parts.push(await benchPushes());
    if (flags.only === undefined || flags.only === 'samples') parts.push(await benchSamples());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const machine = machineText();
  const section = [
    '<!-- live:start -->',
    '## Live writes: the airRohr route and the samples route (issue 37)',
    '',
    `Written by \`npm run bench:live\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${machine}. 1-minute load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after.`,
    '',
    `\`airq\` started ${cliEntryText(cliEntry)}, with \`--installations\` (${INSTALLATIONS} installations, each fed by one airRohr device), \`--write-keys\`, a temporary \`--data-dir\` and the default \`--fsync always\`${flags['airq-args'] === '' ? '' : `, plus \`${flags['airq-args']}\``}; its stdout a ${stdout === 'tty' ? 'pseudo-terminal' : 'pipe'}. autocannon loads each server from the parent process; ${rounds} round(s) of ${durationS} s after a ${warmupS} s warm-up.`,
    '',
    ...parts.flatMap((part) => [part, '']),
    `airRohr: ${connections} connections, each sending the pushes of ${devices} devices in turn (the NRZ-2020-129 body of test/fixtures/airrohr/, Basic authentication, \`X-Sensor\`). Samples: ${sampleConnections} connections, ${rows.toLocaleString('en-US')} PM25 rows per request, ${batchCount} bodies per format in turn; PostgreSQL is a throwaway server with fsync off.`,
    '<!-- live:end -->',
  ].join('\n');
  console.log(section);
  if (flags.out !== undefined) {
    writeMarkedSection(flags.out, 'live', section);
    log(`wrote the live section of ${flags.out}`);
  }
  return 0;
}

process.exitCode = await main();
