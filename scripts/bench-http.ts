// `npm run bench:http`: `airq` as it ships (the bundled `dist/cli.js` that `npx airq` runs, built
// first), with the access log on (the default) and with `--quiet`, against a bare node:http server that answers the same
// bytes, all under autocannon load from this process, interleaved per round. Prints the table
// and writes it into the marked section of bench/RESULTS.md.
//
//   npm run bench:http -- [--duration 6] [--connections 32] [--rounds 2] [--warmup 2]
//                         [--only point] [--modes log,quiet] [--stdout tty|pipe] [--tree DIR]
//                         [--adapter-args ARGS] [--no-write] [--profile] [--out bench/RESULTS.md]
//                         [--cli bundled|sources] [--no-build]
//
// --cli: `bundled` (the default) runs the tree's `dist/cli.js`, after `npm run build` there
// unless --no-build; `sources` runs `scripts/start.mjs`, as `npm start` does in a clone.
//
// --stdout: where `airq` writes its log. `tty` (the default, as from a shell): a pseudo-terminal
// made by util-linux `script`, whose output this process drains as fast as it comes; `pipe`:
// a pipe, as for `airq | log-collector`. Without `script`, `tty` falls back to `pipe`.
// --drain-rate BYTES: drain stdout at most this many bytes a second, as a terminal that is slow
// to draw the lines (then lines may still be waiting when the runs end: not checked).
//
// --modes picks the servers: `log` (airq's defaults), `quiet` (airq --quiet), `adapter` (the
// library's createApi + createNodeListener without the CLI, bench/http/adapter-server.ts, which
// takes --adapter-args such as `--cache-bytes 0` or `--no-splice` for ablations) and `floor`
// (bench/http/floor-listener.ts: the least per-request work of a keyed, counted adapter);
// `--floor` is short for `--modes floor`.
//
// --tree runs `airq` (and the adapter server) of another checkout, e.g. a worktree of an older
// commit with its own `npm ci`, so that before and after are measured by one harness.
//
// --profile loads each server alone with the V8 CPU profiler on during each measured window and
// prints where its time goes, per request (the .cpuprofile files stay in a temp folder).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { AdapterServerInfo, ProfilerCall } from '../bench/http/adapter-server.js';
import {
  benchCases,
  type HttpBenchCase,
  nearestVendorInstallation,
} from '../bench/http/bench-cases.js';
import { type CapturedResponse, captureResponse } from '../bench/http/captured-response.js';
import { type CliEntry, prepareCliEntry, startCliProcess } from '../bench/http/cli-process.js';
import { formatProfileSummary, summariseCpuProfile } from '../bench/http/cpu-profile-summary.js';
import { type LoadFigures, requestsPerSecond, runLoad } from '../bench/http/load-run.js';
import {
  type CaseResult,
  type RunSettings,
  renderHttpSection,
  writeMarkedSection,
} from '../bench/http/results-table.js';
import { REPO_ROOT, type ServerProcess, startServerProcess } from '../bench/http/server-process.js';

/** The servers bench:http can load, how the table names them, and their targets. */
const MODES = {
  log: {
    label: 'log on',
    target: 0.75,
    text: '`airq` with its defaults, the access log on: a JSON line per request on stdout.',
  },
  quiet: { label: '--quiet', target: 0.8, text: '`airq --quiet`: the same without any log.' },
  adapter: {
    label: 'adapter',
    target: undefined,
    text: '`bench/http/adapter-server.ts`: `createApi` + `createNodeListener` over the same network, without the CLI (no page listener, no log).',
  },
  floor: {
    label: 'floor',
    target: undefined,
    text: "`bench/http/floor-listener.ts`: the least per-request work of a keyed, counted adapter, in the adapter's process.",
  },
} as const;
type Mode = keyof typeof MODES;

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    modes: { type: 'string', default: 'log,quiet' },
    floor: { type: 'boolean', default: false },
    stdout: { type: 'string', default: 'tty' },
    'drain-rate': { type: 'string' },
    tree: { type: 'string', default: REPO_ROOT },
    cli: { type: 'string', default: 'bundled' },
    'no-build': { type: 'boolean', default: false },
    'adapter-args': { type: 'string', default: '' },
    out: { type: 'string', default: 'bench/RESULTS.md' },
    'no-write': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});

