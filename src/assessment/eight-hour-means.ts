// Running 8-hour means and the daily maximum 8-hour mean (MDA8) of 2008/50/EC Annex VII and
// XI: a mean is valid with at least 6 of its 8 hours ("75 % of values (i.e. 6 hours)"), and a
// day's maximum with at least 18 of its 24 means. A mean belongs to the day on which it ends:
// day d reads the means ending at 01:00 … 24:00, i.e. starting at 17:00 the day before up to
// 16:00 on the day (Annex VII B note 2). Every mean adds its valid values in time order from 0.

import { checkFiniteNumber } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { HourlySeries } from './assessment-types.js';
import { checkDayCount, checkMidnight } from './daily-means.js';
import { checkHourlySeries, HOURS_PER_DAY, type HourGrid, MS_PER_HOUR } from './hour-grid.js';

/** Valid hours an 8-hour mean needs. */
export const MIN_HOURS_PER_8H_MEAN = 6;
/** Valid 8-hour means a day needs for its maximum. */
export const MIN_MEANS_PER_DAY = 18;

/**
 * 8-hour means of `count` consecutive periods: element `i` averages the 8 hours starting at
 * `fromMs + i h` (the EU labels it with its end, `fromMs + (i + 8) h`; the US with its start).
 * NaN when fewer than 6 of the 8 hours are valid.
 *
 * @param series - hourly values, µg/m³ (or any unit: nothing is converted)
 * @param fromMs - start of the first period, a whole UTC hour
 * @param count - number of periods, a whole number ≥ 0
 * @example
 * const values = [1, 2, 3, 4, 5, 6, 7, 8, Number.NaN, Number.NaN];
 * runningEightHourMeans({ startMs: 0, values }, 0, 3); // Float64Array [4.5, 5, 5.5]
 */
export function runningEightHourMeans(
  series: HourlySeries,
  fromMs: number,
  count: number,
): Float64Array {
  const grid = checkHourlySeries('runningEightHourMeans', series);
  checkFiniteNumber('runningEightHourMeans', 'fromMs', fromMs, 'epoch milliseconds');
  if (fromMs % MS_PER_HOUR !== 0) {
    const expectation = 'must be on a whole UTC hour';
    throw argumentError(RangeError, 'runningEightHourMeans', 'fromMs', expectation, fromMs);
  }
  checkDayCount('runningEightHourMeans', count, 'count');
  const means = new Float64Array(count);
  const firstHour = fromMs / MS_PER_HOUR;
  for (let i = 0; i < count; i++) means[i] = eightHourMean(grid, firstHour + i);
  return means;
}

/**
 * Daily maximum 8-hour means (MDA8) of `days` UTC days from `fromMs`: the largest of the 24
 * means ending on the day, NaN when fewer than 18 of them are valid.
 *
 * @param series - hourly values, µg/m³
 * @param fromMs - the first day's midnight, UTC epoch milliseconds
 * @param days - number of days, a whole number ≥ 0
 * @example
 * const day = Date.UTC(2023, 5, 1);
 * const values = Array.from({ length: 48 }, (_, h) => (h >= 34 && h < 42 ? 130 : 60));
 * dailyMaxEightHourMeans({ startMs: day, values }, day, 2); // Float64Array [60, 130]
 */
export function dailyMaxEightHourMeans(
  series: HourlySeries,
  fromMs: number,
  days: number,
): Float64Array {
  const grid = checkHourlySeries('dailyMaxEightHourMeans', series);
  const firstDay = checkMidnight('dailyMaxEightHourMeans', 'fromMs', fromMs);
  checkDayCount('dailyMaxEightHourMeans', days);
  const maxima = new Float64Array(days);
  dailyMaxEightHourMeansInto(grid, firstDay, maxima);
  return maxima;
}

/** The mean of hours `[firstHour, firstHour + 8)`, NaN with fewer than 6 valid; internal. */
export function eightHourMean(grid: HourGrid, firstHour: number): number {
  const { values, startHour } = grid;
  const from = firstHour - startHour;
  const till = Math.min(from + 8, values.length);
  let sum = 0;
  let count = 0;
  for (let i = Math.max(from, 0); i < till; i++) {
    const v = values[i]!; // ! : i < length
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
  }
  return count >= MIN_HOURS_PER_8H_MEAN ? sum / count : Number.NaN;
}

/** Fills `maxima[d]` with the MDA8 of day `firstDay + d`; internal, unchecked. */
export function dailyMaxEightHourMeansInto(
  grid: HourGrid,
  firstDay: number,
  maxima: Float64Array,
): void {
  for (let d = 0; d < maxima.length; d++) {
    // The first mean of the day ends at 01:00, so it starts at 17:00 the day before.
    const firstStart = (firstDay + d) * HOURS_PER_DAY - 7;
    let max = Number.NEGATIVE_INFINITY;
    let valid = 0;
    for (let m = 0; m < HOURS_PER_DAY; m++) {
      const mean = eightHourMean(grid, firstStart + m);
      if (!Number.isNaN(mean)) {
        valid++;
        max = Math.max(max, mean);
      }
    }
    maxima[d] = valid >= MIN_MEANS_PER_DAY ? max : Number.NaN;
  }
}
