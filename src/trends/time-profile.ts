import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { monthIndexOfDay } from './calendar-periods.js';
import { checkOpenUnit } from './kendall-options.js';
import { normalQuantile } from './normal-distribution.js';
import { medianOfSorted, quantileOfSorted } from './order-statistics.js';
import { checkResampleCount, checkSeed, RandomGenerator } from './random-generator.js';
import { type TimeZone, zoneOffsetReader } from './time-zone.js';
import { checkTimedSeries, type TimedSeries } from './trends-series.js';

// openair's timeVariation panels (Carslaw & Ropkins 2012): every value of a series falls into
// the cell of its local wall time (hour of day, weekday, month, or hour of each weekday), and
// each cell gets a mean with a confidence interval or a median with a band of data quantiles.
// openair 3.x takes the mean's interval from Student's t for large cells and from an unseeded
// percentile bootstrap below; airq keeps that switch and seeds the bootstrap.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// The t interval replaces the bootstrap from this cell size on (openair 3.x).
const T_INTERVAL_FROM = 1000;

/** How {@link timeProfile} groups values: by hour 0–23, weekday (Monday first), month, or both. */
export type ProfileKind = 'hour' | 'weekday' | 'month' | 'hour-weekday';

const CELL_COUNTS: Readonly<Record<ProfileKind, number>> = Object.freeze({
  hour: 24,
  weekday: 7,
  month: 12,
  'hour-weekday': 168,
});
const KINDS = Object.freeze(Object.keys(CELL_COUNTS) as ProfileKind[]);
const STATISTICS = Object.freeze(['mean', 'median'] as const);

/** Options of {@link timeProfile}. */
export interface ProfileOptions {
  /** The cells: `'hour'` (24), `'weekday'` (7, Monday first), `'month'` (12), `'hour-weekday'` (168, weekday·24 + hour). */
  kind: ProfileKind;
  /** `'mean'` (default) with a confidence interval, or `'median'` with a quantile band. */
  statistic?: 'mean' | 'median';
  /** The zone of the wall time: minutes east of UTC or an IANA name; default 0 (UTC). */
  timeZone?: TimeZone;
  /** Mean only: confidence level of the interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** Mean only: bootstrap resamples per cell, an integer in [1, 1_000_000]; default 1000. */
  nBoot?: number;
  /** Mean only: seed of the generator, an integer in [0, 2³² − 1]; default 2. */
  seed?: number;
  /** Median only: the band's quantile b in (0, 1), giving min(b, 1 − b) … max(b, 1 − b); default 0.75. */
  band?: number;
}

/** One entry per cell, in cell order. */
export interface Profile {
  count: Uint32Array;
  values: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
}

/**
 * The profile of a series over the hours of the day, the weekdays, the months, or the hours of
 * each weekday, by local wall time. Non-finite values are skipped; an empty cell is NaN.
 *
 * - `'mean'`: the cell mean; the interval is mean ± t·sd/√n for n ≥ 1000 (t by Abramowitz &
 *   Stegun 26.7.5), a seeded percentile bootstrap of the mean for 2 ≤ n < 1000 (cells in order,
 *   `nBoot` resamples of n draws each), NaN for n = 1.
 * - `'median'`: the type-7 median with type-7 quantiles at min(b, 1 − b) and max(b, 1 − b).
 *
 * @param series - `atMs` strictly increasing epoch ms, `values` of the same length
 * @param options - see {@link ProfileOptions}
 * @throws RangeError for a malformed series or options out of range, or options of the other
 *   statistic (`band` with the mean; `confidence`, `nBoot`, `seed` with the median)
 * @example
 * const atMs = [0, 1, 24, 25].map((h) => Date.UTC(2024, 0, 1, h));
 * const profile = timeProfile({ atMs, values: [1, 5, 3, 7] }, { kind: 'hour', statistic: 'median' });
 * // profile.count[0] 2, profile.values[0] 2, profile.values[1] 6, profile.values[2] NaN
 */