function positive(
  name: 'duration' | 'connections' | 'rounds' | 'warmup',
  allowZero = false,
): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new RangeError(
      `bench-http: --${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${flags[name]}`,
    );
  }
  return value;
}

const durationS = positive('duration');
const connections = positive('connections');
const rounds = positive('rounds');
const warmupS = positive('warmup', true);
if (flags.stdout !== 'tty' && flags.stdout !== 'pipe') {
  throw new RangeError(`bench-http: --stdout must be tty or pipe, got ${flags.stdout}`);
}
const stdout = flags.stdout;
const drainRate = flags['drain-rate'] === undefined ? undefined : Number(flags['drain-rate']);
if (drainRate !== undefined && !(drainRate > 0)) {
  throw new RangeError(`bench-http: --drain-rate must be a positive number, got ${drainRate}`);
}
const modes = (flags.floor ? 'floor' : flags.modes).split(',').map((name) => {
  if (!Object.hasOwn(MODES, name)) {
    throw new RangeError(`bench-http: --modes takes ${Object.keys(MODES).join(', ')}, got ${name}`);
  }
  return name as Mode;
});
const tree = resolve(flags.tree);
let cliEntry: CliEntry = 'bundled';
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One server under test: a process, the key it takes, and its access log lines if any. */
interface Served {
  readonly mode: Mode;
  readonly process: ServerProcess;
  readonly key: string;
  readonly centre: { readonly latitude: number; readonly longitude: number };
  logLines?(): number;
  /** Requests it answered (captures, warm-ups and rounds), for the log line check. */
  answered: number;
}

const ADAPTER_KEY = 'bench-http-key';
// Where `airq`'s stdout went in fact (`tty` falls back to `pipe` without `script`).
let stdoutUsed: 'tty' | 'pipe' | undefined;

const startsCli = (mode: Mode): boolean => mode === 'log' || mode === 'quiet';

async function start(mode: Mode): Promise<Served> {
  if (startsCli(mode)) {
    const airq = await startCliProcess(
      tree,
      mode === 'quiet' ? ['--quiet'] : [],
      stdout,
      drainRate,
      cliEntry,
    );
    stdoutUsed = airq.stdout;
    const served = { mode, process: airq, key: airq.key, centre: airq.centre, answered: 0 };
    return mode === 'log' ? { ...served, logLines: airq.logLines } : served;
  }
  const args = ['--now', 'live', '--key', ADAPTER_KEY, ...(mode === 'floor' ? ['--floor'] : [])];
  const extra = flags['adapter-args'].split(' ').filter((arg) => arg !== '');
  const path = join(tree, 'bench/http/adapter-server.ts');
  const adapter = await startServerProcess(path, [...args, ...extra]);
  const { centre } = adapter.info as AdapterServerInfo;
  return { mode, process: adapter, key: ADAPTER_KEY, centre, answered: 0 };
}

async function load(
  server: ServerProcess,
  benchCase: HttpBenchCase,
  key: string | undefined,
  seconds: number,
): Promise<LoadFigures> {
  return runLoad({
    baseUrl: server.url,
    url: benchCase.url,
    headers: key === undefined ? benchCase.headers : { ...benchCase.headers, apikey: key },
    connections,
    durationS: seconds,
    serverCpuMs: server.cpuMs,
  });
}

async function loadServed(served: Served, benchCase: HttpBenchCase, seconds: number) {
  const run = await load(served.process, benchCase, served.key, seconds);
  served.answered += run.completed;
  return run;
}

// With the live clock only the bounds of `current` may differ between two answers, which keeps
// the decoded length; a body gzipped per request may differ in its compressed length.
function decodedLength(captured: CapturedResponse): number {
  const bytes = Buffer.from(captured.bodyBase64, 'base64');
  return (captured.gzip ? gunzipSync(bytes) : bytes).byteLength;
}

