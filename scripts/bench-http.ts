// `npm run bench:http`: the /v2 adapter against a bare node:http server that answers the same
// bytes, both under autocannon load from this process, interleaved A B A B per request. Prints
// the table and writes it into the marked section of bench/RESULTS.md.
//
//   npm run bench:http -- [--duration 10] [--connections 32] [--rounds 2] [--warmup 2]
//                         [--now live|ISO] [--only point] [--gzip node|web] [--no-write] [--profile]
//                         [--floor]
//
// By default the adapter runs as `npm start` does: the live clock, and the sample network
// producing new samples every 30 s. `--now ISO` freezes the data clock instead.
//
// --profile loads only the adapter, with the V8 CPU profiler on during each measured window,
// and prints where its time goes (the .cpuprofile files stay in a temp folder for DevTools).
//
// --floor puts bench/http/floor-listener.ts in the adapter's place: the least per-request work
// of a keyed, counted adapter, in the adapter's process. Its share of the bare server is the
// most an adapter can reach in this harness. Its table is printed, never written.
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { AdapterServerInfo, ProfilerCall } from '../bench/http/adapter-server.js';
import {
  benchCases,
  type HttpBenchCase,
  nearestVendorInstallation,
} from '../bench/http/bench-cases.js';
import { type CapturedResponse, captureResponse } from '../bench/http/captured-response.js';
import { formatProfileSummary, summariseCpuProfile } from '../bench/http/cpu-profile-summary.js';
import { type LoadFigures, requestsPerSecond, runLoad } from '../bench/http/load-run.js';
import {
  type CaseResult,
  type RunSettings,
  renderHttpSection,
  writeMarkedSection,
} from '../bench/http/results-table.js';
import { type ServerProcess, startServerProcess } from '../bench/http/server-process.js';

const API_KEY = 'bench-http-key';
const serverPath = (name: string) =>
  fileURLToPath(new URL(`../bench/http/${name}`, import.meta.url));

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    now: { type: 'string', default: 'live' },
    gzip: { type: 'string', default: 'node' },
    only: { type: 'string' },
    out: { type: 'string', default: 'bench/RESULTS.md' },
    'no-write': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
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
if (flags.gzip !== 'node' && flags.gzip !== 'web') {
  throw new RangeError(`bench-http: --gzip must be node or web, got ${flags.gzip}`);
}
const adapterGzip = flags.gzip;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function load(
  server: ServerProcess,
  benchCase: HttpBenchCase,
  seconds: number,
): Promise<LoadFigures> {
  return runLoad({
    baseUrl: server.url,
    url: benchCase.url,
    headers: benchCase.headers,
    connections,
    durationS: seconds,
    serverCpuMs: server.cpuMs,
  });
}

/**
 * The adapter's answer to each case, checked to be a 200 and the same on a second ask (with the
 * live clock, the same length: the bounds of `current` follow the clock).
 */
async function captureAll(
  adapter: ServerProcess,
  cases: readonly HttpBenchCase[],
): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const benchCase of cases) {
    const first = await captureResponse(
      adapter.url,
      benchCase.url,
      benchCase.headers,
      benchCase.gzip,
    );
    const again = await captureResponse(
      adapter.url,
      benchCase.url,
      benchCase.headers,
      benchCase.gzip,
    );
    if (first.status !== 200)
      throw new Error(`${benchCase.name}: the adapter answered ${first.status}`);
    // With the live clock only the bounds of `current` may differ, which keeps the decoded
    // length; a body gzipped per request may differ in its compressed length by a byte or two.
    const decodedLength = (captured: CapturedResponse) => {
      const bytes = Buffer.from(captured.bodyBase64, 'base64');
      return (captured.gzip ? gunzipSync(bytes) : bytes).byteLength;
    };
    const stable =
      flags.now === 'live'
        ? decodedLength(first) === decodedLength(again)
        : first.bodyBase64 === again.bodyBase64;
    if (!stable) throw new Error(`${benchCase.name}: the payload is not stable`);
    captured.push(first);
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
      throw new Error(`${benchCase.name}: the bare server does not replay the adapter's answer`);
    }
  }
}

