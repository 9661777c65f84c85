// AOT40 of 2008/50/EC Annex VII A: the sum of the excess over 80 µg/m³ of the hourly values
// "between 8:00 and 20:00 Central European Time (CET) each day", 1 May to 31 July. CET is
// UTC+1 all year (no summer time), so the window is the 12 hours starting 07:00 … 18:00 UTC,
// on the same dates in UTC as in CET. With missing hours the sum is scaled up by possible over
// measured hours (the Annex's footnote) and is valid with 90 % of the hours measured.
import type { HourlySeries } from './assessment-types.js';
import {
  checkHourlySeries,
  checkYear,
  HOURS_PER_DAY,
  type HourGrid,
  monthStartDay,
} from './hour-grid.js';

/** µg/m³ above which an hour adds to AOT40 (40 ppb). */
export const AOT40_THRESHOLD_UGM3 = 80;
/** Hours of the window: 92 days (May to July) × 12 hours. */
export const AOT40_POSSIBLE_HOURS = 1104;
// 90 % of the 1,104 hours, rounded up: the measured hours a valid AOT40 needs.
const MIN_MEASURED_HOURS = 994;

// The first and last UTC hour of the daily window: 08:00 and 19:00 CET.
const FIRST_UTC_HOUR = 7;
const HOURS_PER_WINDOW = 12;

/** The result of {@link aot40}. */
export interface Aot40 {
  /** µg/m³·h, scaled to the 1,104 possible hours; `null` when fewer than 90 % were measured. */
  readonly value: number | null;
  /** The unscaled sum over the measured hours, µg/m³·h. */
  readonly measuredSum: number;
  /** Valid hours in the window, 0 to 1,104. */
  readonly measuredHours: number;
  /** Whether at least 90 % of the 1,104 hours were measured (994 or more). */
  readonly valid: boolean;
}

/**
 * AOT40 of `year` (1 May – 31 July, 08:00–20:00 CET), scaled for missing hours.
 *
 * @param series - hourly O3, µg/m³
 * @param year - the calendar year, 1000 to 9999
 * @example
 * // 60 µg/m³ everywhere, 100 µg/m³ at 07:00 UTC (08:00 CET) from 1 May to 31 July
 * const startMs = Date.UTC(2023, 0, 1);
 * const values = Array.from({ length: 8760 }, (_, h) => (h >= 2880 && h < 5088 && h % 24 === 7 ? 100 : 60));
 * aot40({ startMs, values }, 2023).value; // 1840 (92 days × 20)
 */
export function aot40(series: HourlySeries, year: number): Aot40 {
  const grid = checkHourlySeries('aot40', series);
  checkYear('aot40', 'year', year);
  return aot40Of(grid, year);
}

/** AOT40 of a checked grid; internal. */
export function aot40Of(grid: HourGrid, year: number): Aot40 {
  const firstDay = monthStartDay(year, 4);
  const tillDay = monthStartDay(year, 7);
  let sum = 0;
  let measured = 0;
  const { values, startHour } = grid;
  for (let day = firstDay; day < tillDay; day++) {
    const from = day * HOURS_PER_DAY + FIRST_UTC_HOUR - startHour;
    const till = Math.min(from + HOURS_PER_WINDOW, values.length);
    for (let i = Math.max(from, 0); i < till; i++) {
      const v = values[i]!; // ! : i < length
      if (!Number.isFinite(v)) continue;
      measured++;
      // Adding +0 leaves the sum's bits as they are, so hours at or below 80 may add their 0.
      sum += Math.max(0, v - AOT40_THRESHOLD_UGM3);
    }
  }
  const valid = measured >= MIN_MEASURED_HOURS;
  const value = valid ? (sum * AOT40_POSSIBLE_HOURS) / measured : null;
  return { value, measuredSum: sum, measuredHours: measured, valid };
}
