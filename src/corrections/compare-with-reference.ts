import { checkArrayLike } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

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
 * Two passes: the sums and the means first, then the centred sums (`r`, `coe`, `ioa`), which
 * need the means; `Σ|O − mean(O)|` cannot be had in one pass, and centring on the exact means
 * keeps `r` precise.
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
  let first = 0;
  while (first < predicted.length && !isComplete(predicted[first]!, reference[first]!)) first++;
  if (first === predicted.length) return noPairs();
  const sums = sumsOf(predicted, reference, first);
  const { n, sumAbsError, sumO } = sums;
  const { smm, soo, smo, spread } = centredSumsOf(predicted, reference, sums);
  const agreementLimit = 2 * spread;
  return {
    n,
    fac2: sums.within / sums.ratios,
    mb: sums.sumError / n,
    mge: sumAbsError / n,
    nmb: sums.sumError / sumO,
    nmge: sumAbsError / sumO,
    rmse: Math.sqrt(sums.sumSquaredError / n),
    r: smo / Math.sqrt(smm * soo),
    coe: 1 - sumAbsError / spread,
    ioa:
      sumAbsError <= agreementLimit
        ? 1 - sumAbsError / agreementLimit
        : agreementLimit / sumAbsError - 1,
  };
}

// Each pass is a function of its own: as one function, the code after the first loop had no
// type feedback when the loop was compiled on the fly, and calls kept falling back to the
// interpreter there (3–4× the time of a plain two-pass loop on a million pairs).

interface Sums {
  /** The first complete pair's index. */
  readonly first: number;
  readonly n: number;
  readonly ratios: number;
  readonly within: number;
  readonly sumError: number;
  readonly sumAbsError: number;
  readonly sumSquaredError: number;
  readonly sumO: number;
  readonly meanM: number;
  readonly meanO: number;
}

function sumsOf(predicted: ArrayLike<number>, reference: ArrayLike<number>, first: number): Sums {
  const length = predicted.length;
  // Deviations from the first complete pair: the means of constant series come out exactly
  // that constant (a sum divided by n may not), so a constant side gives a variance of exactly
  // 0 and the documented NaN, −Infinity or −1.
  const shiftM = predicted[first]!;
  const shiftO = reference[first]!;
  let n = 0;
  let ratios = 0;
  let within = 0;
  let sumError = 0;
  let sumAbsError = 0;
  let sumSquaredError = 0;
  let sumO = 0;
  let shiftedM = 0;
  let shiftedO = 0;
  for (let i = first; i < length; i++) {
    const m = predicted[i]!;
    const o = reference[i]!;
    if (!isComplete(m, o)) continue;
    n++;
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
    shiftedM += m - shiftM;
    shiftedO += o - shiftO;
  }
  const meanM = shiftM + shiftedM / n;
  const meanO = shiftO + shiftedO / n;
  return { first, n, ratios, within, sumError, sumAbsError, sumSquaredError, sumO, meanM, meanO };
}

// The pass that needs the means: Σ|O − mean(O)| cannot be had in one pass, and centring on the
// exact means keeps Pearson's r precise.
function centredSumsOf(
  predicted: ArrayLike<number>,
  reference: ArrayLike<number>,
  { first, meanM, meanO }: Sums,
): { smm: number; soo: number; smo: number; spread: number } {
  let smm = 0;
  let soo = 0;
  let smo = 0;
  let spread = 0;
  for (let i = first; i < predicted.length; i++) {
    const m = predicted[i]!;
    const o = reference[i]!;
    if (!isComplete(m, o)) continue;
    const dm = m - meanM;
    const dO = o - meanO;
    smm += dm * dm;
    soo += dO * dO;
    smo += dm * dO;
    spread += Math.abs(dO);
  }
  return { smm, soo, smo, spread };
}

// Without a complete pair every statistic but n is 0/0.
function noPairs(): ReferenceComparison {
  const nan = Number.NaN;
  return {
    n: 0,
    fac2: nan,
    mb: nan,
    mge: nan,
    nmb: nan,
    nmge: nan,
    rmse: nan,
    r: nan,
    coe: nan,
    ioa: nan,
  };
}

function isComplete(m: number, o: number): boolean {
  return Number.isFinite(m) && Number.isFinite(o);
}
