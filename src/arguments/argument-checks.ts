import { argumentError, describeValue } from './describe-value.js';

// Argument checks for every public boundary of airq. One argument order everywhere:
// (functionName, parameterName, value, ...constraints). Each check throws once, with a message
// naming the function, the parameter and the value; data outcomes are never thrown.

/**
 * Throws unless `value` is a number in `[min, max]`; NaN and ±Infinity fail too.
 *
 * @throws TypeError when `value` is not a number; RangeError when it is outside the range
 * @example
 * checkNumberInRange('f', 'latitude', 91, -90, 90);
 * // RangeError: f: latitude must be a finite number in [-90, 90], got 91
 */
export function checkNumberInRange(
  functionName: string,
  parameterName: string,
  value: unknown,
  min: number,
  max: number,
): asserts value is number {
  checkNumber(functionName, parameterName, value);
  // NaN fails both comparisons, so it is rejected too.
  if (value >= min && value <= max) return;
  const range = `[${min}, ${max}]`;
  throw argumentError(
    RangeError,
    functionName,
    parameterName,
    `must be a finite number in ${range}`,
    value,
  );
}

/**
 * Throws unless `value` is a finite number.
 *
 * @param expected - how the message names what was expected; default `'a finite number'`
 * @throws TypeError when `value` is not a number; RangeError when it is NaN or ±Infinity
 * @example
 * checkFiniteNumber('InMemoryStore.pruneBefore', 'atMs', Number.NaN);
 * // RangeError: InMemoryStore.pruneBefore: atMs must be a finite number, got NaN
 * checkFiniteNumber('TimeSeries.sum', 'fromMs', '0', 'a finite number of epoch milliseconds');
 * // TypeError: TimeSeries.sum: fromMs must be a finite number of epoch milliseconds, got "0"
 */
export function checkFiniteNumber(
  functionName: string,
  parameterName: string,
  value: unknown,
  expected = 'a finite number',
): asserts value is number {
  if (typeof value === 'number' && Number.isFinite(value)) return;
  throwNotFinite(functionName, parameterName, value, expected);
}

// The throwing half of checkFiniteNumber, out of line: the check sits at the top of hot queries
// (TimeSeries.average), and a small check is one the engine inlines there.
function throwNotFinite(
  functionName: string,
  parameterName: string,
  value: unknown,
  expected: string,
): never {
  const ErrorType = typeof value === 'number' ? RangeError : TypeError;
  throw argumentError(ErrorType, functionName, parameterName, `must be ${expected}`, value);
}

/**
 * Throws unless `value` is a number other than NaN (±Infinity is allowed).
 *
 * @example
 * checkNotNaN('f', 'maxDistanceKm', Number.NaN); // RangeError: f: maxDistanceKm must not be NaN, got NaN
 */
export function checkNotNaN(
  functionName: string,
  parameterName: string,
  value: unknown,
): asserts value is number {
  checkNumber(functionName, parameterName, value);
  if (Number.isNaN(value)) {
    throw argumentError(RangeError, functionName, parameterName, 'must not be NaN', value);
  }
}

/**
 * Throws unless `value` is a safe integer (a number first, then an integer).
 *
 * @example
 * checkSafeInteger('f', 'installationId', 1.5); // RangeError: f: installationId must be an integer, got 1.5
 */
export function checkSafeInteger(
  functionName: string,
  parameterName: string,
  value: unknown,
): asserts value is number {
  checkNumber(functionName, parameterName, value);
  if (!Number.isSafeInteger(value)) {
    throw argumentError(RangeError, functionName, parameterName, 'must be an integer', value);
  }
}

/**
 * Throws unless `value` is one of `allowed` (compared with `includes`).
 *
 * @example
 * checkOneOf('f', 'options.language', 'de', ['en', 'pl']);
 * // RangeError: f: options.language must be one of en, pl, got "de"
 */
