import { checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { hamedRaoVariance } from './hamed-rao.js';
import { checkKendallArguments } from './kendall-options.js';
import { seasonalKendallScore } from './kendall-score.js';
import { twoSidedNormalP } from './normal-distribution.js';

// The Mann–Kendall trend test (Mann 1945; Kendall 1975; Gilbert 1987, §16.4), its seasonal form
// (Hirsch, Slack & Smith 1982; Hirsch & Slack 1984) and Hamed & Rao's (1998) variance correction
// for autocorrelated series, with the normal approximation and continuity correction that
// openair's MannKendall and pyMannKendall use.

/** How Var(S) is computed. */
export type MannKendallVariance = 'original' | 'hamed-rao';

const VARIANCES: readonly MannKendallVariance[] = Object.freeze(['original', 'hamed-rao']);

/** Options of {@link mannKendall}. */
export interface MannKendallOptions {
  /** Seasons per cycle for the seasonal Kendall test (12 for monthly data): an integer ≥ 2. */
  period?: number;
  /** `'original'` (default), or `'hamed-rao'` for autocorrelated series (not with `period`). */
  variance?: MannKendallVariance;
  /** The level at which Hamed–Rao selects autocorrelation lags, in (0, 1); default 0.05. */
  alpha?: number;
}

/** The result of {@link mannKendall}. */
export interface MannKendall {
  /** Valid (finite) values. */
  n: number;
  /** Kendall's score Σ_{i<j} sgn(x_j − x_i) (summed over seasons with `period`); NaN for n < 3. */
  s: number;
  /** Var(S) under no trend, ties corrected (Hamed–Rao corrected when asked); NaN for n < 3. */
  varS: number;
  /** The standard normal statistic with continuity correction; NaN for n < 3. */
  z: number;
  /** The two-sided p-value; 1 when S = 0; NaN for n < 3. */
  p: number;
  /** Kendall's tau-a, S over the number of pairs compared; NaN for n < 3 or without a pair. */
  tau: number;
}

/**
 * The Mann–Kendall test for a monotonic trend in a series in time order.
 *
 * S = Σ_{i<j} sgn(x_j − x_i) over the valid values; Var(S) = [n(n−1)(2n+5) − Σ_g t_g(t_g−1)(2t_g+5)]
 * / 18 over the groups of t_g equal values; z = (S − 1)/√Var for S > 0, (S + 1)/√Var for S < 0,
 * 0 for S = 0; p = 2·(1 − Φ(|z|)) (1 when S = 0); tau = S / (n(n−1)/2). With `period` = P,
 * element i belongs to season i mod P, and S, Var(S) and the pair count are sums over the
 * seasons (one continuity correction, on the total). With `variance: 'hamed-rao'`, Var(S) is
 * inflated for the significant autocorrelations of the detrended ranks (see `hamedRaoVariance`).
 * S and the tie groups take O(n log n); Hamed–Rao takes O(n²).
 *
 * @param values - the series in time order; a value that is not finite is missing (skipped,
 *   keeping its place in the seasons)
 * @param options - `period`, `variance` and `alpha`, see {@link MannKendallOptions}
 * @returns the test; every field but `n` NaN when fewer than 3 values are valid
 * @throws TypeError when `values` is not array-like or an option has the wrong type;
 *   RangeError when `period` is not an integer ≥ 2, `alpha` is not in (0, 1), `variance` is
 *   unknown, or `'hamed-rao'` comes with `period` or more than 5,000 valid values (its Sen
 *   slope keeps every pair slope)
 * @example
 * mannKendall([1, 3, 2, 5, 5, 4, 6, 8, 7, 9]);
 * // { n: 10, s: 36, varS: 124, z: 3.143092785468561, p: 0.00167172839648480…, tau: 0.8 }
 * mannKendall([1, 2]); // { n: 2, s: NaN, varS: NaN, z: NaN, p: NaN, tau: NaN }
 */
export function mannKendall(values: ArrayLike<number>, options?: MannKendallOptions): MannKendall {
  const name = 'mannKendall';
  const period = checkKendallArguments(name, values, options);
  const variance = options?.variance ?? 'original';
  checkOneOf(name, 'options.variance', variance, VARIANCES);
  if (variance === 'hamed-rao' && period !== 1) {
    const expectation = `must be 'original' when options.period is given`;
    throw argumentError(RangeError, name, 'options.variance', expectation, variance);
  }
  const score = seasonalKendallScore(values, period);
  const { n, s, pairs } = score;
  if (n < 3) {
    const nan = Number.NaN;
    return { n, s: nan, varS: nan, z: nan, p: nan, tau: nan };
  }
  const varS =
    variance === 'hamed-rao'
      ? hamedRaoVariance(values, score.varS, options?.alpha ?? 0.05)
      : score.varS;
  const z = s > 0 ? (s - 1) / Math.sqrt(varS) : s < 0 ? (s + 1) / Math.sqrt(varS) : 0;
  return {
    n,
    s,
    varS,
    z,
    p: s === 0 ? 1 : twoSidedNormalP(z),
    tau: pairs === 0 ? Number.NaN : s / pairs,
  };
}
