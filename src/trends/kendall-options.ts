import { checkArrayLike, checkObject, checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

// The argument checks mannKendall and senSlope share, and the few numeric rules both use.
// Internal to src/trends.

/**
 * Checks the series and the `period` and `alpha` options of a Kendall-family test and returns
 * the period to use: 1 for the plain test (no seasons), the number of seasons otherwise.
 *
 * @param functionName - the public function, for the message
 * @param values - what the caller passed as the series
 * @param options - what the caller passed as options (`undefined` for none)
 * @returns the number of seasons, 1 when `period` is absent
 * @throws TypeError when `values` is not array-like, `options` not an object or an option not a
 *   number; RangeError when `period` is not an integer ≥ 2 or `alpha` is not in (0, 1)
 * @example
 * checkKendallArguments('mannKendall', [1, 2, 3], { period: 1 });
 * // RangeError: mannKendall: options.period must be an integer of at least 2, got 1
 */
export function checkKendallArguments(
  functionName: string,
  values: unknown,
  options: { period?: number; alpha?: number } | undefined,
): number {
  checkArrayLike(functionName, 'values', values);
  if (options === undefined) return 1;
  checkObject(functionName, 'options', options);
  const { period, alpha } = options;
  if (alpha !== undefined) checkOpenUnit(functionName, 'options.alpha', alpha);
  if (period === undefined) return 1;
  checkSafeInteger(functionName, 'options.period', period);
  if (period < 2) {
    const expectation = 'must be an integer of at least 2';
    throw argumentError(RangeError, functionName, 'options.period', expectation, period);
  }
  return period;
}

/**
 * Throws unless `value` is a number strictly between 0 and 1 (NaN fails).
 *
 * @example
 * checkOpenUnit('senSlope', 'options.alpha', 1);
 * // RangeError: senSlope: options.alpha must be a number in (0, 1), got 1
 */
export function checkOpenUnit(functionName: string, parameterName: string, value: unknown): void {
  if (typeof value !== 'number') {
    throw argumentError(TypeError, functionName, parameterName, 'must be a number', value);
  }
  if (!(value > 0 && value < 1)) {
    const expectation = 'must be a number in (0, 1)';
    throw argumentError(RangeError, functionName, parameterName, expectation, value);
  }
}

/**
 * Rounds half to even (R's and numpy's `round`): `Math.round`, then one down where that went
 * up from an exact .5 to an odd integer.
 *
 * @example
 * roundHalfEven(11.5); // 12
 * roundHalfEven(12.5); // 12
 * roundHalfEven(-0.5); // -0
 */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * The valid (finite) values of `values` in season `season` of `period` (indices season,
 * season + period, …), in order, written to `out` from 0; their cycle numbers ⌊index / period⌋
 * to `cycles` when given.
 *
 * @param period - the number of seasons; 1 takes every element
 * @returns how many values were written
 * @example
 * const out = new Float64Array(3);
 * seasonValues([1, 5, Number.NaN, 6, 3], 2, 1, out); // 2 (out starts 5, 6)
 */
export function seasonValues(
  values: ArrayLike<number>,
  period: number,
  season: number,
  out: Float64Array,
  cycles?: Float64Array,
): number {
  let count = 0;
  for (let i = season, cycle = 0; i < values.length; i += period, cycle++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    out[count] = v;
    if (cycles !== undefined) cycles[count] = cycle;
    count++;
  }
  return count;
}

/**
 * Pair slopes one call of senSlope or mannKendall's Hamed–Rao variance may keep: those of
 * 5,000 values (8 bytes each, 100 MB). A longer series is summarised first (days, months).
 */
export const MAX_PAIR_SLOPES = (5_000 * 4_999) / 2;

/**
 * Refuses a series whose pair slopes would be more than `maxPairs`: the pair methods keep every
 * pair slope, so a long hourly series would otherwise fail inside the engine (an invalid array
 * length) or run for hours, instead of saying what to do.
 *
 * @param functionName - the public function, for the message
 * @param pairs - the pair slopes the series gives
 * @param maxPairs - the most the function keeps
 * @throws RangeError naming the function, `values` and the number of pairs
 * @example
 * checkPairSlopeCount('senSlope', 87_600 * 87_599 / 2, MAX_PAIR_SLOPES);
 * // RangeError: senSlope: values must give at most 12497500 pair slopes (summarise a long series first, by day or month), got 3836795400
 */
export function checkPairSlopeCount(functionName: string, pairs: number, maxPairs: number): void {
  if (pairs <= maxPairs) return;
  const expectation = `must give at most ${maxPairs} pair slopes (summarise a long series first, by day or month)`;
  throw argumentError(RangeError, functionName, 'values', expectation, pairs);
}
