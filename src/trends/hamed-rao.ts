import { normalQuantile } from './normal-distribution.js';
import { selectMedian } from './order-statistics.js';
import { pairSlopes } from './sen-slope.js';

// Hamed & Rao's (1998) correction of Var(S) for serial correlation, as pyMannKendall computes
// it (Hussain & Mahmud 2019): the series is detrended with Sen's slope, ranked, and each lag's
// autocorrelation of the ranks that is significant at the test's α inflates the variance by
// the "effective sample size" factor
//   n/n* = 1 + 2 / (n(n−1)(n−2)) · |Σ_{significant j} (n−j)(n−j−1)(n−j−2) ρ_j|.
// The absolute value is pyMannKendall's: Hamed & Rao sum the signed ρ_j, so strong negative
// correlation could make their variance shrink or turn negative; here the factor is never
// below 1.
//
// Cost: O(n²) for the pair slopes (memory too) and for the n − 1 lags, so it suits series of a
// few thousand values, as monthly and daily air quality series are.

/**
 * Var(S) of the Mann–Kendall test corrected for autocorrelation (Hamed & Rao 1998, with
 * pyMannKendall's absolute value).
 *
 * @param values - the series in time order; a value that is not finite is skipped (the
 *   detrending still uses the array positions)
 * @param varS - the uncorrected Var(S) of the valid values (ties corrected)
 * @param alpha - the significance level that selects the lags, in (0, 1)
 * @returns Var(S) · n/n*, never below `varS`; `varS` itself for fewer than 3 valid values
 * @example
 * hamedRaoVariance([1, 3, 2, 5, 5, 4, 6, 8, 7, 9], 124, 0.05); // 124 (no significant lag)
 */
export function hamedRaoVariance(values: ArrayLike<number>, varS: number, alpha: number): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) n++;
  if (n < 3) return varS;
  const slope = selectMedian(pairSlopes('mannKendall', values, 1));
  // r_k = x_k − β·(i_k + 1): 1-based positions, evaluated exactly so, since ties among r_k are
  // decided by equality of these doubles.
  const residuals = new Float64Array(n);
  for (let i = 0, k = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) residuals[k++] = v - slope * (i + 1);
  }
  const centred = centredRanks(residuals);
  let sumSquares = 0;
  for (let k = 0; k < n; k++) sumSquares += centred[k]! * centred[k]!;
  if (sumSquares === 0) return varS;
  const bound = -normalQuantile(alpha / 2) / Math.sqrt(n);
  let weighted = 0;
  // Lag n − 1 has weight 1·0·(−1) = 0 and lag n − 2 has 2·1·0: neither can count.
  for (let lag = 1; lag < n - 2; lag++) {
    let sum = 0;
    for (let k = 0; k + lag < n; k++) sum += centred[k]! * centred[k + lag]!;
    const rho = sum / sumSquares;
    if (Math.abs(rho) > bound) weighted += (n - lag) * (n - lag - 1) * (n - lag - 2) * rho;
  }
  return varS * (1 + (2 * Math.abs(weighted)) / (n * (n - 1) * (n - 2)));
}

/**
 * The ranks of `values` (ties get the mean of their ranks), minus their mean (n + 1)/2.
 * O(n log n): each value's tied run is found by binary search in a sorted copy.
 */
function centredRanks(values: Float64Array): Float64Array {
  const n = values.length;
  const sorted = values.slice().sort();
  const centred = new Float64Array(n);
  const middle = (n + 1) / 2;
  for (let k = 0; k < n; k++) {
    const v = values[k]!;
    const first = firstAtLeast(sorted, v, false); // 0-based start of v's run
    const end = firstAtLeast(sorted, v, true); // one past its end
    // Ranks first + 1 … end (1-based); their mean.
    centred[k] = (first + 1 + end) / 2 - middle;
  }
  return centred;
}

/** The first index of `sorted` holding a value ≥ v (> v when `strictly`); n when none. */
function firstAtLeast(sorted: Float64Array, v: number, strictly: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const w = sorted[mid]!;
    if (strictly ? w <= v : w < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