/**
 * The first server's answer to each case, for the bare server to replay; every server is asked
 * twice, and must answer 200 with the same decoded length both times. (Each server builds its
 * own sample network at its own start, so two servers' bodies may differ a little.)
 */
async function captureAll(
  servers: readonly Served[],
  cases: readonly HttpBenchCase[],
): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const benchCase of cases) {
    for (const served of servers) {
      const headers = { ...benchCase.headers, apikey: served.key };
      const ask = () => captureResponse(served.process.url, benchCase.url, headers, benchCase.gzip);
      const [first, again] = [await ask(), await ask()];
      served.answered += 2;
      if (first.status !== 200 || again.status !== 200) {
        const label = MODES[served.mode].label;
        throw new Error(`${benchCase.name}: ${label} answered ${first.status}, ${again.status}`);
      }
      if (decodedLength(first) !== decodedLength(again))
        throw new Error(`${benchCase.name}: the payload is not stable`);
      if (captured.length === cases.indexOf(benchCase)) captured.push(first);
    }
  }
  return captured;
}

async function checkBare(
  bare: ServerProcess,
  cases: readonly HttpBenchCase[],
  captured: readonly CapturedResponse[],
): Promise<void> {
  for (const [i, benchCase] of cases.entries()) {
    const replayed = await captureResponse(
      bare.url,
      benchCase.url,
      benchCase.headers,
      benchCase.gzip,
    );
    const expected = captured[i]!; // one capture per case
    const sameHeaders =
      Object.keys(replayed.headers).length === Object.keys(expected.headers).length;
    if (replayed.status !== 200 || replayed.bodyBase64 !== expected.bodyBase64 || !sameHeaders) {
      throw new Error(`${benchCase.name}: the bare server does not replay airq's answer`);
    }
  }
}

async function compare(
  servers: readonly Served[],
  cases: readonly HttpBenchCase[],
  captured: readonly CapturedResponse[],
): Promise<CaseResult[]> {
  const bare = await startServerProcess(join(REPO_ROOT, 'bench/http/bare-server.ts'), []);
  try {
    await bare.call({ responses: captured });
    await checkBare(bare, cases, captured);
    const results: CaseResult[] = [];
    for (const [i, benchCase] of cases.entries()) {
      if (warmupS > 0) {
        for (const served of servers) await loadServed(served, benchCase, warmupS);
        await load(bare, benchCase, undefined, warmupS);
      }
      const runs = servers.map((): LoadFigures[] => []);
      const bareRuns: LoadFigures[] = [];
      for (let round = 1; round <= rounds; round++) {
        const report = (name: string, run: LoadFigures) =>
          log(
            `${benchCase.name.padEnd(22)} ${name.padEnd(8)} round ${round}/${rounds}: ${Math.round(requestsPerSecond(run))} req/s, ${run.errors} errors, ${run.non2xx} non-2xx`,
          );
        for (const [at, served] of servers.entries()) {
          const run = await loadServed(served, benchCase, durationS);
          runs[at]!.push(run); // one list per server
          report(MODES[served.mode].label, run);
        }
        const run = await load(bare, benchCase, undefined, durationS);
        bareRuns.push(run);
        report('bare', run);
      }
      results.push({
        benchCase,
        bodyBytes: captured[i]!.bodyBytes, // one capture per case
        bareRuns,
        servers: servers.map((served, at) => ({
          label: MODES[served.mode].label,
          target: MODES[served.mode].target,
          runs: runs[at]!, // one list per server
        })),
      });
    }
    return results;
  } finally {
    await bare.stop();
  }
}

