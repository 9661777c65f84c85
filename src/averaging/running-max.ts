import { checkRunningWindow } from './running-mean.js';

// The highest hourly mean of the last N hours, for an index whose agency reads "the day's
// maximum hourly mean" (France's ATMO for SO2, NO2 and O3). airq has no calendar day per point,
// so it reads the last 24 hours ending with the current one instead (more-indexes.md §2,
// decided), with the same capture rule as a 24-h running mean: a maximum over a window that is
// mostly empty would understate the day.

/**
 * The highest of the hourly means present among the last `hours` elements, when at least
 * `minHours` of them are present.
 *
 * Values are compared raw: a negative hourly mean stays negative (a window of only negative
 * hours has a negative maximum), and `computeIndex` counts a negative input as 0.
 *
 * @param hourlyMeans - hourly means in µg/m³, **oldest first**; the last element is the hour
 *   that ends at the instant. A shorter array than `hours` has its older hours missing; an
 *   element that is not a finite number (`NaN` for an hour without samples) is missing.
 * @param hours - the window length N in hours, a positive integer (24 for FRA_ATMO)
 * @param minHours - the capture rule: how many of the N hours must be present, an integer in
 *   `[1, hours]` (18 for FRA_ATMO)
 * @returns the maximum in µg/m³, or `undefined` when fewer than `minHours` hours are present
 * @throws TypeError when `hourlyMeans` is not an array or typed array, or `hours` / `minHours`
 *   is not a number; RangeError when they are not integers in range
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
  return runningMaxAt(hourlyMeans, hourlyMeans.length, hours, minHours);
}

/**
 * {@link runningMax} of the `hours` elements that end just before index `end`, unchecked and
 * allocation-free, so a caller can slide it along one long series.
 *
 * @param values - hourly means in µg/m³, oldest first; a non-finite element is a missing hour
 * @param end - one past the current hour's index (`values.length` for the newest)
 * @param hours - the window length, a positive integer
 * @param minHours - how many of the window's hours must be present, at least 1
 * @returns the maximum in µg/m³, or `undefined` when the capture rule fails
 * @example
 * runningMaxAt([1, 7, 3, 99], 3, 3, 2); // 7 (the window is [1, 7, 3])
 */
export function runningMaxAt(
  values: ArrayLike<number>,
  end: number,
  hours: number,
  minHours: number,
): number | undefined {
  let max = Number.NEGATIVE_INFINITY;
  let present = 0;
  for (let j = Math.max(0, end - hours); j < end; j++) {
    const value = values[j];
    if (!Number.isFinite(value)) continue;
    // Math.max, not `>`: it ranks +0 above −0, so [−0, 0] gives 0 whichever comes first.
    max = Math.max(max, value as number);
    present++;
  }
  return present >= minHours ? max : undefined;
}
