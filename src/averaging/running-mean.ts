import { checkArrayLike, checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

// The running means of the national indexes: the plain mean of the hourly means present in the
// last N hours, the window ending with the current hour, valid only when enough of its hours
// are present (6 of 8, 18 of 24, 16 of 24, 20 of 24, 2 of 3). A 1-h value is the same thing
// with N = 1 and one hour required.

/**
 * The mean of the hourly means present among the last `hours` elements, when at least
 * `minHours` of them are present.
 *
 * Values are averaged raw: a negative hourly mean stays negative here, and `computeIndex`
 * counts a negative input as 0 (§1). Only NowCast clamps hours before averaging, because §3.4
 * says so.
 *
 * @param hourlyMeans - hourly means in µg/m³, **oldest first**; the last element is the hour
 *   that ends at the instant. A shorter array than `hours` has its older hours missing; an
 *   element that is not a finite number (`NaN` for an hour without samples) is missing.
 * @param hours - the window length N in hours, a positive integer (3, 8 or 24 in §2)
 * @param minHours - the capture rule: how many of the N hours must be present, an integer in
 *   `[1, hours]`
 * @returns the mean in µg/m³, or `undefined` when fewer than `minHours` hours are present
 * @throws TypeError when `hourlyMeans` is not an array or typed array, or `hours` / `minHours`
 *   is not a number; RangeError when they are not integers in range
 * @example
 * runningMean([10, 20, 30, 40, 50, 60, 70, 80], 8, 6); // 45
 * runningMean([10, Number.NaN, 30, 40, 50, 60, 70, Number.NaN], 8, 6); // 43.33… (6 of 8)
 * runningMean([Number.NaN, Number.NaN, 30, 40, 50, 60, 70, Number.NaN], 8, 6); // undefined
 * runningMean([5, 7], 3, 2); // 6 (the third hour is older than the data: missing)
 */
export function runningMean(
  hourlyMeans: ArrayLike<number>,
  hours: number,
  minHours: number,
): number | undefined {
  checkRunningWindow('runningMean', hourlyMeans, hours, minHours);
  return runningMeanAt(hourlyMeans, hourlyMeans.length, hours, minHours);
}

/**
 * The argument checks of a running window over hourly means (`runningMean`, `runningMax`):
 * an array-like series, `hours` a whole number of at least 1, `minHours` one in [1, hours].
 * Internal to `src/averaging`.
 *
 * @throws TypeError / RangeError naming `functionName`, the parameter and the value
 * @example
 * checkRunningWindow('runningMax', [1, 2], 24, 30);
 * // RangeError: runningMax: minHours must be an integer in [1, 24], got 30
 */
export function checkRunningWindow(
  functionName: string,
  hourlyMeans: ArrayLike<number>,
  hours: number,
  minHours: number,
): void {
  checkArrayLike(functionName, 'hourlyMeans', hourlyMeans);
  checkSafeInteger(functionName, 'hours', hours);
  if (hours < 1) {
    throw argumentError(RangeError, functionName, 'hours', 'must be at least 1', hours);
  }
  checkSafeInteger(functionName, 'minHours', minHours);
  if (minHours < 1 || minHours > hours) {
    const expectation = `must be an integer in [1, ${hours}]`;
    throw argumentError(RangeError, functionName, 'minHours', expectation, minHours);
  }
}

/**
 * {@link runningMean} of the `hours` elements that end just before index `end`, unchecked and
 * allocation-free, so a caller can slide it along one long series.
 *
 * @param values - hourly means in µg/m³, oldest first; a non-finite element is a missing hour
 * @param end - one past the current hour's index (`values.length` for the newest)
 * @param hours - the window length, a positive integer
 * @param minHours - how many of the window's hours must be present, at least 1
 * @returns the mean in µg/m³, or `undefined` when the capture rule fails
 * @example
 * runningMeanAt([1, 2, 3, 99], 3, 3, 2); // 2 (the window is [1, 2, 3])
 */
export function runningMeanAt(
  values: ArrayLike<number>,
  end: number,
  hours: number,
  minHours: number,
): number | undefined {
  let sum = 0;
  let present = 0;
  for (let j = Math.max(0, end - hours); j < end; j++) {
    const value = values[j];
    if (!Number.isFinite(value)) continue;
    sum += value as number;
    present++;
  }
  return present >= minHours ? sum / present : undefined;
}
