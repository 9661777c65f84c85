import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkOpenUnit, checkPairSlopeCount, roundHalfEven } from './kendall-options.js';
import { medianOfSorted } from './order-statistics.js';
import { checkResampleCount, checkSeed, RandomGenerator } from './random-generator.js';
import { bootstrapSlopes, dayGroups, sortedPairSlopes } from './theil-sen-bootstrap.js';
import { localDayNumber, type TimeZone, zoneOffsetReader } from './time-zone.js';
import { checkTimedSeries, type TimedSeries } from './trends-series.js';

// openair's TheilSen (Carslaw & Ropkins 2012, after Sen 1968 and Theil 1950): the median of the
// pair slopes against the day number, an intercept through the residuals, and a (block)
// bootstrap of the slope for its interval and p value, drawn from airq's own seeded generator
// (the bootstrap in theil-sen-bootstrap.ts).

const DAY_PER_YEAR = 365;

/**
 * The most pair slopes one theilSen call keeps: those of 3,000 points (20 bytes each, 90 MB,
 * walked once per resample). Monthly means of 250 years fit; hourly data is summarised first.
 */
export const MAX_THEIL_SEN_PAIRS = (3_000 * 2_999) / 2;

/** Options of {@link theilSen}. */
export interface TheilSenOptions {
  /** The zone of the day numbers: minutes east of UTC or an IANA name; default 0 (UTC). */
  timeZone?: TimeZone;
  /** Two-sided level of the bootstrap interval, in (0, 1); default 0.05. */
  alpha?: number;
  /** Bootstrap resamples, an integer in [1, 1_000_000]; default 599 (openair). */
  nBoot?: number;
  /** Seed of the generator, an integer in [0, 2³² − 1]; default 2. */
  seed?: number;
  /** Moving-block bootstrap with blocks of round(n^(1/3)) points; default false. */
  autocorrelation?: boolean;
}

/** The result of {@link theilSen}; slopes and bounds in units of the values per year. */
export interface TheilSen {
  /** Points used: the finite values. */
  n: number;
  /** 365 × the median pair slope per day. */
  slope: number;
  /** median(y − b·x): the fitted value on 1970-01-01 (x = day number). */
  intercept: number;
  /** Lower bound of the bootstrap interval of `slope`, per year. */
  lower: number;
  /** Upper bound of the bootstrap interval of `slope`, per year. */
  upper: number;
  /** Two-sided bootstrap p value of a zero slope. */
  p: number;
  /** openair's significance marks: `'***'` p < 0.001, `'**'` < 0.01, `'*'` < 0.05, `'+'` < 0.1. */
  stars: '' | '+' | '*' | '**' | '***';
  /** The fitted value at the first point's day (a zero is always +0). */
  fittedStart: number;
  /**
   * `slope`, `lower`, `upper` as percent of `fittedStart` per year: divided as written, so a
   * zero `fittedStart` gives ±Infinity by the sign of the numerator (NaN for a zero one).
   */
  slopePercent: number;
  lowerPercent: number;
  upperPercent: number;
  /** Points per bootstrap block: 1, or round(n^(1/3)) with `autocorrelation`. */
  blockLength: number;
}

/**
 * openair-style Theil–Sen trend of a series against its local dates: the slope per year, its
 * intercept, a seeded bootstrap interval and p value, and the slope in percent of the value
 * fitted at the first point. Non-finite values are skipped; fewer than 6 points, or points all
 * on one day, give NaN numbers (`n` stays, `stars` is `''`).
 *
 * Cost: the n(n − 1)/2 pair slopes are kept (20 bytes each: 140 kB for 10 years of monthly
 * means) and walked once per resample, O(n² · nBoot) time; more than 3,000 points are refused
 * ({@link MAX_THEIL_SEN_PAIRS}: summarise hourly or daily data first).
 *
 * @param series - `atMs` strictly increasing epoch ms (each the start of its period), `values`
 *   of the same length (usually monthly means from `aggregatePeriods`)
 * @param options - see {@link TheilSenOptions}
 * @throws RangeError for a malformed series, options out of range (naming the parameter), or
 *   more than 3,000 finite values
 * @example
 * const atMs = [0, 1, 2, 3, 4, 5, 6, 7].map((m) => Date.UTC(2020, m, 1));
 * const fit = theilSen({ atMs, values: [10, 12, 11, 14, 13, 15, 18, 16] });
 * // fit.slope ≈ 11.95 per year, fit.lower ≈ 5.98, fit.upper ≈ 16.04, fit.p 0, fit.stars '***'
 */
