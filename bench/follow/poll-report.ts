// The figures of `npm run bench:follow` from what was seen outside `airq`: each poll's window
// (from the file request's arrival at the file server to the data directory's last change
// before the next request), each read placed during a poll or well away from any, and the
// tables of the RESULTS.md section.
import type { DataJsonRequest } from './data-json-server.js';
import type { MemorySample } from './process-watch.js';
import type { TimedRead } from './timed-reads.js';

/** A stall of a thread, `[startedAtMs, stallMs]`, as bench/http/stall-probe.mjs notes it. */
export type Stall = readonly [number, number];

/** One poll as seen from outside, epoch ms. */
export interface PollWindow {
  readonly startMs: number;
  /** The last change of the data directory before the next poll; `undefined`: nothing stored. */
  readonly storedMs: number | undefined;
  /** When the file's last byte left the file server. */
  readonly sentMs: number | undefined;
}

/**
 * The window of every request: stored at the last data-directory change after it and before
 * the next request (or `untilMs`).
 *
 * @example
 * pollWindows([{ arrivedMs: 0, renderedMs: 5, sentMs: 90 }], [400, 410], 6000);
 * // [{ startMs: 0, storedMs: 410, sentMs: 90 }]
 */
export function pollWindows(
  requests: readonly DataJsonRequest[],
  dataChangesMs: readonly number[],
  untilMs: number,
): PollWindow[] {
  return requests.map((request, at) => {
    const nextMs = requests[at + 1]?.arrivedMs ?? untilMs;
    const changes = dataChangesMs.filter((ms) => ms > request.arrivedMs && ms < nextMs);
    return { startMs: request.arrivedMs, storedMs: changes.at(-1), sentMs: request.sentMs };
  });
}

/** The reads of the measured span, split. */
export interface ReadClasses {
  /** Reads whose time overlaps a measured poll's window. */
  readonly during: readonly TimedRead[];
  /** Reads that began at least `guardMs` after any poll stored and ended before the next began. */
  readonly without: readonly TimedRead[];
}

/**
 * Places each read of the span from the first measured poll's predecessor (stored + guard) to
 * the start of the poll after the last measured one: during a poll, or without one; reads just
 * after a poll (within `guardMs`, its garbage still being collected) count as neither.
 *
 * @param measured - the windows of the polls measured
 * @param fromMs - where the span begins (the warm-up poll's end plus the guard)
 * @param untilMs - where it ends (the next poll's start)
 * @example
 * classifyReads(reads, windows.slice(1, 11), windows[0].storedMs + 1000, windows[11].startMs, 1000);
 */
export function classifyReads(
  reads: readonly TimedRead[],
  measured: readonly { readonly startMs: number; readonly storedMs: number }[],
  fromMs: number,
  untilMs: number,
  guardMs: number,
): ReadClasses {
  const during: TimedRead[] = [];
  const without: TimedRead[] = [];
  for (const read of reads) {
    if (read.startMs < fromMs || read.endMs > untilMs) continue;
    // A read touches a window when their times overlap.
    const touches = (poll: (typeof measured)[number], endMs: number) =>
      read.endMs >= poll.startMs && read.startMs <= endMs;
    if (measured.some((poll) => touches(poll, poll.storedMs))) during.push(read);
    else if (!measured.some((poll) => touches(poll, poll.storedMs + guardMs))) without.push(read);
  }
  return { during, without };
}

/**
 * The nearest-rank percentile of `values`, `undefined` when there are none.
 *
 * @example
 * percentile([3, 1, 2], 50); // 2
 */
export function percentile(values: readonly number[], percent: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)];
}

const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(1));
// Poll times come from Date.now() in several processes: whole milliseconds.
const wholeMs = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0));
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
const count = (value: number) => value.toLocaleString('en-US');
const latency = (read: TimedRead) => read.endMs - read.startMs;

/** A row of the reads table: one route (or all) in one class. */
function readRow(label: string, reads: readonly TimedRead[]): string {
  const times = reads.map(latency);
  const failed = reads.filter((read) => read.status < 200 || read.status > 299).length;
  return `| ${label} | ${count(reads.length)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(percentile(times, 100))} | ${failed} |`;
}

/** The p99 ratio during ÷ without, and, when judged, whether it meets the target of at most 1.5×. */
function ratioText(
  during: readonly TimedRead[],
  without: readonly TimedRead[],
  judged: boolean,
): string {
  const a = percentile(during.map(latency), 99);
  const b = percentile(without.map(latency), 99);
  if (a === undefined || b === undefined || b === 0) return '—';
  const ratio = a / b;
  if (!judged) return `${ratio.toFixed(2)}×`;
  return `${ratio.toFixed(2)}× (target ≤ 1.5× ${ratio <= 1.5 ? 'met' : 'missed'})`;
}

/**
 * The reads table: each route and all together, without and during polls. `judged`: the ratios
 * are set against issue 38's target (a city's box); a run of another box only reports them.
 */