export function timeProfile(series: TimedSeries, options: ProfileOptions): Profile {
  const name = 'timeProfile';
  checkTimedSeries(name, series);
  checkObject(name, 'options', options);
  const { kind, statistic = 'mean' } = options;
  checkOneOf(name, 'options.kind', kind, KINDS);
  checkOneOf(name, 'options.statistic', statistic, STATISTICS);
  const offsetMs = zoneOffsetReader(name, options.timeZone);
  const median = statistic === 'median';
  for (const key of median ? (['confidence', 'nBoot', 'seed'] as const) : (['band'] as const)) {
    if (options[key] === undefined) continue;
    const expectation = `must be absent with statistic '${statistic}'`;
    throw argumentError(RangeError, name, `options.${key}`, expectation, options[key]);
  }
  const { confidence = 0.95, nBoot = 1000, seed = 2, band = 0.75 } = options;
  checkOpenUnit(name, median ? 'options.band' : 'options.confidence', median ? band : confidence);
  checkResampleCount(name, 'options.nBoot', nBoot);
  checkSeed(name, 'options.seed', seed);

  const cellCount = CELL_COUNTS[kind];
  const { atMs, values } = series;
  const cells = new Int32Array(values.length);
  const count = new Uint32Array(cellCount);
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      cells[i] = -1;
      continue;
    }
    const t = atMs[i]!;
    const cell = cellOf(kind, t + offsetMs(t));
    cells[i] = cell;
    count[cell]!++;
  }
  // The values grouped by cell, each cell's in time order: a counting sort.
  const start = new Uint32Array(cellCount + 1);
  for (let c = 0; c < cellCount; c++) start[c + 1] = start[c]! + count[c]!;
  const grouped = new Float64Array(start[cellCount]!);
  const next = start.slice(0, cellCount);
  for (let i = 0; i < values.length; i++) {
    if (cells[i]! >= 0) grouped[next[cells[i]!]!++] = values[i]!;
  }

  const profile: Profile = {
    count,
    values: new Float64Array(cellCount).fill(Number.NaN),
    lower: new Float64Array(cellCount).fill(Number.NaN),
    upper: new Float64Array(cellCount).fill(Number.NaN),
  };
  if (median) {
    const low = Math.min(band, 1 - band);
    const high = Math.max(band, 1 - band);
    for (let c = 0; c < cellCount; c++) {
      if (count[c] === 0) continue;
      const sorted = grouped.subarray(start[c]!, start[c + 1]!).sort();
      profile.values[c] = medianOfSorted(sorted);
      profile.lower[c] = quantileOfSorted(sorted, low);
      profile.upper[c] = quantileOfSorted(sorted, high);
    }
    return profile;
  }
  meanProfile(profile, grouped, start, confidence, nBoot, seed);
  return profile;
}

function meanProfile(
  profile: Profile,
  grouped: Float64Array,
  start: Uint32Array,
  confidence: number,
  nBoot: number,
  seed: number,
): void {
  const { count, values, lower, upper } = profile;
  let random: RandomGenerator | undefined;
  let means: Float64Array | undefined;
  for (let c = 0; c < count.length; c++) {
    const n = count[c]!;
    if (n === 0) continue;
    const from = start[c]!;
    let sum = 0;
    for (let k = from; k < from + n; k++) sum += grouped[k]!;
    const mean = sum / n;
    values[c] = mean;
    if (n >= T_INTERVAL_FROM) {
      let squares = 0;
      for (let k = from; k < from + n; k++) squares += (grouped[k]! - mean) ** 2;
      const halfWidth =
        (studentQuantile((1 + confidence) / 2, n - 1) * Math.sqrt(squares / (n - 1))) /
        Math.sqrt(n);
      lower[c] = mean - halfWidth;
      upper[c] = mean + halfWidth;
    } else if (n >= 2) {
      // One generator for the whole call, created at the first cell that draws.
      random ??= new RandomGenerator(seed);
      means ??= new Float64Array(nBoot);
      for (let r = 0; r < nBoot; r++) {
        let resampled = 0;
        for (let k = 0; k < n; k++) resampled += grouped[from + random.uniformInteger(n)]!;
        means[r] = resampled / n;
      }
      means.sort();
      lower[c] = quantileOfSorted(means, (1 - confidence) / 2);
      upper[c] = quantileOfSorted(means, (1 + confidence) / 2);
    }
  }
}

/**
 * Student's t quantile at probability p with ν degrees of freedom, by the asymptotic expansion
 * in 1/ν around the normal quantile (Abramowitz & Stegun 26.7.5; error below 1e-12 for ν ≥ 999).
 */
function studentQuantile(p: number, nu: number): number {
  const z = normalQuantile(p);
  const z2 = z * z;
  const z3 = z2 * z;
  const z5 = z3 * z2;
  const z7 = z5 * z2;
  const z9 = z7 * z2;
  const g1 = (z3 + z) / 4;
  const g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  const g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  const g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  return z + g1 / nu + g2 / nu ** 2 + g3 / nu ** 3 + g4 / nu ** 4;
}

/** The cell of a wall time (epoch ms of the same clock reading in UTC). */
function cellOf(kind: ProfileKind, wallMs: number): number {
  const day = Math.floor(wallMs / DAY_MS);
  const hour = Math.floor((wallMs - day * DAY_MS) / HOUR_MS);
  // 1970-01-01 was a Thursday: index 3 with Monday first.
  const weekday = (((day + 3) % 7) + 7) % 7;
  if (kind === 'hour') return hour;
  if (kind === 'weekday') return weekday;
  if (kind === 'hour-weekday') return weekday * 24 + hour;
  const monthIndex = monthIndexOfDay(day);
  return monthIndex - Math.floor(monthIndex / 12) * 12; // 0 = January, before year 0 too
}
