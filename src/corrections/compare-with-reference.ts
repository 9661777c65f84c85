import { checkArrayLike } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { centredSums, FINITE } from './centred-sums.js';

// How well a series agrees with a reference monitor, in the statistics of the openair R
// package's `modStats`, the usual set in sensor evaluations, so that figures computed here can
// be put beside published ones.

/**
 * The agreement of a series `M` with a reference `O` over their complete pairs, as openair's
 * `modStats` defines it. Concentrations in the inputs' unit (µg/m³).
 */
export interface ReferenceComparison {
  /** Complete pairs: both values finite. */
  readonly n: number;
  /** Share of pairs with `0.5 ≤ M/O ≤ 2`, among those whose ratio is a number (0/0 is not). */
  readonly fac2: number;
  /** Mean bias, `mean(M − O)`. */
  readonly mb: number;
  /** Mean gross error, `mean(|M − O|)`. */
  readonly mge: number;
  /** Normalised mean bias, `Σ(M − O) / ΣO`. */
  readonly nmb: number;
  /** Normalised mean gross error, `Σ|M − O| / ΣO`. */
  readonly nmge: number;
  /** Root mean square error. */
  readonly rmse: number;
  /** Pearson's correlation; NaN when either side is constant. */
  readonly r: number;
  /** Coefficient of efficiency, `1 − Σ|M − O| / Σ|O − mean(O)|`; 1 is perfect. */
  readonly coe: number;
  /** Willmott's refined index of agreement, in [−1, 1]; 1 is perfect. */
  readonly ioa: number;
}

/**
 * Compares a series with a reference monitor's, pair by pair, in openair's `modStats`
 * statistics: `n`, `fac2`, `mb`, `mge`, `nmb`, `nmge`, `rmse`, `r`, `coe` and `ioa`. Only
 * complete pairs count (both values finite). Zero denominators are not special-cased: a
 * constant reference gives a `coe` of −Infinity (or NaN when every error is 0). Without a
 * complete pair every statistic is NaN and `n` is 0. No rounding.
 *
 * Two passes: the means and centred sums of both series first (the one-pass blocked sums
 * `fitLinearCorrection` uses too, precise for large, nearly equal values), then the errors
 * and `Σ|O − mean(O)|` of `coe` and `ioa`, which needs the mean.
 *
 * @param predicted - `M`: the series to judge (a corrected sensor, say)
 * @param reference - `O`: the reference monitor's values, aligned by index, of the same length
 * @returns the statistics
 * @throws TypeError when an argument is not an array or typed array; RangeError when the
 *   lengths differ
 * @example
 * const stats = compareWithReference([11, 19, 31], [10, 20, 30]);
 * stats.mb; // → 0.3333333333333333
 * stats.rmse; // → 1
 * stats.fac2; // → 1
 */
export function compareWithReference(
  predicted: ArrayLike<number>,
  reference: ArrayLike<number>,
): ReferenceComparison {
  checkArrayLike('compareWithReference', 'predicted', predicted);
  checkArrayLike('compareWithReference', 'reference', reference);
  if (reference.length !== predicted.length) {
    const expectation = `must have the length of predicted (${predicted.length})`;
    const length = reference.length;
    throw argumentError(
      RangeError,
      'compareWithReference',
      'reference.length',
      expectation,
      length,
    );
  }
  // r needs the centred sums of both series (the reference passed twice: the sums take three
  // columns); Σ|O − mean(O)| of coe and ioa needs the mean itself, so the errors and the spread
  // are summed in a second pass.
  const sums = centredSums(predicted, reference, reference, [FINITE, FINITE, FINITE]);
  const { n, meanB: meanO } = sums;
  const { ratios, within, sumError, sumAbsError, sumSquaredError, sumO, spread } = errorSumsOf(
    predicted,
    reference,
    meanO,
  );
  const agreementLimit = 2 * spread;
  // Without a complete pair every sum is 0 and every statistic but n comes out 0/0, NaN.
  return {
    n,
    fac2: within / ratios,
    mb: sumError / n,
    mge: sumAbsError / n,
    nmb: sumError / sumO,
    nmge: sumAbsError / sumO,
    rmse: Math.sqrt(sumSquaredError / n),
    r: sums.sab / Math.sqrt(sums.saa * sums.sbb),
    coe: 1 - sumAbsError / spread,
    ioa:
      sumAbsError <= agreementLimit
        ? 1 - sumAbsError / agreementLimit
        : agreementLimit / sumAbsError - 1,
  };
}

// A pass of its own: as part of one long function, the code after the first loop had no type
// feedback when the loop was compiled on the fly, and calls kept falling back to the
// interpreter there (3–4× the time of a plain two-pass loop on a million pairs).

interface ErrorSums {
  readonly ratios: number;
  readonly within: number;
  readonly sumError: number;
  readonly sumAbsError: number;
  readonly sumSquaredError: number;
  readonly sumO: number;
  /** Σ|O − mean(O)|. */
  readonly spread: number;
}

function errorSumsOf(
  predicted: ArrayLike<number>,
  reference: ArrayLike<number>,
  meanO: number,
): ErrorSums {
  const length = predicted.length;
  let ratios = 0;
  let within = 0;
  let sumError = 0;
  let sumAbsError = 0;
  let sumSquaredError = 0;
  let sumO = 0;
  let spread = 0;
  for (let i = 0; i < length; i++) {
    const m = predicted[i]!;
    const o = reference[i]!;
    if (!isComplete(m, o)) continue;
    const ratio = m / o;
    // 0/0 is no ratio at all; x/0 is ±Infinity, a ratio outside [0.5, 2].
    if (!Number.isNaN(ratio)) {
      ratios++;
      if (ratio >= 0.5 && ratio <= 2) within++;
    }
    const error = m - o;
    sumError += error;
    sumAbsError += Math.abs(error);
    sumSquaredError += error * error;
    sumO += o;
    spread += Math.abs(o - meanO);
  }
  return { ratios, within, sumError, sumAbsError, sumSquaredError, sumO, spread };
}

function isComplete(m: number, o: number): boolean {
  return Number.isFinite(m) && Number.isFinite(o);
}
