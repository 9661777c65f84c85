// The Markdown that `npm run bench:http` prints and keeps in its marked section of
// bench/RESULTS.md (`npm run bench` regenerates the rest of that file and keeps this section).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { machineText } from '../helpers/machine-text.js';
import type { HttpBenchCase } from './bench-cases.js';
import { type CliEntry, cliEntryText } from './cli-process.js';
import { type LoadFigures, requestsPerSecond, sumRuns } from './load-run.js';

/** One server's runs of one case, beside the bare replay's runs of the same rounds. */
export interface ServerRuns {
  /** How the table names the server, e.g. `log on`. */
  readonly label: string;
  /**
   * Least value of the bare server's CPU per request divided by this server's (issue 39: what
   * one core can serve, whatever pace the load generator sets); `undefined`: none.
   */
  readonly target: number | undefined;
  readonly runs: readonly LoadFigures[];
}

/** Every server's runs of one case. */
export interface CaseResult {
  readonly benchCase: HttpBenchCase;
  /** Response body on the wire, bytes. */
  readonly bodyBytes: number;
  readonly bareRuns: readonly LoadFigures[];
  readonly servers: readonly ServerRuns[];
}

/** One server as the text above the tables describes it. */
export interface ServerDescription {
  readonly label: string;
  readonly text: string;
}

/** How the runs were made, for the text above the table. */
export interface RunSettings {
  readonly connections: number;
  readonly durationS: number;
  readonly rounds: number;
  readonly warmupS: number;
  readonly installationId: number;
  /** What `airq` ran: the checkout and its commit, e.g. `this checkout (5e0334c)`. */
  readonly tree: string;
  /** How `airq` was started: its bundled CLI or its sources through tsx. */
  readonly cliEntry: CliEntry;
  readonly servers: readonly ServerDescription[];
  /** Where `airq`'s stdout went; `undefined` when no `airq` ran. */
  readonly stdout: 'tty' | 'pipe' | undefined;
  /** The most bytes a second stdout was drained at; `undefined`: as fast as it came. */
  readonly drainRate: number | undefined;
  /** Access log lines `airq` wrote while the log was on, and the requests it answered then. */
  readonly logCheck: { readonly lines: number; readonly requests: number } | undefined;
  /** 1-minute load average before and after the runs (other work on the machine skews them). */
  readonly loadAverages: readonly [number, number];
}

// Above this 1-minute load average before the runs, the section says its figures are
// indicative (the benchmark's own two busy processes come after).
const BUSY_LOAD_AVERAGE = 1;

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
 * A server's share of the bare server's throughput in one case, over all rounds.
 *
 * @example
 * throughputRatio(server.runs, result.bareRuns); // 0.63
 */
export function throughputRatio(
  runs: readonly LoadFigures[],
  bareRuns: readonly LoadFigures[],
): number {
  const bare = requestsPerSecond(sumRuns(bareRuns));
  return bare > 0 ? requestsPerSecond(sumRuns(runs)) / bare : 0;
}

/**
 * The bare server's CPU per completed request divided by this server's, over all rounds: the
 * share of a core's capacity the server keeps. This is what the targets judge: with the load
 * generator on the same two cores, req/s saturates at the generator and drifts towards 1.
 *
 * @example
 * cpuRatio(server.runs, result.bareRuns); // 0.71
 */
export function cpuRatio(runs: readonly LoadFigures[], bareRuns: readonly LoadFigures[]): number {
  const server = cpuMicrosPerRequest(sumRuns(runs));
  const bare = cpuMicrosPerRequest(sumRuns(bareRuns));
  return server > 0 && Number.isFinite(bare) ? bare / server : 0;
}

// Server CPU time per completed request, µs; NaN when nothing completed.
function cpuMicrosPerRequest(figures: LoadFigures): number {
  return figures.completed > 0 ? (figures.serverCpuMs * 1000) / figures.completed : Number.NaN;
}

/** Server CPU time per completed request, µs: robust against other load on the machine. */
function cpuPerRequest(figures: LoadFigures): string {
  const micros = cpuMicrosPerRequest(figures);
  return Number.isNaN(micros) ? '—' : count(micros);
}

const percentiles = (figures: LoadFigures) =>
  `${ms(figures.latency.percentile(50))} / ${ms(figures.latency.percentile(99))}`;

function verdict(server: ServerRuns, ratio: number): string {
  if (server.target === undefined) return '—';
  return `≥ ${server.target.toFixed(2)} ${ratio >= server.target ? 'met' : '**missed**'}`;
}

function detailRow(result: CaseResult, server: ServerRuns): string {
  const figures = sumRuns(server.runs);
  const bare = sumRuns(result.bareRuns);
  const ratio = throughputRatio(server.runs, result.bareRuns);
  const cpu = cpuRatio(server.runs, result.bareRuns);
  return [
    '',
    `${result.benchCase.route} ${result.benchCase.gzip ? 'gzip' : 'plain'}`,
    server.label,
    count(result.bodyBytes),
    throughput(server.runs),
    throughput(result.bareRuns),
    `${(ratio * 100).toFixed(0)}%`,
    `${cpuPerRequest(figures)} / ${cpuPerRequest(bare)}`,
    cpu.toFixed(2),
    verdict(server, cpu),
    percentiles(figures),
    percentiles(bare),
    `${figures.errors} / ${bare.errors}`,
    `${figures.non2xx} / ${bare.non2xx}`,
    '',
  ]
    .join(' | ')
    .trim();
}

