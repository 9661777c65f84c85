// The Markdown that `npm run bench:http` prints and keeps in its marked section of
// bench/RESULTS.md (`npm run bench` regenerates the rest of that file and keeps this section).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import type { HttpBenchCase } from './bench-cases.js';
import { type LoadFigures, requestsPerSecond, sumRuns } from './load-run.js';

/** Both servers' runs of one case. */
export interface CaseResult {
  readonly benchCase: HttpBenchCase;
  /** Response body on the wire, bytes. */
  readonly bodyBytes: number;
  readonly adapterRuns: readonly LoadFigures[];
  readonly bareRuns: readonly LoadFigures[];
}

/** How the runs were made, for the text above the table. */
export interface RunSettings {
  readonly connections: number;
  readonly durationS: number;
  readonly rounds: number;
  readonly warmupS: number;
  readonly nowIso: string;
  readonly installationId: number;
  readonly adapterGzip: 'node' | 'web';
  /** 1-minute load average before and after the runs (other work on the machine skews them). */
  readonly loadAverages: readonly [number, number];
}

/** Start and end markers of the section this benchmark owns in bench/RESULTS.md. */
export const SECTION_START = '<!-- http:start -->';
export const SECTION_END = '<!-- http:end -->';

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));

function throughput(runs: readonly LoadFigures[]): string {
  const total = count(requestsPerSecond(sumRuns(runs)));
  return runs.length < 2
    ? total
    : `${total} (${runs.map((run) => count(requestsPerSecond(run))).join(', ')})`;
}

/**
 * The adapter's share of the bare server's throughput, over all rounds.
 *
 * @example
 * throughputRatio(result); // 0.63
 */
export function throughputRatio(result: CaseResult): number {
  const bare = requestsPerSecond(sumRuns(result.bareRuns));
  return bare > 0 ? requestsPerSecond(sumRuns(result.adapterRuns)) / bare : 0;
}

/** CPU time per second under load, as % of one core. */
function cpuShare(figures: LoadFigures, which: 'serverCpuMs' | 'generatorCpuMs'): string {
  return figures.durationS > 0 ? `${Math.round(figures[which] / figures.durationS / 10)}%` : '—';
}

/** Server CPU time per completed request, µs: robust against other load on the machine. */
function cpuPerRequest(figures: LoadFigures): string {
  return figures.completed > 0 ? count((figures.serverCpuMs * 1000) / figures.completed) : '—';
}

function row(result: CaseResult): string {
  const adapter = sumRuns(result.adapterRuns);
  const bare = sumRuns(result.bareRuns);
  const ratio = throughputRatio(result);
  const target = result.benchCase.targetRatio;
  const verdict = `≥ ${Math.round(target * 100)}% ${ratio >= target ? 'met' : '**missed**'}`;
  const latency = (figures: LoadFigures) =>
    `${ms(figures.latency.percentile(50))} / ${ms(figures.latency.percentile(99))}`;
  return [
    '',
    `\`${result.benchCase.url}\``,
    result.benchCase.gzip ? 'gzip' : '—',
    count(result.bodyBytes),
    throughput(result.adapterRuns),
    throughput(result.bareRuns),
    `${(ratio * 100).toFixed(0)}%`,
    verdict,
    latency(adapter),
    latency(bare),
    `${cpuShare(adapter, 'serverCpuMs')} / ${cpuShare(bare, 'serverCpuMs')}`,
    `${cpuPerRequest(adapter)} / ${cpuPerRequest(bare)}`,
    `${cpuShare(adapter, 'generatorCpuMs')} / ${cpuShare(bare, 'generatorCpuMs')}`,
    `${adapter.errors} / ${bare.errors}`,
    `${adapter.non2xx} / ${bare.non2xx}`,
    '',
  ]
    .join(' | ')
    .trim();
}

/**
 * The whole marked section: machine, settings, and one row per case.
 *
 * @example
 * renderHttpSection(results, settings, new Date()).startsWith('<!-- http:start -->'); // true
 */
export function renderHttpSection(
  results: readonly CaseResult[],
  settings: RunSettings,
  writtenAt: Date,
): string {
  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const met = results.filter((result) => throughputRatio(result) >= result.benchCase.targetRatio);
  return [
    SECTION_START,
    '## HTTP adapter vs bare `node:http`',
    '',
    `Written by \`npm run bench:http\` on ${writtenAt.toISOString().slice(0, 10)}.`,
    `Machine: ${cpuModel}, ${cpus().length} cores; Node ${process.version}; ${platform()} ${arch()}.`,
    `1-minute load average before / after the runs: ${settings.loadAverages.map((load) => load.toFixed(2)).join(' / ')}.`,
    '',
    [
      'Each server runs in a child process of its own; autocannon loads it from the parent',
      'process (with few cores, the load generator competes with the server for CPU).',
      `${settings.connections} connections; per request a ${settings.warmupS} s warm-up of each`,
      `server, then ${settings.rounds} round(s) of ${settings.durationS} s per server, interleaved`,
      'adapter, bare, adapter, bare.',
    ].join(' '),
    '',
    [
      '**Adapter**: `createApi` + `createNodeListener` over `createSampleNetwork` (seed 1),',
      settings.nowIso === 'live'
        ? 'the live clock with the network producing samples every 30 s (as `npm start`),'
        : `data clock frozen at ${settings.nowIso},`,
      'one key in the `apikey` header, day and minute limits',
      `1e9, no access log, ${settings.adapterGzip === 'node' ? '`node:zlib` gzip (as `npm start`)' : 'the default `CompressionStream` gzip'}.`,
      `Installation ${settings.installationId} is the active vendor installation nearest the centre.`,
      "**Bare**: `node:http` answering each request with the adapter's captured bytes (gzip'd",
      'bytes in the gzip rows) and headers.',
    ].join(' '),
    '',
    [
      'req/s is over all rounds (each round in brackets); latency percentiles are over every',
      'response of all rounds. CPU is the time the server process (all its threads, so gzip on',
      'the thread pool too) and the load generator used per second under load, in % of one core.',
    ].join(' '),
    '',
    `Targets met: ${met.length} of ${results.length}.`,
    '',
    '| request | gzip | body bytes | adapter req/s | bare req/s | adapter ÷ bare | target | adapter p50 / p99 ms | bare p50 / p99 ms | server CPU A / B | server CPU µs per request A / B | autocannon CPU A / B | errors A / B | non-2xx A / B |',
    '|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(row),
    SECTION_END,
  ].join('\n');
}

/**
 * Puts `section` into the section of `path` marked `<!-- name:start -->` … `<!-- name:end -->`,
 * leaving the rest of the file as it is; appends the section when the file has none, creates
 * the file when there is none. `scripts/bench-report.ts` keeps marked sections when it
 * rewrites the file.
 *
 * @example
 * writeMarkedSection('bench/RESULTS.md', 'http', renderHttpSection(results, settings, new Date()));
 */
export function writeMarkedSection(path: string, name: string, section: string): void {
  if (!existsSync(path)) {
    writeFileSync(path, `${section}\n`);
    return;
  }
  const marked = new RegExp(`<!-- ${name}:start -->[\\s\\S]*?<!-- ${name}:end -->`);
  const previous = readFileSync(path, 'utf8');
  const next = marked.test(previous)
    ? previous.replace(marked, () => section)
    : `${previous.replace(/\n*$/, '\n\n')}${section}\n`;
  writeFileSync(path, next);
}
