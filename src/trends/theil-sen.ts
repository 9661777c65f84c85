import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkOpenUnit, roundHalfEven } from './kendall-options.js';
import { medianOfSorted } from './order-statistics.js';
import { checkResampleCount, checkSeed, RandomGenerator } from './random-generator.js';
import { localDayNumber, type TimeZone, zoneOffsetReader } from './time-zone.js';
import { checkTimedSeries, type TimedSeries } from './trends-series.js';

// openair's TheilSen (Carslaw & Ropkins 2012, after Sen 1968 and Theil 1950): the median of the
// pair slopes against the day number, an intercept through the residuals, and a (block)
// bootstrap of the slope for its interval and p value, drawn from airq's own seeded generator.
//
// Every resample is a multiset of the original points, so its pair slopes are the original
// pair slopes, each counted c_i · c_j times (c = how often each point was drawn; a pair slope
// reads the same either way round, since a − b = −(b − a) exactly in floating point). The
// original slopes are therefore sorted once, and each replicate's median is a walk along them
// adding up those weights until the middle rank: O(n²) per replicate without sorting or
// selecting, the same doubles as sorting the resample's own slope list.

const DAY_PER_YEAR = 365;

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
  /** The fitted value at the first point's day. */
  fittedStart: number;
  /** `slope`, `lower`, `upper` as percent of `fittedStart` per year. */
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
 * means) and walked once per resample, O(n² · nBoot) time.
 *
 * @param series - `atMs` strictly increasing epoch ms (each the start of its period), `values`
 *   of the same length (usually monthly means from `aggregatePeriods`)
 * @param options - see {@link TheilSenOptions}
 * @throws RangeError for a malformed series or options out of range (naming the parameter)
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
  const fittedStart = a + b * xs[0]!;
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

/** The pair slopes over points on different days, ascending, with each pair's two points. */
interface PairSlopes {
  slopes: Float64Array;
  first: Uint32Array;
  second: Uint32Array;
}

function sortedPairSlopes(xs: Float64Array, ys: Float64Array): PairSlopes {
  const n = xs.length;
  let count = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (xs[j] !== xs[i]) count++;
  const unsorted = new Float64Array(count);
  const order = new Uint32Array(count);
  const first = new Uint32Array(count);
  const second = new Uint32Array(count);
  for (let i = 0, k = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (xs[j] === xs[i]) continue;
      unsorted[k] = (ys[j]! - ys[i]!) / (xs[j]! - xs[i]!);
      first[k] = i;
      second[k] = j;
      order[k] = k;
      k++;
    }
  }
  // Compared, not subtracted: two infinite slopes of one sign are equal, not NaN apart.
  order.sort((p, q) => compareNumbers(unsorted[p]!, unsorted[q]!));
  const slopes = new Float64Array(count);
  const firstSorted = new Uint32Array(count);
  const secondSorted = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    const from = order[k]!;
    slopes[k] = unsorted[from]!;
    firstSorted[k] = first[from]!;
    secondSorted[k] = second[from]!;
  }
  return { slopes, first: firstSorted, second: secondSorted };
}

/** Points with the same day number form a group; `of[k]` is point k's group. */
interface DayGroups {
  of: Uint32Array;
  count: number;
}

function dayGroups(xs: Float64Array): DayGroups {
  const n = xs.length;
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  // Day numbers rise with time except where a zone turns its clock back over midnight.
  order.sort((p, q) => compareNumbers(xs[p]!, xs[q]!));
  const of = new Uint32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0 && xs[order[k]!] !== xs[order[k - 1]!]) count++;
    of[order[k]!] = count;
  }
  return { of, count: n === 0 ? 0 : count + 1 };
}

/**
 * The slope per day of each of `nBoot` resamples, in draw order: ⌈n/L⌉ block starts drawn
 * uniformly from [0, n − L], their blocks concatenated and cut to n points; a resample with all
 * points on one day is drawn again. Its median pair slope is found on the sorted original slopes.
 */
function bootstrapSlopes(
  pairs: PairSlopes,
  groups: DayGroups,
  n: number,
  blockLength: number,
  nBoot: number,
  random: RandomGenerator,
): Float64Array {
  const { slopes, first, second } = pairs;
  const pairCount = slopes.length;
  const drawn = new Float64Array(n);
  const perGroup = new Float64Array(groups.count);
  const blocks = Math.ceil(n / blockLength);
  const starts = n - blockLength + 1;
  const replicates = new Float64Array(nBoot);
  for (let r = 0; r < nBoot; r++) {
    let pairTotal = 0;
    while (pairTotal === 0) {
      drawn.fill(0);
      perGroup.fill(0);
      let filled = 0;
      for (let block = 0; block < blocks; block++) {
        const start = random.uniformInteger(starts);
        for (let k = start; k < start + blockLength && filled < n; k++, filled++) {
          drawn[k]!++;
          perGroup[groups.of[k]!]!++;
        }
      }
      // Pairs of the resample on different days: all pairs less those within one day.
      let sameDay = 0;
      for (let g = 0; g < groups.count; g++) sameDay += perGroup[g]! * perGroup[g]!;
      pairTotal = (n * n - sameDay) / 2;
    }
    const lowRank = Math.floor((pairTotal + 1) / 2);
    const highRank = Math.floor(pairTotal / 2) + 1;
    let seen = 0;
    let low = Number.NaN;
    let lowFound = false;
    for (let k = 0; k < pairCount; k++) {
      seen += drawn[first[k]!]! * drawn[second[k]!]!;
      if (seen < lowRank) continue;
      if (!lowFound) {
        low = slopes[k]!;
        lowFound = true;
      }
      if (seen >= highRank) {
        replicates[r] = lowRank === highRank ? low : (low + slopes[k]!) / 2;
        break;
      }
    }
  }
  return replicates;
}

function compareNumbers(p: number, q: number): number {
  return p < q ? -1 : p > q ? 1 : 0;
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
