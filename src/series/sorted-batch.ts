import { checkArrayLike } from '../arguments/argument-checks.js';
import { invalidSampleError, isValidSample } from './sample-problem.js';

/** A validated batch in ascending time order with one value per timestamp. */
export interface SortedBatch {
  /** Strictly ascending epoch milliseconds. */
  readonly atMs: Float64Array;
  /** `values[i]` belongs to `atMs[i]`. */
  readonly values: Float64Array;
}

/**
 * Validates every sample of a batch and returns a sorted copy; throws before anything is
 * returned, so a caller that mutates only afterwards is all-or-nothing. Copying also means
 * that what was validated is exactly what gets stored, even if the input changes later.
 * Within the batch, a later sample at the same timestamp wins, as it would with repeated `add`.
 *
 * @param functionName - named in error messages
 * @throws TypeError when the arguments are not array-likes or a field is not a number;
 *   RangeError when the lengths differ or a sample is out of range (see `sampleProblem`)
 * @example
 * sortBatch('f', [30, 10, 30], [1, 2, 3]); // { atMs: [10, 30], values: [2, 3] }
 */
export function sortBatch(
  functionName: string,
  atMs: ArrayLike<number>,
  values: ArrayLike<number>,
): SortedBatch {
  checkArrayLike(functionName, 'atMs', atMs);
  checkArrayLike(functionName, 'values', values);
  if (atMs.length !== values.length) {
    throw new RangeError(
      `${functionName}: atMs and values must have the same length, got ${atMs.length} and ${values.length}`,
    );
  }
  const count = atMs.length;
  const times = new Float64Array(count);
  const readings = new Float64Array(count);
  let ascending = true;
  for (let i = 0; i < count; i++) {
    const t = atMs[i];
    const v = values[i];
    if (!isValidSample(t, v)) throw invalidSampleError(functionName, i, t, v);
    // + 0 turns -0 into 0, so that one instant has one representation.
    times[i] = (t as number) + 0;
    readings[i] = (v as number) + 0;
    if (i > 0 && times[i]! <= times[i - 1]!) ascending = false; // both written above
  }
  return ascending ? { atMs: times, values: readings } : sortCopies(times, readings);
}

function sortCopies(times: Float64Array, readings: Float64Array): SortedBatch {
  const order = new Uint32Array(times.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // Ties broken by batch position, so the last sample of a timestamp comes last in its run.
  order.sort((a, b) => times[a]! - times[b]! || a - b);
  let unique = 0;
  for (let i = 0; i < order.length; i++) {
    const next = order[i + 1];
    if (next === undefined || times[next] !== times[order[i]!]) unique++;
  }
  const sortedTimes = new Float64Array(unique);
  const sortedValues = new Float64Array(unique);
  let w = 0;
  for (let i = 0; i < order.length; i++) {
    const at = order[i]!; // i < length
    const next = order[i + 1];
    if (next !== undefined && times[next] === times[at]) continue; // a later one replaces it
    sortedTimes[w] = times[at]!;
    sortedValues[w] = readings[at]!;
    w++;
  }
  return { atMs: sortedTimes, values: sortedValues };
}