export function checkOneOf<T>(
  functionName: string,
  parameterName: string,
  value: unknown,
  allowed: readonly T[],
): asserts value is T {
  if (allowed.includes(value as T)) return;
  const expectation = `must be one of ${allowed.join(', ')}`;
  throw argumentError(RangeError, functionName, parameterName, expectation, value);
}

/**
 * Throws unless `value` is a string with at least one character (a file path, a name).
 *
 * @param expected - how the message names what was expected; default `'a non-empty string'`
 * @example
 * checkNonEmptyString('importOpenData', 'options.outDir', '', 'a directory path');
 * // TypeError: importOpenData: options.outDir must be a directory path, got ""
 */
export function checkNonEmptyString(
  functionName: string,
  parameterName: string,
  value: unknown,
  expected = 'a non-empty string',
): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw argumentError(TypeError, functionName, parameterName, `must be ${expected}`, value);
  }
}

/**
 * Throws unless `value` is a non-null object (arrays count as objects).
 *
 * @param expected - how the message names what was expected; default `'an object'`
 * @example
 * checkObject('f', 'options', 3); // TypeError: f: options must be an object, got 3
 */
export function checkObject(
  functionName: string,
  parameterName: string,
  value: unknown,
  expected = 'an object',
): asserts value is object {
  if (typeof value !== 'object' || value === null) {
    throw argumentError(TypeError, functionName, parameterName, `must be ${expected}`, value);
  }
}

/**
 * Throws unless `value` is a function.
 *
 * @example
 * checkFunction('f', 'options.clock', 3); // TypeError: f: options.clock must be a function, got 3
 */
export function checkFunction(
  functionName: string,
  parameterName: string,
  value: unknown,
): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') {
    throw argumentError(TypeError, functionName, parameterName, 'must be a function', value);
  }
}

/**
 * Throws unless `value` is `undefined` or a function: an optional method of an object that a
 * caller hands in (a store's `refresh` or `dataVersion`).
 *
 * @example
 * checkOptionalFunction('f', 'options.store.refresh', true);
 * // TypeError: f: options.store.refresh must be a function when present, got true
 */
export function checkOptionalFunction(
  functionName: string,
  parameterName: string,
  value: unknown,
): asserts value is ((...args: never[]) => unknown) | undefined {
  if (value !== undefined && typeof value !== 'function') {
    const expectation = 'must be a function when present';
    throw argumentError(TypeError, functionName, parameterName, expectation, value);
  }
}

/**
 * Whether `value` has a numeric `length` (an array or a typed array).
 *
 * @example
 * isNumberArrayLike(new Float64Array(2)); // true
 */
export function isNumberArrayLike(value: unknown): value is ArrayLike<number> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ArrayLike<number>).length === 'number'
  );
}

/**
 * Throws unless `value` is an array or a typed array (an object with a safe, non-negative
 * integer `length`).
 *
 * @example
 * checkArrayLike('TimeSeries.addBatch', 'values', 3);
 * // TypeError: TimeSeries.addBatch: values must be an array or typed array of numbers, got 3
 */
export function checkArrayLike(
  functionName: string,
  parameterName: string,
  value: unknown,
): asserts value is ArrayLike<number> {
  const length = (value as { length?: unknown } | null | undefined)?.length;
  if (typeof value === 'object' && value !== null && Number.isSafeInteger(length)) {
    if ((length as number) >= 0) return;
  }
  // An object is named by its tag, so a huge typed array is never printed whole.
  const got =
    typeof value === 'object' && value !== null
      ? Object.prototype.toString.call(value)
      : describeValue(value);
  throw new TypeError(
    `${functionName}: ${parameterName} must be an array or typed array of numbers, got ${got}`,
  );
}

// The first step of every numeric check: a value of another type is a TypeError.
function checkNumber(
  functionName: string,
  parameterName: string,
  value: unknown,
): asserts value is number {
  if (typeof value !== 'number') {
    throw argumentError(TypeError, functionName, parameterName, 'must be a number', value);
  }
}