export function readsTable(classes: ReadClasses, routes: readonly string[], judged = true): string {
  const rows = [
    '| reads | count | p50 ms | p99 ms | max ms | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  const ratios: string[] = [];
  for (const route of [...routes, 'all']) {
    const pick = (reads: readonly TimedRead[]) =>
      route === 'all' ? reads : reads.filter((read) => read.route === route);
    const without = pick(classes.without);
    const during = pick(classes.during);
    rows.push(
      readRow(`${route}, no poll running`, without),
      readRow(`${route}, during a poll`, during),
    );
    ratios.push(`${route}: ${ratioText(during, without, judged)}`);
  }
  return `${rows.join('\n')}\n\np99 during a poll ÷ p99 without: ${ratios.join('; ')}.`;
}

/** What the poll table says. */
export interface PollFigures {
  readonly measured: readonly PollWindow[];
  readonly warmup: readonly PollWindow[];
  /** Memory before the first poll (after start-up) and at the end, KiB. */
  readonly before: { readonly rssKiB: number; readonly hwmKiB: number };
  readonly after: { readonly rssKiB: number; readonly hwmKiB: number };
  readonly memory: readonly MemorySample[];
  /** The stalls of `airq`'s thread, `[startedAtMs, stallMs]` (bench/http/stall-probe.mjs). */
  readonly stalls: readonly Stall[];
  /** The span the reads were classified over, and the guard after each poll (classifyReads). */
  readonly span: { readonly fromMs: number; readonly untilMs: number; readonly guardMs: number };
}

// After the journal has a poll's samples, the thread still puts them in memory and computes the
// answers anew on the next reads: a poll's stalls are looked for until this long after it stored.
const STORE_TAIL_MS = 100;

/**
 * The longest stall of the server's thread within each poll (request to stored, and
 * STORE_TAIL_MS after), and within each whole second of the span that no poll (nor its guard)
 * touches: p50 / max of each, ms. What the reads' p99 mixes with the client's and the machine's
 * stalls, seen from the thread itself.
 *
 * @example
 * stallRows({ ...figures, stalls: [[1_000_500, 6.2]] });
 * // ['| longest stall of the server's thread within a poll, p50 / max ms | 6.2 / 6.2 |', …]
 */
export function stallRows(figures: PollFigures): string[] {
  const { stalls, span } = figures;
  const polls = figures.measured.flatMap((poll) =>
    poll.storedMs === undefined ? [] : [{ fromMs: poll.startMs, untilMs: poll.storedMs }],
  );
  const longest = (fromMs: number, untilMs: number) =>
    Math.max(0, ...stalls.filter(([atMs]) => atMs >= fromMs && atMs < untilMs).map(([, ms]) => ms));
  const inPolls = polls.map((poll) => longest(poll.fromMs, poll.untilMs + STORE_TAIL_MS));
  const quiet: number[] = [];
  for (let atMs = span.fromMs; atMs + 1000 <= span.untilMs; atMs += 1000) {
    const touched = polls.some(
      (poll) => atMs + 1000 > poll.fromMs && atMs < poll.untilMs + span.guardMs,
    );
    if (!touched) quiet.push(longest(atMs, atMs + 1000));
  }
  const text = (values: number[]) =>
    values.length === 0
      ? '—'
      : `${percentile(values, 50)!.toFixed(1)} / ${percentile(values, 100)!.toFixed(1)}`;
  return [
    `| longest stall of the server's thread within a poll, p50 / max ms | ${text(inPolls)} |`,
    `| longest stall of the server's thread within a second without a poll, p50 / max ms | ${text(quiet)} |`,
  ];
}

/** The poll table: time of a poll, transfer, and memory. */
export function pollTable(figures: PollFigures): string {
  const stored = figures.measured.filter((poll) => poll.storedMs !== undefined);
  const times = stored.map((poll) => poll.storedMs! - poll.startMs);
  const transfers = stored
    .filter((poll) => poll.sentMs !== undefined)
    .map((poll) => poll.sentMs! - poll.startMs);
  const inPoll = figures.memory.filter((sample) =>
    stored.some((poll) => sample.atMs >= poll.startMs && sample.atMs <= poll.storedMs!),
  );
  const peakInPoll = Math.max(0, ...inPoll.map((sample) => sample.rssKiB));
  const first = figures.warmup[0];
  const firstMs = first?.storedMs === undefined ? '—' : wholeMs(first.storedMs - first.startMs);
  return [
    '| figure | value |',
    '|---|---:|',
    `| polls measured (stored / asked) | ${stored.length} / ${figures.measured.length} |`,
    `| time of a poll, p50 / max ms (request to stored) | ${wholeMs(percentile(times, 50))} / ${wholeMs(percentile(times, 100))} |`,
    `| of which the file's transfer, p50 / max ms | ${wholeMs(percentile(transfers, 50))} / ${wholeMs(percentile(transfers, 100))} |`,
    `| first poll (every installation new), ms | ${firstMs} |`,
    `| VmRSS before the first poll / highest sampled during a poll / at the end | ${mib(figures.before.rssKiB)} / ${mib(peakInPoll)} / ${mib(figures.after.rssKiB)} |`,
    `| peak RSS (VmHWM) before the first poll / at the end | ${mib(figures.before.hwmKiB)} / ${mib(figures.after.hwmKiB)} |`,
    ...stallRows(figures),
  ].join('\n');
}
