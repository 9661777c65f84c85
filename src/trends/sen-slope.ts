import {
  checkKendallArguments,
  checkPairSlopeCount,
  MAX_PAIR_SLOPES,
  roundHalfEven,
  seasonValues,
} from './kendall-options.js';
import { seasonalKendallScore } from './kendall-score.js';
import { normalQuantile } from './normal-distribution.js';
import { selectKth, selectMedian } from './order-statistics.js';

// Sen's slope (Sen 1968; Gilbert 1987, §16.5): the median of the slopes between all pairs of
// valid values, per array step, and the distribution-free interval from the order statistics
// of those slopes around it, with Var(S) of the Mann–Kendall test. Seasonal form (Hirsch, Slack
// & Smith 1982): pairs within one season only, per cycle.
//
// Every pair slope is kept in one Float64Array (8 bytes × n(n−1)/2: 40 MB for n = 3,200), and
// the median and the two interval ranks are found by selection on it, expected O(n²) time in
// all, instead of sorting it (O(n² log n)). Exact O(n log n) algorithms for the median slope
// exist (Cole, Salowe, Steiger & Szemerédi 1989; Matoušek 1991); not used here.

/** Options of {@link senSlope}. */
export interface SenSlopeOptions {
  /** Seasons per cycle for the seasonal slope (12 for monthly data): an integer ≥ 2. */
  period?: number;
  /** 1 − the confidence of the interval, in (0, 1); default 0.05 (a 95% interval). */
  alpha?: number;
}

/** Sen's slope and its confidence interval. */
export interface SenSlope {
  /** Valid (finite) values in the series. */
  n: number;
  /** The median pair slope, in value units per array step (per cycle with `period`); NaN without a pair. */
  slope: number;
  /** The lower end of the interval (same units); NaN without a pair. */
  lower: number;
  /** The upper end of the interval (same units); NaN without a pair. */
  upper: number;
}

/**
 * Sen's nonparametric slope of a series in time order, with its confidence interval (Gilbert
 * 1987, eq. 16.7–16.8; the ranks scipy's `theilslopes` uses).
 *
 * Slopes are (x_j − x_i)/(j − i) over every pair i < j of valid values (array indices, so a
 * missing value keeps its place). With `period` = P, only pairs in the same season (i ≡ j mod P)
 * count, divided by the number of cycles (j − i)/P. With N′ slopes and
 * C = z_{1−α/2}·√Var(S) (ties corrected; summed over seasons), `lower` is the
 * round((N′ − C)/2)-th smallest slope and `upper` the (round((N′ + C)/2) + 1)-th (1-based,
 * rounded half to even, clamped to [1, N′]).
 *
 * @param values - the series in time order; a value that is not finite is missing
 * @param options - `period` (integer ≥ 2) and `alpha` (in (0, 1), default 0.05)
 * @returns `n` and the slope with its interval; NaN where there is no pair of valid values
 * @throws TypeError when `values` is not array-like; RangeError when `period` is not an integer
 *   ≥ 2, `alpha` is not in (0, 1), or the pair slopes would be more than those of 5,000 values
 *   (they are all kept: summarise a long series first)
 * @example
 * senSlope([1, 3, 2, 5, 5, 4, 6, 8, 7, 9]); // { n: 10, slope: 0.8, lower: 0.5, upper: 1 }
 * senSlope([3, 7, 5, 1, 4, 8, 6, 2, 5, 9, 7, 2, 6, 9, 8, 3], { period: 4 });
 * // { n: 16, slope: 1, lower: 0.6666666666666666, upper: 1 }
 */
export function senSlope(values: ArrayLike<number>, options?: SenSlopeOptions): SenSlope {
  const period = checkKendallArguments('senSlope', values, options);
  const alpha = options?.alpha ?? 0.05;
  const { n, varS } = seasonalKendallScore(values, period);
  const slopes = pairSlopes('senSlope', values, period);
  const count = slopes.length;
  if (count === 0) return { n, slope: Number.NaN, lower: Number.NaN, upper: Number.NaN };
  const slope = selectMedian(slopes);
  // z_{1−α/2} as −Φ⁻¹(α/2): the same number, without rounding 1 − α/2 first.
  const spread = -normalQuantile(alpha / 2) * Math.sqrt(varS);
  const lowerRank = clampRank(roundHalfEven((count - spread) / 2), count);
  const upperRank = clampRank(roundHalfEven((count + spread) / 2) + 1, count);
  const lower = selectKth(slopes, lowerRank - 1);
  const upper = selectKth(slopes, upperRank - 1);
  return { n, slope, lower, upper };
}

/**
 * Every pair slope of `values` within each season, (x_j − x_i)/k with k = (j − i)/period
 * cycles, over pairs i < j of valid values in the same season; `period` 1 gives the plain
 * (x_j − x_i)/(j − i) over all pairs. In no particular order.
 *
 * @param functionName - the public function that asks, for the error of a series too long
 * @param values - the series in time order; a value that is not finite is skipped
 * @param period - the number of seasons, an integer ≥ 1
 * @returns a new array of Σ_g n_g(n_g − 1)/2 slopes
 * @throws RangeError when there would be more than {@link MAX_PAIR_SLOPES}
 * @example
 * pairSlopes('senSlope', [1, Number.NaN, 4], 1); // Float64Array [1.5]
 */
export function pairSlopes(
  functionName: string,
  values: ArrayLike<number>,
  period: number,
): Float64Array {
  const size = Math.ceil(values.length / period);
  const season = new Float64Array(size);
  const cycles = new Float64Array(size);
  let total = 0;
  for (let g = 0; g < period && g < values.length; g++) {
    const count = seasonValues(values, period, g, season);
    total += (count * (count - 1)) / 2;
  }
  checkPairSlopeCount(functionName, total, MAX_PAIR_SLOPES);
  const slopes = new Float64Array(total);
  let k = 0;
  for (let g = 0; g < period && g < values.length; g++) {
    const count = seasonValues(values, period, g, season, cycles);
    for (let i = 0; i < count; i++) {
      const xi = season[i]!;
      const ci = cycles[i]!;
      for (let j = i + 1; j < count; j++) slopes[k++] = (season[j]! - xi) / (cycles[j]! - ci);
    }
  }
  return slopes;
}

// A 1-based rank clamped to [1, count] (Gilbert gives no interval outside; scipy clamps).
function clampRank(rank: number, count: number): number {
  return Math.min(Math.max(rank, 1), count);
}
