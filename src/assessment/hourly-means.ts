// From what users have to what assessSeries reads: raw, irregular samples (a TimeSeries of
// airq/series, or a MeasurementStore) averaged over each UTC hour with the existing window code,
// an hour without a sample being NaN.

import {
  checkNonEmptyString,
  checkObject,
  checkSafeInteger,
} from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { TimeSeries } from '../series/time-series.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import { hourlyWindows } from '../time/windows.js';
import type { HourlySeries } from './assessment-types.js';
import { checkDayCount } from './daily-means.js';
import { MS_PER_HOUR } from './hour-grid.js';

/** Hourly means built from raw samples: an {@link HourlySeries} whose values are a Float64Array. */
export interface HourlyMeans extends HourlySeries {
  readonly values: Float64Array;
}

function checkRange(functionName: string, fromMs: unknown, hours: unknown): void {
  checkSafeInteger(functionName, 'fromMs', fromMs);
  if (fromMs % MS_PER_HOUR !== 0) {
    throw argumentError(RangeError, functionName, 'fromMs', 'must be on a whole UTC hour', fromMs);
  }
  checkDayCount(functionName, hours, 'hours');
}

/**
 * The hourly means of a `TimeSeries` over `hours` UTC hours from `fromMs`: each hour the mean of
 * the samples with `start <= atMs < start + 1 h` (`TimeSeries.average`), NaN for an hour without
 * a sample. The result goes straight to `assessSeries`.
 *
 * @param series - raw samples in µg/m³, at any times
 * @param fromMs - the first hour's start, a whole UTC hour (e.g. `Date.UTC(2021, 0, 1)`)
 * @param hours - number of hours, a whole number ≥ 0 (8760 for a common year)
 * @example
 * const raw = new TimeSeries();
 * raw.add(Date.UTC(2023, 0, 1, 0, 10), 20);
 * raw.add(Date.UTC(2023, 0, 1, 0, 40), 30);
 * hourlyMeansOfSeries(raw, Date.UTC(2023, 0, 1), 2).values; // Float64Array [25, NaN]
 */
export function hourlyMeansOfSeries(
  series: TimeSeries,
  fromMs: number,
  hours: number,
): HourlyMeans {
  checkObject('hourlyMeansOfSeries', 'series', series, 'a TimeSeries');
  if (typeof (series as { average?: unknown }).average !== 'function') {
    throw argumentError(TypeError, 'hourlyMeansOfSeries', 'series', 'must be a TimeSeries', series);
  }
  checkRange('hourlyMeansOfSeries', fromMs, hours);
  const values = Float64Array.from({ length: hours }, (_, i) => {
    const start = fromMs + i * MS_PER_HOUR;
    return series.average(start, start + MS_PER_HOUR) ?? Number.NaN;
  });
  return { startMs: fromMs, values };
}

/**
 * The hourly means of one measurement type of an installation in a store, over `hours` UTC
 * hours from `fromMs` (the store's `windowAverages` over one-hour windows), NaN for an hour
 * without a sample. Queries the store in slices of `sliceHours` windows so a year of windows
 * is never built at once.
 *
 * @param store - any `MeasurementStore` (the in-memory default, PostgreSQL, …)
 * @param installationId - the installation
 * @param name - the measurement type, e.g. `'PM10'`
 * @param fromMs - the first hour's start, a whole UTC hour
 * @param hours - number of hours, a whole number ≥ 0
 * @example
 * const hourly = await hourlyMeansOfStore(store, 1001, 'PM10', Date.UTC(2023, 0, 1), 8760);
 * assessSeries(hourly, { standard: 'EU_2008', pollutant: 'PM10', year: 2023 });
 */
export async function hourlyMeansOfStore(
  store: MeasurementStore,
  installationId: number,
  name: string,
  fromMs: number,
  hours: number,
): Promise<HourlyMeans> {
  checkObject('hourlyMeansOfStore', 'store', store, 'a MeasurementStore');
  checkSafeInteger('hourlyMeansOfStore', 'installationId', installationId);
  checkNonEmptyString('hourlyMeansOfStore', 'name', name);
  checkRange('hourlyMeansOfStore', fromMs, hours);
  const values = new Float64Array(hours).fill(Number.NaN);
  const sliceHours = 24 * 31;
  for (let from = 0; from < hours; from += sliceHours) {
    const count = Math.min(sliceHours, hours - from);
    const averages = await store.windowAverages(
      installationId,
      hourlyWindows(fromMs + from * MS_PER_HOUR, count),
    );
    // One average per window, in the windows' order (the store's contract).
    averages.forEach((average, i) => {
      values[from + i] = average[name] ?? Number.NaN;
    });
  }
  return { startMs: fromMs, values };
}
