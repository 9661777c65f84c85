// Internal: the hour arithmetic every building block shares. Hours are counted from
// 1970-01-01T00Z, so a UTC day d is hours [24·d, 24·d + 24) and a series is an array of values
// whose first element is hour `startHour`. Values outside the array are missing.

import {
  checkArrayLike,
  checkFiniteNumber,
  checkObject,
  checkSafeInteger,
} from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { HourlySeries } from './assessment-types.js';

export const MS_PER_HOUR = 3_600_000;
export const HOURS_PER_DAY = 24;

/** A series as hour numbers: `values[i]` is hour `startHour + i`. */
export interface HourGrid {
  readonly values: ArrayLike<number>;
  readonly startHour: number;
}

/** Checks a public series argument and returns it as a grid. */
export function checkHourlySeries(functionName: string, series: unknown): HourGrid {
  checkObject(functionName, 'series', series, 'an object { startMs, values }');
  const { startMs, values } = series as HourlySeries;
  checkFiniteNumber(functionName, 'series.startMs', startMs, 'epoch milliseconds');
  if (startMs % MS_PER_HOUR !== 0) {
    throw argumentError(
      RangeError,
      functionName,
      'series.startMs',
      'must be on a whole UTC hour',
      startMs,
    );
  }
  checkArrayLike(functionName, 'series.values', values);
  return { values, startHour: startMs / MS_PER_HOUR };
}

// Years from 1000 to 9999: four-digit calendar years, all inside the ECMAScript date range.
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/** Checks a year argument: an integer from 1000 to 9999. */
export function checkYear(functionName: string, parameterName: string, year: unknown): number {
  checkSafeInteger(functionName, parameterName, year);
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw argumentError(
      RangeError,
      functionName,
      parameterName,
      `must be a year from ${MIN_YEAR} to ${MAX_YEAR}`,
      year,
    );
  }
  return year;
}

/** The UTC day number (days since 1970-01-01) of the first of `month` (0-11, may overflow). */
export function monthStartDay(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 1);
  return Math.round(date.getTime() / 86_400_000);
}

/** The UTC day number of 1 January of `year`. */
export function yearStartDay(year: number): number {
  return monthStartDay(year, 0);
}

/** Days in `year`: 365 or 366. */
export function daysInYear(year: number): number {
  return yearStartDay(year + 1) - yearStartDay(year);
}

/** Valid (finite) values among hours `[fromHour, tillHour)`. */
export function countValidHours(grid: HourGrid, fromHour: number, tillHour: number): number {
  const { values, startHour } = grid;
  const from = Math.max(fromHour - startHour, 0);
  const till = Math.min(tillHour - startHour, values.length);
  let count = 0;
  for (let i = from; i < till; i++) if (Number.isFinite(values[i])) count++;
  return count;
}
