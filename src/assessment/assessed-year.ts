// Internal: the year being assessed, with what several metrics read (its hour range, its
// capture, its daily means and MDA8), computed when a metric asks (a few milliseconds a year, so
// not kept).
import type { AssessedPollutant } from './assessment-types.js';
import { dailyMeansInto } from './daily-means.js';
import { dailyMaxEightHourMeansInto } from './eight-hour-means.js';
import {
  countValidHours,
  daysInYear,
  HOURS_PER_DAY,
  type HourGrid,
  yearStartDay,
} from './hour-grid.js';

/** One year of a series, as the standards read it. */
export class AssessedYear {
  readonly grid: HourGrid;
  readonly pollutant: AssessedPollutant;
  readonly year: number;
  /** Day number of 1 January. */
  readonly firstDay: number;
  /** 365 or 366. */
  readonly days: number;
  /** Absolute hour of 1 January 00:00 UTC. */
  readonly firstHour: number;
  /** 8760 or 8784. */
  readonly hours: number;
  /** Valid hours in the year. */
  readonly validHours: number;

  constructor(grid: HourGrid, pollutant: AssessedPollutant, year: number) {
    this.grid = grid;
    this.pollutant = pollutant;
    this.year = year;
    this.firstDay = yearStartDay(year);
    this.days = daysInYear(year);
    this.firstHour = this.firstDay * HOURS_PER_DAY;
    this.hours = this.days * HOURS_PER_DAY;
    this.validHours = countValidHours(grid, this.firstHour, this.firstHour + this.hours);
  }

  /** Valid hours over hours of the year. */
  get capture(): number {
    return this.validHours / this.hours;
  }

  /** `capture V/N hours below P %`, the reason of a failed capture rule. */
  captureReason(percent: number): string {
    return `capture ${this.validHours}/${this.hours} hours below ${percent} %`;
  }

  /** Daily means of the days of the year (NaN with fewer than 18 valid hours). */
  dailyMeans(): Float64Array {
    const means = new Float64Array(this.days);
    dailyMeansInto(this.grid, this.firstDay, means);
    return means;
  }

  /** MDA8 of the days of the year (NaN with fewer than 18 valid 8-hour means). */
  mda8(): Float64Array {
    return mda8OfYear(this.grid, this.year);
  }

  /** Mean of the valid hours of the year, added in time order; NaN when none is valid. */
  hourlyMean(): number {
    const { values, startHour } = this.grid;
    const from = Math.max(this.firstHour - startHour, 0);
    const till = Math.min(this.firstHour + this.hours - startHour, values.length);
    let sum = 0;
    let count = 0;
    for (let i = from; i < till; i++) {
      const v = values[i]!; // ! : i < length
      if (Number.isFinite(v)) {
        sum += v;
        count++;
      }
    }
    return sum / count; // 0 / 0 is NaN: no valid hour
  }

  /** Valid hours of the year above `threshold`. */
  hoursAbove(threshold: number): number {
    const { values, startHour } = this.grid;
    const from = Math.max(this.firstHour - startHour, 0);
    const till = Math.min(this.firstHour + this.hours - startHour, values.length);
    let count = 0;
    for (let i = from; i < till; i++) {
      const v = values[i]!; // ! : i < length
      // NaN is never above; +Infinity is a missing hour, not an exceedance.
      if (v > threshold && v !== Number.POSITIVE_INFINITY) count++;
    }
    return count;
  }
}

/** MDA8 of every day of `year`. */
export function mda8OfYear(grid: HourGrid, year: number): Float64Array {
  const maxima = new Float64Array(daysInYear(year));
  dailyMaxEightHourMeansInto(grid, yearStartDay(year), maxima);
  return maxima;
}

/** Values of `values` above `threshold` (NaN is never above). */
export function countAbove(values: Float64Array, threshold: number): number {
  return values.filter((v) => v > threshold).length;
}
