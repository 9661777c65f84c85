import { checkArrayLike, checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

// The running windows of the national indexes: the hourly means present in the last N hours,
// the window ending with the current hour, valid only when enough of its hours are present
// (6 of 8, 18 of 24, 16 of 24, 20 of 24, 2 of 3), reduced to their plain mean or, for an index
// whose agency reads "the day's maximum hourly mean" (France's ATMO for SO2, NO2 and O3), to
// their highest value. airq has no calendar day per point, so that maximum is read over the
// last 24 hours ending with the current one (more-indexes.md §2, decided), with the capture rule
// of a 24-h running mean: a maximum over a window that is mostly empty would understate the day.
// A 1-h value is a running mean with N = 1 and one hour required.

/** What a running window reduces its present hours to. */
export type RunningStatistic = 'mean' | 'max';

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
  return runningAt('mean', hourlyMeans, hourlyMeans.length, hours, minHours);
}

/**
 * The highest of the hourly means present among the last `hours` elements, when at least
 * `minHours` of them are present.
 *
 * Values are compared raw: a negative hourly mean stays negative (a window of only negative
 * hours has a negative maximum), and `computeIndex` counts a negative input as 0.
 *
 * @param hourlyMeans - as {@link runningMean}'s
 * @param hours - the window length N in hours, a positive integer (24 for FRA_ATMO)
 * @param minHours - the capture rule: how many of the N hours must be present, an integer in
 *   `[1, hours]` (18 for FRA_ATMO)
 * @returns the maximum in µg/m³, or `undefined` when fewer than `minHours` hours are present
 * @throws as {@link runningMean}
 * @example
 * runningMax([10, 80, 30, 40], 4, 3); // 80
 * runningMax([10, 80, Number.NaN, Number.NaN], 4, 3); // undefined (2 of 4)
 * runningMax([-3, -1, Number.NaN], 3, 2); // -1
 */
export function runningMax(
  hourlyMeans: ArrayLike<number>,
  hours: number,
  minHours: number,
): number | undefined {
  checkRunningWindow('runningMax', hourlyMeans, hours, minHours);
  return runningAt('max', hourlyMeans, hourlyMeans.length, hours, minHours);
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
 * {@link runningMean} or {@link runningMax} of the `hours` elements that end just before index
 * `end`, unchecked and allocation-free, so a caller can slide it along one long series. One loop
 * keeps both the sum and the maximum: the branch on `statistic` stays out of it.
 *
 * @param statistic - `'mean'` or `'max'`
 * @param values - hourly means in µg/m³, oldest first; a non-finite element is a missing hour
 * @param end - one past the current hour's index (`values.length` for the newest)
 * @param hours - the window length, a positive integer
 * @param minHours - how many of the window's hours must be present, at least 1
 * @returns the mean or maximum in µg/m³, or `undefined` when the capture rule fails
 * @example
 * runningAt('mean', [1, 2, 3, 99], 3, 3, 2); // 2 (the window is [1, 2, 3])
 * runningAt('max', [1, 7, 3, 99], 3, 3, 2); // 7
 */
export function runningAt(
  statistic: RunningStatistic,
  values: ArrayLike<number>,
  end: number,
  hours: number,
  minHours: number,
): number | undefined {
  let sum = 0;
  let max = Number.NEGATIVE_INFINITY;
  let present = 0;
  for (let j = Math.max(0, end - hours); j < end; j++) {
    const value = values[j];
    if (!Number.isFinite(value)) continue;
    sum += value as number;
    // Math.max, not `>`: it ranks +0 above −0, so [−0, 0] gives 0 whichever comes first.
    max = Math.max(max, value as number);
    present++;
  }
  if (present < minHours) return undefined;
  return statistic === 'max' ? max : sum / present;
}
