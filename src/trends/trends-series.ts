import { checkArrayLike, checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

// The series every function of airq/trends takes, and its checks: stamps that are finite and
// strictly increasing, and value columns as long as the stamps. Checked once at the boundary,
// so the hot loops behind it can trust their input.

/**
 * A time series: `atMs[i]` (epoch ms, the **start** of measurement i) carries `values[i]`.
 * Plain arrays and `Float64Array` are accepted; a value that is not finite is missing.
 */
export interface TimedSeries {
  /** Epoch milliseconds, finite and strictly increasing. */
  atMs: ArrayLike<number>;
  /** One value per stamp; NaN or ±Infinity for a missing one. */
  values: ArrayLike<number>;
}

/**
 * Checks a {@link TimedSeries}: an object whose `atMs` are finite and strictly increasing and
 * whose `values` have the same length.
 *
 * @param functionName - the public function, for the message
 * @param series - what the caller passed
 * @throws TypeError when `series` is not an object or a column is not array-like; RangeError
 *   when a stamp is not finite, not after the previous one, or the lengths differ
 * @example
 * checkTimedSeries('rollingMean', { atMs: [0, 0], values: [1, 2] });
 * // RangeError: rollingMean: series.atMs[1] must be finite and after series.atMs[0] (0), got 0
 */
export function checkTimedSeries(
  functionName: string,
  series: TimedSeries,
): asserts series is TimedSeries {
  checkObject(functionName, 'series', series);
  checkStamps(functionName, 'series.atMs', series.atMs);
  checkColumn(functionName, 'series.values', series.values, series.atMs.length);
}

/**
 * Checks a column of stamps: array-like, every element a finite number after the one before.
 *
 * @param parameterName - how the message names the column (`'series.atMs'`)
 * @throws TypeError when `atMs` is not array-like; RangeError naming the first bad element
 * @example
 * checkStamps('f', 'series.atMs', [0, Number.NaN]);
 * // RangeError: f: series.atMs[1] must be finite and after series.atMs[0] (0), got NaN
 */
export function checkStamps(
  functionName: string,
  parameterName: string,
  atMs: unknown,
): asserts atMs is ArrayLike<number> {
  checkArrayLike(functionName, parameterName, atMs);
  const n = atMs.length;
  if (n === 0) return;
  const first = atMs[0];
  if (typeof first !== 'number' || !Number.isFinite(first)) {
    const ErrorType = typeof first === 'number' ? RangeError : TypeError;
    throw argumentError(ErrorType, functionName, `${parameterName}[0]`, 'must be finite', first);
  }
  let previous = first;
  for (let i = 1; i < n; i++) {
    const t = atMs[i];
    // `t > previous` fails for NaN as well; ±Infinity is caught by the finiteness test.
    if (typeof t === 'number' && t > previous && t !== Number.POSITIVE_INFINITY) {
      previous = t;
      continue;
    }
    const ErrorType = typeof t === 'number' ? RangeError : TypeError;
    const expectation = `must be finite and after ${parameterName}[${i - 1}] (${previous})`;
    throw argumentError(ErrorType, functionName, `${parameterName}[${i}]`, expectation, t);
  }
}

/**
 * Checks a column that runs beside the stamps (`values`, `direction`, `speed`): array-like and
 * exactly `length` long. Its elements are not checked: any number that is not finite is a
 * missing value.
 *
 * @throws TypeError when not array-like; RangeError when the length differs
 * @example
 * checkColumn('f', 'series.values', [1, 2], 3);
 * // RangeError: f: series.values must have the length of series.atMs (3), got length 2
 */
export function checkColumn(
  functionName: string,
  parameterName: string,
  column: unknown,
  length: number,
): asserts column is ArrayLike<number> {
  checkArrayLike(functionName, parameterName, column);
  if (column.length === length) return;
  throw new RangeError(
    `${functionName}: ${parameterName} must have the length of series.atMs (${length}), got length ${column.length}`,
  );
}
