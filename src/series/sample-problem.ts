import { describeValue } from '../arguments/describe-value.js';

/** Largest accepted `|atMs|`, in epoch milliseconds: the ECMAScript `Date` range (±100 million days). */
export const MAX_ABS_SAMPLE_AT_MS = 8.64e15;

/**
 * Largest accepted `|value|` of a sample. No physical air-quality reading comes near it, while
 * sensor sentinels such as `3.4e38` (the float32 maximum) are caught. The bound also keeps every
 * window sum far from overflow, so no query can ever produce `Infinity` or `NaN`.
 */
export const MAX_ABS_SAMPLE_VALUE = 1e15;

/**
 * Says why a sample cannot be stored, or `undefined` when it can. A valid sample has a
 * timestamp that is a whole number of epoch milliseconds inside the `Date` range and a finite
 * value with `|value| <= 1e15`. Fractional milliseconds are rejected rather than rounded, so a
 * caller that mixes up seconds and milliseconds or passes a computed time finds out at once.
 *
 * @param atMs - the sample time, epoch milliseconds
 * @param value - the measured value, in the unit of its measurement type
 * @returns a reason naming the offending field and its value, or `undefined`
 * @example
 * sampleProblem(1795251600000, 12.5); // undefined
 * sampleProblem(1795251600000, Number.NaN); // 'value must be a finite number, got NaN'
 * sampleProblem(1.5, 3); // 'atMs must be a whole number of milliseconds, got 1.5'
 */
export function sampleProblem(atMs: unknown, value: unknown): string | undefined {
  if (typeof atMs !== 'number') {
    return `atMs must be a number (epoch milliseconds), got ${describeValue(atMs)}`;
  }
  if (!Number.isFinite(atMs)) return `atMs must be a finite number, got ${atMs}`;
  if (!Number.isInteger(atMs)) return `atMs must be a whole number of milliseconds, got ${atMs}`;
  if (Math.abs(atMs) > MAX_ABS_SAMPLE_AT_MS) {
    return `atMs must be within the Date range of ±${MAX_ABS_SAMPLE_AT_MS} ms, got ${atMs}`;
  }
  if (typeof value !== 'number') return `value must be a number, got ${describeValue(value)}`;
  if (!Number.isFinite(value)) return `value must be a finite number, got ${value}`;
  if (Math.abs(value) > MAX_ABS_SAMPLE_VALUE) {
    return `value must be within ±${MAX_ABS_SAMPLE_VALUE}, got ${value}`;
  }
  return undefined;
}

/**
 * The boolean form of {@link sampleProblem} for the append fast path: no strings are built.
 *
 * @example
 * isValidSample(0, 1); // true
 */
export function isValidSample(atMs: unknown, value: unknown): boolean {
  return (
    typeof atMs === 'number' &&
    Number.isInteger(atMs) &&
    Math.abs(atMs) <= MAX_ABS_SAMPLE_AT_MS &&
    typeof value === 'number' &&
    Math.abs(value) <= MAX_ABS_SAMPLE_VALUE
  );
}

/**
 * The error thrown for an invalid sample: a `TypeError` when a field is not a number at all,
 * otherwise a `RangeError`. The message names the function, the sample (its position in a
 * batch when there is one), both fields and the reason.
 *
 * @param functionName - e.g. `TimeSeries.addBatch`
 * @param batchIndex - position in the batch, or `undefined` for a single sample
 * @example
 * invalidSampleError('TimeSeries.add', undefined, 0, Number.NaN).message;
 * // 'TimeSeries.add: sample (atMs 0, value NaN) is invalid: value must be a finite number, got NaN'
 */
export function invalidSampleError(
  functionName: string,
  batchIndex: number | undefined,
  atMs: unknown,
  value: unknown,
): TypeError | RangeError {
  const reason = sampleProblem(atMs, value) ?? 'the sample is not valid';
  const which = batchIndex === undefined ? 'sample' : `sample ${batchIndex}`;
  const message = `${functionName}: ${which} (atMs ${describeValue(atMs)}, value ${describeValue(value)}) is invalid: ${reason}`;
  const notANumber = typeof atMs !== 'number' || typeof value !== 'number';
  return notANumber ? new TypeError(message) : new RangeError(message);
}