// The issue's shape: per route, each server's ratio and p99 as `plain / gzip`.
function summaryTable(results: readonly CaseResult[]): string[] {
  const labels = results[0]?.servers.map((server) => server.label) ?? [];
  const routes = [...new Set(results.map((result) => result.benchCase.route))];
  const cell = (route: string, label: string, value: (r: CaseResult, s: ServerRuns) => string) =>
    [false, true]
      .map((gzip) => {
        const result = results.find(
          (r) => r.benchCase.route === route && r.benchCase.gzip === gzip,
        );
        const server = result?.servers.find((s) => s.label === label);
        return result === undefined || server === undefined ? '—' : value(result, server);
      })
      .join(' / ');
  const ratio = (result: CaseResult, server: ServerRuns) =>
    cpuRatio(server.runs, result.bareRuns).toFixed(2);
  const p99 = (_result: CaseResult, server: ServerRuns) =>
    ms(sumRuns(server.runs).latency.percentile(99));
  const bareP99 = (result: CaseResult) => ms(sumRuns(result.bareRuns).latency.percentile(99));
  return [
    `| route | ${labels.map((label) => `${label}: bare ÷ airq CPU, plain / gzip`).join(' | ')} | ${labels.map((label) => `${label}: p99 ms`).join(' | ')} | bare: p99 ms |`,
    `|---|${labels.map(() => '---:|').join('')}${labels.map(() => '---:|').join('')}---:|`,
    ...routes.map(
      (route) =>
        `| ${route} | ${labels.map((label) => cell(route, label, ratio)).join(' | ')} | ${labels.map((label) => cell(route, label, p99)).join(' | ')} | ${cell(route, labels[0] ?? '', bareP99)} |`,
    ),
  ];
}

/**
 * The whole marked section: machine, settings, the summary per route and one row per case and
 * server.
 *
 * @example
 * renderHttpSection(results, settings, new Date()).startsWith('<!-- http:start -->'); // true
 */
export function renderHttpSection(
  results: readonly CaseResult[],
  settings: RunSettings,
  writtenAt: Date,
): string {
  const rows = results.flatMap((result) => result.servers.map((server) => ({ result, server })));
  const targeted = rows.filter(({ server }) => server.target !== undefined);
  const met = targeted.filter(
    ({ result, server }) =>
      cpuRatio(server.runs, result.bareRuns) >= (server.target ?? Number.POSITIVE_INFINITY),
  );
  const { logCheck } = settings;
  return [
    SECTION_START,
    '## HTTP: `airq` as it ships vs bare `node:http`',
    '',
    `Written by \`npm run bench:http\` on ${writtenAt.toISOString().slice(0, 10)}.`,
    `Machine: ${machineText()}.`,
    `1-minute load average before / after the runs: ${settings.loadAverages.map((load) => load.toFixed(2)).join(' / ')}.`,
    ...(settings.loadAverages[0] > BUSY_LOAD_AVERAGE
      ? [
          '',
          `**Indicative, measured on a busy machine** (load average ${settings.loadAverages[0].toFixed(1)} before the runs): other work moved these figures; rerun on an idle machine for the record.`,
        ]
      : []),
    '',
    [
      `**\`airq\`** from ${settings.tree}, started ${cliEntryText(settings.cliEntry)}`,
      'with its defaults: the sample network (seed 1) on the live clock, producing every 30 s, the',
      'page listener in front of `/v2`, `node:zlib` gzip, its generated demo key. Only a free port',
      'and day and minute limits of 1e9 are added (the default 50 a minute would answer 429).',
      `Installation ${settings.installationId} is the active vendor installation nearest the centre.`,
      ...settings.servers.map(({ label, text }) => `**${label}**: ${text}`),
      settings.stdout === undefined
        ? ''
        : settings.stdout === 'tty'
          ? "`airq`'s stdout is a pseudo-terminal (util-linux `script`), as from a shell,"
          : "`airq`'s stdout is a pipe, as for `airq | log-collector`,",
      settings.stdout === undefined
        ? ''
        : settings.drainRate === undefined
          ? 'drained as fast as it comes.'
          : `drained at most ${count(settings.drainRate)} bytes a second, as a terminal slow to draw the lines.`,
      "**Bare**: `node:http` answering each request with `airq`'s captured bytes (gzip'd bytes in",
      'the gzip rows) and headers.',
    ]
      .filter((text) => text !== '')
      .join(' '),
    '',
    [
      'Each server runs in a process of its own; autocannon loads it from the parent process (with',
      'few cores, the load generator competes with the server for CPU).',
      `${settings.connections} connections; per request a ${settings.warmupS} s warm-up of each`,
      `server, then ${settings.rounds} round(s) of ${settings.durationS} s per server, interleaved`,
      `(${[...settings.servers.map(({ label }) => label), 'bare'].join(', ')}, then again).`,
      'req/s is over all rounds (each round in brackets); latency percentiles are over every',
      'response of all rounds; server CPU is the time the server process used (all its threads,',
      'so gzip and log writes on the thread pool too) per completed request.',
      logCheck === undefined
        ? ''
        : `By the end, the access log wrote ${count(logCheck.lines)} lines for the ${count(logCheck.requests)} requests answered with the log on.`,
    ]
      .filter((text) => text !== '')
      .join(' '),
    '',
    `Targets met: ${met.length} of ${targeted.length} (bare ÷ airq CPU per request: at least 0.75 with the log, 0.80 with \`--quiet\`).`,
    '',
    ...summaryTable(results),
    '',
    '| request | server | body bytes | req/s | bare req/s | req/s ÷ bare | server CPU µs per request / bare | bare ÷ airq CPU | target | p50 / p99 ms | bare p50 / p99 ms | errors / bare | non-2xx / bare |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|',
    ...rows.map(({ result, server }) => detailRow(result, server)),
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