async function compare(
  adapter: ServerProcess,
  cases: readonly HttpBenchCase[],
  captured: readonly CapturedResponse[],
): Promise<CaseResult[]> {
  const bare = await startServerProcess(serverPath('bare-server.ts'), []);
  try {
    await bare.call({ responses: captured });
    await checkBare(bare, cases, captured);
    const results: CaseResult[] = [];
    for (const [i, benchCase] of cases.entries()) {
      if (warmupS > 0) {
        await load(adapter, benchCase, warmupS);
        await load(bare, benchCase, warmupS);
      }
      const adapterRuns: LoadFigures[] = [];
      const bareRuns: LoadFigures[] = [];
      for (let round = 1; round <= rounds; round++) {
        for (const [name, server, runs] of [
          ['adapter', adapter, adapterRuns],
          ['bare', bare, bareRuns],
        ] as const) {
          const run = await load(server, benchCase, durationS);
          runs.push(run);
          log(
            `${benchCase.name.padEnd(22)} ${name.padEnd(7)} round ${round}/${rounds}: ${Math.round(requestsPerSecond(run))} req/s, ${run.errors} errors, ${run.non2xx} non-2xx`,
          );
        }
      }
      results.push({ benchCase, bodyBytes: captured[i]!.bodyBytes, adapterRuns, bareRuns }); // one capture per case
    }
    return results;
  } finally {
    await bare.stop();
  }
}

async function profile(adapter: ServerProcess, cases: readonly HttpBenchCase[]): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'airq-bench-http-'));
  for (const benchCase of cases) {
    if (warmupS > 0) await load(adapter, benchCase, warmupS);
    await adapter.call({ profiler: 'start' } satisfies ProfilerCall);
    const run = await load(adapter, benchCase, durationS);
    const path = join(folder, `${benchCase.name.replace(/\W+/g, '-')}.cpuprofile`);
    await adapter.call({ profiler: 'stop', path } satisfies ProfilerCall);
    console.log(
      `\n## ${benchCase.name}: ${Math.round(requestsPerSecond(run))} req/s under the profiler (${path})`,
    );
    const summary = summariseCpuProfile(JSON.parse(readFileSync(path, 'utf8')), 25);
    for (const line of formatProfileSummary(summary)) console.log(line);
  }
}

async function main(): Promise<number> {
  const loadAtStart = loadavg()[0] ?? 0;
  if (loadAtStart > 0.5)
    log(
      `note: the 1-minute load average is ${loadAtStart.toFixed(2)}; other work skews the figures`,
    );
  log(`starting the adapter (sample network, data clock ${flags.now}) …`);
  const adapter = await startServerProcess(serverPath('adapter-server.ts'), [
    '--now',
    flags.now,
    '--key',
    API_KEY,
    '--gzip',
    adapterGzip,
    ...(flags.floor ? ['--floor'] : []),
  ]);
  try {
    const info = adapter.info as AdapterServerInfo;
    const installationId = await nearestVendorInstallation(adapter.url, info.centre, API_KEY);
    const cases = benchCases({ apiKey: API_KEY, installationId, centre: info.centre }).filter(
      (benchCase) => flags.only === undefined || benchCase.name.includes(flags.only),
    );
    if (cases.length === 0) throw new Error(`bench-http: no case matches --only ${flags.only}`);
    const captured = await captureAll(adapter, cases);
    if (flags.profile) {
      await profile(adapter, cases);
      return 0;
    }
    const results = await compare(adapter, cases, captured);
    const settings: RunSettings = {
      connections,
      durationS,
      rounds,
      warmupS,
      nowIso: info.nowIso,
      installationId,
      adapterGzip,
      loadAverages: [loadAtStart, loadavg()[0] ?? 0],
    };
    const section = renderHttpSection(results, settings, new Date());
    console.log(section);
    if (flags.floor) log('--floor: the "adapter" columns are the floor listener; not written');
    else if (!flags['no-write']) {
      writeMarkedSection(flags.out, 'http', section);
      log(`wrote the http section of ${flags.out}`);
    }
    const failed = results.some((result) =>
      [...result.adapterRuns, ...result.bareRuns].some((run) => run.errors > 0 || run.non2xx > 0),
    );
    return failed ? 1 : 0;
  } finally {
    await adapter.stop();
  }
}

process.exitCode = await main();
