import { checkArrayLike, checkObject, checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkKnownKeys } from '../arguments/key-spelling.js';
import { centredSums, FINITE, type KeptRange } from './centred-sums.js';
import type { LinearCoefficients } from './correction-options.js';

// Ordinary least squares of a reference monitor on a colocated sensor's PM2.5 and RH, the
// model of EPA_2021 refitted on your own colocation. Where a sensor reads low (an SDS011 in a
// humid city, say), no published humidity correction helps, since those can only lower a
// reading; a local fit can raise it.

/** A fitted {@link LinearCoefficients}, usable as `{ method: 'LINEAR', coefficients }`. */
export interface LinearFit extends LinearCoefficients {
  /** How many records the fit used. */
  readonly n: number;
}

/** Options of {@link fitLinearCorrection}. */
export interface FitLinearCorrectionOptions {
  /** The fewest usable records to fit on, an integer ≥ 3; default 24 (a day of hours). */
  readonly minPairs?: number;
}

const OPTION_KEYS: readonly string[] = Object.freeze(['minPairs']);
const DEFAULT_MIN_PAIRS = 24;
/** The determinant of the centred system must exceed this share of its diagonal's product. */
const SINGULAR_SHARE = 1e-12;

/**
 * Fits `reference ≈ intercept + pm25·PM + rh·RH` by ordinary least squares over the records
 * where all three values are finite, PM2.5 ≥ 0 and RH is in [0, 100] (a negative reference is
 * kept: reference monitors report small negative hours). One pass over the data gives the
 * means and the centred sums of squares and products (`centredSums`), so large, nearly
 * equal values lose no precision; the 2×2 system of the centred PM and RH then gives the
 * slopes, and the means the intercept.
 *
 * @param pairs - the sensor's `pm25` (µg/m³) and `rh` (%) and the colocated `reference`
 *   (µg/m³), aligned by index, each of the same length; averaged over the same periods
 * @param options - `minPairs`, default 24
 * @returns the coefficients and `n`, the records used
 * @throws TypeError when an argument has the wrong type; RangeError when the lengths differ,
 *   `minPairs` is not an integer ≥ 3, fewer than `minPairs` records are usable, or PM or RH is
 *   constant over them or the two are collinear (an unusable colocation never gives numbers)
 * @example
 * fitLinearCorrection(
 *   { pm25: [0, 10, 20, 30], rh: [50, 60, 50, 60], reference: [5, 10, 15, 20] },
 *   { minPairs: 3 },
 * ); // → { intercept: 5, pm25: 0.5, rh: 0, n: 4 } (approximately)
 */
export function fitLinearCorrection(
  pairs: {
    readonly pm25: ArrayLike<number>;
    readonly rh: ArrayLike<number>;
    readonly reference: ArrayLike<number>;
  },
  options: FitLinearCorrectionOptions = {},
): LinearFit {
  const minPairs = checkMinPairs(options);
  const { pm25, rh, reference } = checkPairs(pairs);
  // x: PM2.5, z: RH, y: the reference.
  const sums = centredSums(pm25, rh, reference, USABLE);
  const { n, meanA: meanX, meanB: meanZ, meanC: meanY } = sums;
  const { saa: sxx, sbb: szz, sab: sxz, sac: sxy, sbc: szy } = sums;
  if (n < minPairs) {
    throw new RangeError(
      `fitLinearCorrection: pairs must hold at least options.minPairs (${minPairs}) usable records (all three finite, pm25 ≥ 0, rh in [0, 100]), got ${n}`,
    );
  }
  const det = sxx * szz - sxz * sxz;
  // `!(… > …)` so that a NaN from overflowing sums counts as singular too.
  if (!(det > SINGULAR_SHARE * sxx * szz)) {
    const reason =
      sxx === 0 ? 'pm25 is constant' : szz === 0 ? 'rh is constant' : 'pm25 and rh are collinear';
    throw new RangeError(
      `fitLinearCorrection: pairs give a singular fit: ${reason} over the ${n} usable records`,
    );
  }
  const slopePm25 = (szz * sxy - sxz * szy) / det;
  const slopeRh = (sxx * szy - sxz * sxy) / det;
  return {
    intercept: meanY - slopePm25 * meanX - slopeRh * meanZ,
    pm25: slopePm25,
    rh: slopeRh,
    n,
  };
}

// A usable record: PM2.5 finite and ≥ 0, RH in [0, 100], the reference finite.
const USABLE: readonly [KeptRange, KeptRange, KeptRange] = Object.freeze([
  Object.freeze({ min: 0, max: Number.MAX_VALUE }),
  Object.freeze({ min: 0, max: 100 }),
  FINITE,
] as const);

function checkMinPairs(options: unknown): number {
  checkObject('fitLinearCorrection', 'options', options);
  checkKnownKeys('fitLinearCorrection', 'options', options, OPTION_KEYS);
  const { minPairs = DEFAULT_MIN_PAIRS } = options as { minPairs?: unknown };
  checkSafeInteger('fitLinearCorrection', 'options.minPairs', minPairs);
  if (minPairs < 3) {
    // Three coefficients need three records; fewer leave the fit undetermined.
    const expectation = 'must be an integer ≥ 3';
    throw argumentError(
      RangeError,
      'fitLinearCorrection',
      'options.minPairs',
      expectation,
      minPairs,
    );
  }
  return minPairs;
}

function checkPairs(pairs: unknown): Record<'pm25' | 'rh' | 'reference', ArrayLike<number>> {
  checkObject('fitLinearCorrection', 'pairs', pairs);
  const { pm25, rh, reference } = pairs as Record<string, unknown>;
  checkArrayLike('fitLinearCorrection', 'pairs.pm25', pm25);
  checkArrayLike('fitLinearCorrection', 'pairs.rh', rh);
  checkArrayLike('fitLinearCorrection', 'pairs.reference', reference);
  for (const [name, values] of [
    ['rh', rh],
    ['reference', reference],
  ] as const) {
    if (values.length !== pm25.length) {
      const expectation = `must have the length of pairs.pm25 (${pm25.length})`;
      const parameter = `pairs.${name}.length`;
      throw argumentError(RangeError, 'fitLinearCorrection', parameter, expectation, values.length);
    }
  }
  return { pm25, rh, reference };
}
