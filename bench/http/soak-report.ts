// The verdict and the report of `npm run soak`: pure functions of what the run measured.

import type { MinuteFigures } from './soak-load.js';
import type { MemoryReading } from './soak-server.js';

/** A memory reading of the server, `atS` seconds after the load started. */
export interface TimedReading extends MemoryReading {
  readonly atS: number;
}

/** How far p99 may grow from the first minute to the last. */
export const MAX_P99_GROWTH = 2;
/** How far RSS may grow after the first minute. */
export const MAX_RSS_GROWTH = 1.2;

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));

function countWhere(minute: MinuteFigures, test: (status: number) => boolean): number {
  let total = 0;
  for (const [status, count] of minute.statuses) if (test(status)) total += count;
  return total;
}

/** The reading that closes the first minute: the first one at or after 60 s. */
export function firstMinuteReading(readings: readonly TimedReading[]): TimedReading | undefined {
  return readings.find((reading) => reading.atS >= 60);
}

/**
 * Why the run failed: any 5xx, any answer with another status than its request expects, any
 * connection error or timeout, p99 of the last minute more than {@link MAX_P99_GROWTH} times
 * the first minute's, or RSS at the end more than {@link MAX_RSS_GROWTH} times RSS at the end
 * of the first minute. Empty when it passed.
 *
 * @example
 * soakFailures(minutes, readings); // [] or ['3 answers with status 5xx', …]
 */
export function soakFailures(
  minutes: readonly MinuteFigures[],
  readings: readonly TimedReading[],
): string[] {
  const failures: string[] = [];
  const sum = (pick: (minute: MinuteFigures) => number) =>
    minutes.reduce((total, minute) => total + pick(minute), 0);
  const serverErrors = sum((minute) => countWhere(minute, (status) => status >= 500));
  if (serverErrors > 0) failures.push(`${serverErrors} answers with status 5xx`);
  const unexpected = sum((minute) => [...minute.unexpected.values()].reduce((a, b) => a + b, 0));
  if (unexpected > 0) failures.push(`${unexpected} answers with another status than expected`);
  const errors = sum((minute) => minute.errors);
  if (errors > 0) failures.push(`${errors} connection errors or timeouts`);
  const firstP99 = minutes[0]?.latency.percentile(99);
  const lastP99 = minutes.at(-1)?.latency.percentile(99);
  if (firstP99 !== undefined && lastP99 !== undefined && lastP99 > MAX_P99_GROWTH * firstP99) {
    failures.push(`p99 grew from ${ms(firstP99)} ms in the first minute to ${ms(lastP99)} ms`);
  }
  const baseline = firstMinuteReading(readings);
  const last = readings.at(-1);
  if (baseline !== undefined && last !== undefined && last !== baseline) {
    if (last.rssBytes > MAX_RSS_GROWTH * baseline.rssBytes) {
      failures.push(
        `RSS grew from ${mb(baseline.rssBytes)} MB after the first minute to ${mb(last.rssBytes)} MB`,
      );
    }
  }
  return failures;
}

/** One line per minute for the console and the report. */
export function minuteRow(minute: MinuteFigures, index: number): string {
  const rate = minute.durationS > 0 ? minute.completed / minute.durationS : 0;
  const unexpected = [...minute.unexpected].map(([what, count]) => `${what} ×${count}`);
  return `| ${index + 1} | ${minute.completed} | ${rate.toFixed(1)} | ${ms(minute.latency.percentile(50))} | ${ms(minute.latency.percentile(99))} | ${countWhere(minute, (s) => s < 300)} | ${countWhere(minute, (s) => s >= 300 && s < 500)} | ${countWhere(minute, (s) => s >= 500)} | ${minute.errors} | ${unexpected.join(', ') || '—'} |`;
}

/** The header of the per-minute table. */
export const MINUTE_HEADER = [
  '| minute | answers | req/s | p50 ms | p99 ms | 2xx | 3xx–4xx | 5xx | errors | unexpected |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
].join('\n');

/** One console line per memory reading. */
export function readingLine(reading: TimedReading): string {
  return `t=${reading.atS}s RSS ${mb(reading.rssBytes)} MB, heap ${mb(reading.heapUsedBytes)} of ${mb(reading.heapTotalBytes)} MB`;
}

/** What the report says about how the run was made. */
export interface SoakSettings {
  readonly minutes: number;
  readonly ratePerS: number;
  readonly connections: number;
  readonly requestKinds: number;
  readonly machine: string;
  readonly cores: number;
  readonly loadAverages: readonly [number, number];
  readonly date: Date;
}

/**
 * The `soak` section of bench/RESULTS.md: settings, the per-minute table, RSS and heap every
 * 10 s (one row per minute), and the verdict.
 */
export function renderSoakSection(
  minutes: readonly MinuteFigures[],
  readings: readonly TimedReading[],
  settings: SoakSettings,
): string {
  const failures = soakFailures(minutes, readings);
  const memoryRows: string[] = [];
  for (let minute = 0; minute * 60 <= (readings.at(-1)?.atS ?? 0); minute += 1) {
    const inMinute = readings.filter((r) => r.atS >= minute * 60 && r.atS < (minute + 1) * 60);
    if (inMinute.length === 0) continue;
    const rss = inMinute.map((r) => mb(r.rssBytes)).join(' ');
    const heap = inMinute.map((r) => mb(r.heapUsedBytes)).join(' ');
    memoryRows.push(`| ${minute * 60} s | ${rss} | ${heap} |`);
  }
  const [before, after] = settings.loadAverages;
  return [
    '<!-- soak:start -->',
    `## Soak: ${settings.minutes} minutes of steady mixed load`,
    '',
    `\`npm run soak -- --minutes ${settings.minutes}\` on ${settings.date.toISOString().slice(0, 10)}, ${settings.machine}. The server is \`npm start\` (the sample network, live producer) in its own process; autocannon sends ${settings.ratePerS} requests/s over ${settings.connections} connections, cycling through ${settings.requestKinds} requests (meta, installation, nearest, point, the contract, bad parameters, no key, unknown path, POST; half gzip). 1-minute load average ${before.toFixed(2)} before, ${after.toFixed(2)} after${Math.max(before, after) > settings.cores ? ': other jobs shared the machine, so the latencies are upper bounds' : ''}.`,
    '',
    MINUTE_HEADER,
    ...minutes.map(minuteRow),
    '',
    'Server memory every 10 s (MB), one row per minute of load:',
    '',
    '| from | RSS | heap used |',
    '|---:|---|---|',
    ...memoryRows,
    '',
    failures.length === 0
      ? `Verdict: passed (no 5xx, no unexpected status, p99 within ${MAX_P99_GROWTH}× of the first minute, RSS within ${Math.round((MAX_RSS_GROWTH - 1) * 100)}% of the first minute's end).`
      : `Verdict: failed: ${failures.join('; ')}.`,
    '<!-- soak:end -->',
  ].join('\n');
}
