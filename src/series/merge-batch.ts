import type { SortedBatch } from './sorted-batch.js';

/**
 * How many of the batch's timestamps are already in `times[from..till)` (both ascending): the
 * samples a merge replaces instead of adding. One linear pass over both.
 *
 * @example
 * countSharedTimes(Float64Array.of(10, 20, 30), 0, 3, Float64Array.of(20, 25, 30)); // 2
 */
export function countSharedTimes(
  times: Float64Array,
  from: number,
  till: number,
  batchTimes: Float64Array,
): number {
  let shared = 0;
  for (let i = from, j = 0; i < till && j < batchTimes.length; ) {
    const stored = times[i]!; // i < till <= times.length
    const arriving = batchTimes[j]!; // j < batchTimes.length
    if (stored < arriving) i++;
    else if (stored > arriving) j++;
    else {
      shared++;
      i++;
      j++;
    }
  }
  return shared;
}

/**
 * Merges a sorted batch into the live samples `[head, end)` in place, writing from the back so
 * that nothing is overwritten before it is moved; a batch sample replaces a stored one at the
 * same time. The arrays must have room up to `end + added`. O(n + m), no allocation.
 *
 * @param added - batch length minus {@link countSharedTimes}
 * @returns the lowest position written: everything before it is unchanged
 * @example
 * // times [10, 30] + batch [20, 30] → times [10, 20, 30], returns 1
 * mergeFromBack(times, values, 0, 2, batch, 1); // 1
 */
export function mergeFromBack(
  times: Float64Array,
  values: Float64Array,
  head: number,
  end: number,
  batch: SortedBatch,
  added: number,
): number {
  let i = end - 1;
  let write = end + added - 1;
  for (let j = batch.atMs.length - 1; j >= 0; write--) {
    const arriving = batch.atMs[j]!; // j >= 0
    if (i >= head && times[i]! > arriving) {
      times[write] = times[i]!; // i is live
      values[write] = values[i]!;
      i--;
    } else {
      if (i >= head && times[i] === arriving) i--; // the batch sample replaces it
      times[write] = arriving;
      values[write] = batch.values[j]!;
      j--;
    }
  }
  return write + 1;
}
