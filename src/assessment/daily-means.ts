// Daily means with capture: a UTC day has a mean when at least 18 of its 24 hours are valid
// (2008/50/EC Annex XI A "at least 18 hour values"; the same 75 % in (EU) 2024/2881 Annex V and
// in 40 CFR 50 Appendix N). The mean adds the valid values in time order from 0.

import { checkFiniteNumber, checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { HourlySeries } from './assessment-types.js';
import { checkHourlySeries, HOURS_PER_DAY, type HourGrid, MS_PER_HOUR } from './hour-grid.js';

/** Valid hours a day needs for a daily mean. */
export const MIN_HOURS_PER_DAY = 18;

const MS_PER_DAY = HOURS_PER_DAY * MS_PER_HOUR;

/** The result of {@link dailyMeans}: one entry per day. */
export interface DailyMeans {
  /** Epoch milliseconds of the first day's midnight (UTC). */
  readonly fromMs: number;
  /** µg/m³ per day, NaN for a day with fewer than 18 valid hours. */
  readonly means: Float64Array;
  /** Valid hours of each day, 0 to 24. */
  readonly validHours: Uint8Array;
}

/**
 * Daily means of `days` UTC days from `fromMs`, each valid with at least 18 valid hours.
 *
 * @param series - hourly values, NaN (or any non-finite value) for a missing hour
 * @param fromMs - the first day's midnight, UTC epoch milliseconds
 * @param days - number of days, a whole number ≥ 0
 * @throws RangeError / TypeError naming the argument when `fromMs` is not a UTC midnight, `days`
 *   is not a whole number ≥ 0, or the series is malformed
 * @example
 * const day = Date.UTC(2023, 0, 1);
 * const values = Array.from({ length: 48 }, (_, h) => (h < 24 ? 10 : h < 41 ? 30 : Number.NaN));
 * const daily = dailyMeans({ startMs: day, values }, day, 2);
 * daily.means; // Float64Array [10, NaN] (the second day has 17 valid hours)
 * daily.validHours; // Uint8Array [24, 17]
 */
export function dailyMeans(series: HourlySeries, fromMs: number, days: number): DailyMeans {
  const grid = checkHourlySeries('dailyMeans', series);
  const firstDay = checkMidnight('dailyMeans', 'fromMs', fromMs);
  checkDayCount('dailyMeans', days);
  const means = new Float64Array(days);
  const validHours = new Uint8Array(days);
  dailyMeansInto(grid, firstDay, means, validHours);
  return { fromMs, means, validHours };
}

/** Fills `means[d]` (and `validHours[d]`) for day `firstDay + d`; internal, unchecked. */
export function dailyMeansInto(
  grid: HourGrid,
  firstDay: number,
  means: Float64Array,
  validHours?: Uint8Array,
): void {
  const { values, startHour } = grid;
  const length = values.length;
  for (let d = 0; d < means.length; d++) {
    const from = (firstDay + d) * HOURS_PER_DAY - startHour;
    let sum = 0;
    let count = 0;
    const till = Math.min(from + HOURS_PER_DAY, length);
    for (let i = Math.max(from, 0); i < till; i++) {
      const v = values[i]!; // ! : i < length
      if (Number.isFinite(v)) {
        sum += v;
        count++;
      }
    }
    means[d] = count >= MIN_HOURS_PER_DAY ? sum / count : Number.NaN;
    if (validHours !== undefined) validHours[d] = count;
  }
}

/** Checks a UTC midnight and returns its day number. */
export function checkMidnight(functionName: string, parameterName: string, ms: unknown): number {
  checkFiniteNumber(functionName, parameterName, ms, 'epoch milliseconds');
  if (ms % MS_PER_DAY !== 0) {
    throw argumentError(RangeError, functionName, parameterName, 'must be a UTC midnight', ms);
  }
  return ms / MS_PER_DAY;
}

/** Checks a count of days or hours: a whole number ≥ 0. */
export function checkDayCount(functionName: string, days: unknown, parameterName = 'days'): void {
  checkSafeInteger(functionName, parameterName, days);
  if (days < 0) {
    throw argumentError(RangeError, functionName, parameterName, 'must not be negative', days);
  }
}