async function profile(servers: readonly Served[], cases: readonly HttpBenchCase[]) {
  const folder = mkdtempSync(join(tmpdir(), 'airq-bench-http-'));
  for (const benchCase of cases) {
    for (const served of servers) {
      const label = MODES[served.mode].label;
      if (warmupS > 0) await loadServed(served, benchCase, warmupS);
      await served.process.call({ profiler: 'start' } satisfies ProfilerCall);
      const run = await loadServed(served, benchCase, durationS);
      const name = `${benchCase.name}-${served.mode}`.replace(/\W+/g, '-');
      const path = join(folder, `${name}.cpuprofile`);
      await served.process.call({ profiler: 'stop', path } satisfies ProfilerCall);
      const cpuUs = (run.serverCpuMs * 1000) / Math.max(1, run.completed);
      console.log(
        `\n## ${benchCase.name}, ${label}: ${Math.round(requestsPerSecond(run))} req/s under the profiler, ${run.completed} requests, server CPU ${cpuUs.toFixed(1)} µs per request (${path})`,
      );
      const summary = summariseCpuProfile(JSON.parse(readFileSync(path, 'utf8')), 25);
      for (const line of formatProfileSummary(summary, run.completed)) console.log(line);
    }
  }
}

function describeTree(): string {
  const where = tree === resolve(REPO_ROOT) ? 'this checkout' : `\`${tree}\``;
  try {
    const commit = execFileSync('git', ['-C', tree, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['-C', tree, 'status', '--porcelain', '--', 'src'], {
      encoding: 'utf8',
    });
    return `${where} (${commit}${dirty === '' ? '' : ', with changes in src'})`;
  } catch {
    return where;
  }
}

async function main(): Promise<number> {
  const loadAtStart = loadavg()[0] ?? 0;
  if (loadAtStart > 0.5)
    log(
      `note: the 1-minute load average is ${loadAtStart.toFixed(2)}; other work skews the figures`,
    );
  // Only the CLI's modes need a build.
  const noBuild = flags['no-build'] || !modes.some(startsCli);
  cliEntry = prepareCliEntry(tree, flags.cli, noBuild, log);
  log(`starting ${modes.map((mode) => MODES[mode].label).join(', ')} from ${tree} …`);
  const servers: Served[] = [];
  try {
    for (const mode of modes) servers.push(await start(mode));
    const [first] = servers;
    if (first === undefined) throw new Error('bench-http: --modes names no server');
    const installationId = await nearestVendorInstallation(
      first.process.url,
      first.centre,
      first.key,
    );
    const cases = benchCases({ apiKey: first.key, installationId, centre: first.centre }).filter(
      (benchCase) => flags.only === undefined || benchCase.name.includes(flags.only),
    );
    if (cases.length === 0) throw new Error(`bench-http: no case matches --only ${flags.only}`);
    const captured = await captureAll(servers, cases);
    if (flags.profile) {
      await profile(servers, cases);
      return 0;
    }
    const results = await compare(servers, cases, captured);
    // The last lines reach stdout within the log's flush interval.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const logged = servers.find((served) => served.logLines !== undefined);
    const logCheck =
      logged?.logLines === undefined
        ? undefined
        : { lines: logged.logLines(), requests: logged.answered };
    const settings: RunSettings = {
      connections,
      durationS,
      rounds,
      warmupS,
      installationId,
      tree: describeTree(),
      cliEntry,
      servers: servers.map(({ mode }) => ({ label: MODES[mode].label, text: MODES[mode].text })),
      stdout: stdoutUsed,
      drainRate,
      logCheck,
      loadAverages: [loadAtStart, loadavg()[0] ?? 0],
    };
    const section = renderHttpSection(results, settings, new Date());
    console.log(section);
    if (!flags['no-write']) {
      writeMarkedSection(flags.out, 'http', section);
      log(`wrote the http section of ${flags.out}`);
    }
    const failedRuns = results.some((result) =>
      [...result.servers.flatMap((server) => server.runs), ...result.bareRuns].some(
        (run) => run.errors > 0 || run.non2xx > 0,
      ),
    );
    if (logCheck !== undefined && logCheck.lines < logCheck.requests && drainRate === undefined) {
      log(`the access log wrote ${logCheck.lines} lines for ${logCheck.requests} requests`);
      return 1;
    }
    return failedRuns ? 1 : 0;
  } finally {
    for (const served of servers) await served.process.stop();
  }
}

process.exitCode = await main();