export function theilSen(series: TimedSeries, options: TheilSenOptions = {}): TheilSen {
  const name = 'theilSen';
  checkTimedSeries(name, series);
  checkObject(name, 'options', options);
  const offsetMs = zoneOffsetReader(name, options.timeZone);
  const { alpha = 0.05, nBoot = 599, seed = 2, autocorrelation = false } = options;
  checkOpenUnit(name, 'options.alpha', alpha);
  checkResampleCount(name, 'options.nBoot', nBoot);
  checkSeed(name, 'options.seed', seed);
  if (typeof autocorrelation !== 'boolean') {
    const expectation = 'must be a boolean';
    throw argumentError(TypeError, name, 'options.autocorrelation', expectation, autocorrelation);
  }

  const { atMs, values } = series;
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) n++;
  checkPairSlopeCount(name, (n * (n - 1)) / 2, MAX_THEIL_SEN_PAIRS);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0, k = 0; i < values.length; i++) {
    const y = values[i]!;
    if (!Number.isFinite(y)) continue;
    xs[k] = localDayNumber(atMs[i]!, offsetMs);
    ys[k++] = y;
  }
  const groups = dayGroups(xs);
  if (n < 6 || groups.count < 2) return emptyTheilSen(n);

  const pairs = sortedPairSlopes(xs, ys);
  const b = medianOfSorted(pairs.slopes);
  const residuals = new Float64Array(n);
  for (let k = 0; k < n; k++) residuals[k] = ys[k]! - b * xs[k]!;
  const a = medianOfSorted(residuals.sort());

  const blockLength = autocorrelation ? roundHalfEven(Math.cbrt(n)) : 1;
  const replicates = bootstrapSlopes(
    pairs,
    groups,
    n,
    blockLength,
    nBoot,
    new RandomGenerator(seed),
  );
  let below = 0;
  let zero = 0;
  for (let r = 0; r < nBoot; r++) {
    if (replicates[r]! < 0) below++;
    else if (replicates[r] === 0) zero++;
  }
  const share = (below + zero / 2) / nBoot;
  const p = 2 * Math.min(share, 1 - share);
  replicates.sort();
  const cut = roundHalfEven((alpha / 2) * nBoot);
  const slope = DAY_PER_YEAR * b;
  const lower = DAY_PER_YEAR * replicates[cut]!;
  const upper = DAY_PER_YEAR * replicates[nBoot - cut - 1]!;
  // A zero fitted start is +0 (x + 0 turns -0 into 0): which zero a median of slopes that
  // are zero lands on depends on how equal values are sorted, and it would decide the sign of
  // the percentages' infinities.
  const fittedStart = a + b * xs[0]! + 0;
  return {
    n,
    slope,
    intercept: a,
    lower,
    upper,
    p,
    stars: p < 0.001 ? '***' : p < 0.01 ? '**' : p < 0.05 ? '*' : p < 0.1 ? '+' : '',
    fittedStart,
    slopePercent: (100 * slope) / fittedStart,
    lowerPercent: (100 * lower) / fittedStart,
    upperPercent: (100 * upper) / fittedStart,
    blockLength,
  };
}

// Too few points, or all on one day: every number NaN but n.
function emptyTheilSen(n: number): TheilSen {
  const nan = Number.NaN;
  return {
    n,
    slope: nan,
    intercept: nan,
    lower: nan,
    upper: nan,
    p: nan,
    stars: '',
    fittedStart: nan,
    slopePercent: nan,
    lowerPercent: nan,
    upperPercent: nan,
    blockLength: nan,
  };
}
