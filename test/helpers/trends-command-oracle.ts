// Naive oracles for `airq trend` (test/cli/trend-command.test.ts), written from the reference's
// text and never importing src: calendar months of a fixed-offset zone by Date arithmetic, the
// period mean by a plain loop with the calendar capture rule, Mann–Kendall by every pair with
// the tie-corrected variance, Sen's slope by every pair slope fully sorted.
import { naiveMedian, roundHalfEven } from './trends-bootstrap-oracle.js';
import { normalUpperTailReference } from './trends-normal-oracle.js';

const HOUR_MS = 3_600_000;

/** One calendar month of a fixed-offset zone: its instants, mean, hours with data, hours. */
export interface OracleMonth {
  startMs: number;
  endMs: number;
  value: number;
  count: number;
  possible: number;
}

/**
 * Monthly means of hourly values (hour i at `startMs + i h`) in a zone `offsetMinutes` east of
 * UTC, from the month of the first hour to that of the last; a month with fewer than
 * `minCapture` of its hours measured has no value (NaN).
 */
export function naiveMonthlyMeans(
  startMs: number,
  values: readonly number[],
  offsetMinutes: number,
  minCapture: number,
): OracleMonth[] {
  const offsetMs = offsetMinutes * 60_000;
  const monthOf = (atMs: number) => {
    const wall = new Date(atMs + offsetMs);
    return wall.getUTCFullYear() * 12 + wall.getUTCMonth();
  };
  const monthStart = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1) - offsetMs;
  const first = monthOf(startMs);
  const last = monthOf(startMs + (values.length - 1) * HOUR_MS);
  const months: OracleMonth[] = [];
  for (let month = first; month <= last; month++) {
    const [from, till] = [monthStart(month), monthStart(month + 1)];
    let [sum, count] = [0, 0];
    values.forEach((value, i) => {
      const atMs = startMs + i * HOUR_MS;
      if (atMs >= from && atMs < till && Number.isFinite(value))
        [sum, count] = [sum + value, count + 1];
    });
    const possible = (till - from) / HOUR_MS;
    const value = count === 0 || count / possible < minCapture ? Number.NaN : sum / count;
    months.push({ startMs: from, endMs: till, value, count, possible });
  }
  return months;
}

/** Mann–Kendall with the tie-corrected variance and the continuity correction (no gaps' places). */
export function naiveMannKendall(values: readonly number[]) {
  const x = values.filter(Number.isFinite);
  const n = x.length;
  if (n < 3)
    return { n, s: Number.NaN, varS: Number.NaN, z: Number.NaN, p: Number.NaN, tau: Number.NaN };
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign(x[j]! - x[i]!);
  const ties = new Map<number, number>();
  for (const value of x) ties.set(value, (ties.get(value) ?? 0) + 1);
  let tieTerm = 0;
  for (const t of ties.values()) tieTerm += t * (t - 1) * (2 * t + 5);
  const varS = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18;
  const z = s > 0 ? (s - 1) / Math.sqrt(varS) : s < 0 ? (s + 1) / Math.sqrt(varS) : 0;
  const p = s === 0 ? 1 : 2 * normalUpperTailReference(Math.abs(z));
  return { n, s, varS, z, p, tau: s / ((n * (n - 1)) / 2) };
}

/**
 * Sen's slope per array step over the pairs of valid values, with the rank interval of the
 * reference (ranks round((N′ ∓ C)/2), the upper one plus 1, clamped); `zQuantile` = z_{1−α/2}.
 */
export function naiveSenSlope(values: readonly number[], zQuantile: number) {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++)
      if (Number.isFinite(values[i]!) && Number.isFinite(values[j]!))
        slopes.push((values[j]! - values[i]!) / (j - i));
  const n = values.filter(Number.isFinite).length;
  if (slopes.length === 0) return { n, slope: Number.NaN, lower: Number.NaN, upper: Number.NaN };
  slopes.sort((a, b) => a - b);
  const { varS } = naiveMannKendall(values);
  const c = zQuantile * Math.sqrt(varS);
  const count = slopes.length;
  const clamp = (rank: number) => Math.min(count, Math.max(1, rank));
  const lower = slopes[clamp(roundHalfEven((count - c) / 2)) - 1]!;
  const upper = slopes[clamp(roundHalfEven((count + c) / 2) + 1) - 1]!;
  return { n, slope: naiveMedian(slopes), lower, upper };
}
