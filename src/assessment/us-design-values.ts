// Internal: what the US design values share. Days are UTC days (local standard time cannot be
// known), every day is a sampling day, and a three-year design value is valid when all 12
// quarters are complete (75 % of their days valid) or, incomplete, when it can be computed and
// already exceeds the standard (40 CFR 50 App. N 4.1(c), S 3.2(c), T 3(c), U 4(c), simplified).
import type { AssessedPollutant, Metric } from './assessment-types.js';
import { HOURS_PER_DAY, type HourGrid, monthStartDay, yearStartDay } from './hour-grid.js';
import { invalidMetric, type MetricHead, validMetric } from './metric.js';
import { truncateDecimals } from './rounding.js';
import { US_MOLAR_MASS_G_PER_MOL, US_MOLAR_VOLUME_L } from './us-units.js';

/** January, April, July and October, 0-based. */
const QUARTER_FIRST_MONTHS: readonly number[] = Object.freeze([0, 3, 6, 9]);

/** Quarters of `years` (oldest first) with fewer than 75 % of their days valid. */
export function incompleteQuarters(
  validDay: (year: number, dayOfYear: number) => boolean,
  years: readonly number[],
): number {
  let incomplete = 0;
  for (const year of years) {
    const firstDay = yearStartDay(year);
    for (const firstMonth of QUARTER_FIRST_MONTHS) {
      const from = monthStartDay(year, firstMonth) - firstDay;
      const till = monthStartDay(year, firstMonth + 3) - firstDay;
      let valid = 0;
      for (let d = from; d < till; d++) if (validDay(year, d)) valid++;
      if (4 * valid < 3 * (till - from)) incomplete++;
    }
  }
  return incomplete;
}

/** The years of a three-year design value: Y−2, Y−1, Y. */
export function threeYears(year: number): readonly [number, number, number] {
  return [year - 2, year - 1, year];
}

/**
 * A design value's metric: valid when complete, or when computable and above `level` (then not
 * met); `value` NaN means not computable.
 */
export function designValueMetric(
  head: MetricHead,
  value: number,
  level: number,
  completeness: { readonly complete: boolean; readonly reason: string },
  extras: { readonly exceedances?: number } = {},
): Metric {
  // Complete quarters always give a computable value; NaN (not computable) is never > level.
  if (completeness.complete) return validMetric(head, value, value <= level, extras);
  if (value > level) return validMetric(head, value, false, extras);
  return invalidMetric(head, completeness.reason, extras);
}

/**
 * The reason of an incomplete three-year value from its count of incomplete quarters. (Complete
 * quarters always give a computable value: 75 % of the days of each quarter are valid.)
 */
export function quartersReason(incomplete: number, year: number): string {
  return `incomplete: ${incomplete} of the 12 quarters of ${year - 2}–${year} have fewer than 75 % valid days`;
}

/** A grid of converted hours, all of them in one typed array. */
export interface UsUnitGrid extends HourGrid {
  readonly values: Float64Array;
}

/**
 * The hours `[fromHour, tillHour)` of a gas in the US unit: ppb truncated to `decimals` places
 * (O3 0, NO2 and SO2 1), or ppm unrounded for CO (`decimals` undefined). A missing hour, and an
 * hour outside the series, is NaN.
 */
export function usUnitGrid(
  grid: HourGrid,
  gas: Exclude<AssessedPollutant, 'PM10' | 'PM25'>,
  fromHour: number,
  tillHour: number,
  decimals: number | undefined,
): UsUnitGrid {
  const molarMass = US_MOLAR_MASS_G_PER_MOL[gas];
  const { values, startHour } = grid;
  const out = new Float64Array(tillHour - fromHour).fill(Number.NaN);
  // Only the hours the series has are read: reads outside a typed array (at negative indices
  // above all) take a slow path, and a year of data read for three years is the usual case.
  const from = Math.max(fromHour - startHour, 0);
  const till = Math.min(tillHour - startHour, values.length);
  for (let i = from; i < till; i++) {
    const v = values[i]!; // ! : i < length
    if (!Number.isFinite(v)) continue;
    const ppb = (v * US_MOLAR_VOLUME_L) / molarMass;
    out[i + startHour - fromHour] =
      decimals === undefined ? ppb / 1000 : truncateDecimals(ppb, decimals);
  }
  return { values: out, startHour: fromHour };
}

/** Absolute hour of 1 January 00:00 UTC of `year`. */
export function yearStartHour(year: number): number {
  return yearStartDay(year) * HOURS_PER_DAY;
}
