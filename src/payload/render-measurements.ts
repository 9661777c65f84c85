import type { Measurements } from '../model/api-types.js';
import type { MeasurementWindows } from '../time/windows.js';
import { averagedValues, type RenderOptions } from './averaged-values.js';
import type { InstallationSeries } from './installation-series.js';

const NO_VALUES = Object.freeze({});

/**
 * Turns a series into the Measurements payload: the chosen `current` window, then 24 history
 * and 24 forecast elements with the bounds of `windows` (an hour without data still appears,
 * with no values and the no-data index).
 *
 * @example
 * const payload = renderMeasurements(series, measurementWindows(now), {
 *   indexType: 'VENDOR_CAQI', language: 'en', whoEdition: 'WHO_2021',
 * });
 * payload.history.length; // 24
 */
export function renderMeasurements(
  series: InstallationSeries,
  windows: MeasurementWindows,
  options: RenderOptions,
): Measurements {
  return {
    current: averagedValues(series.current.window, series.current.averages, options),
    history: windows.history.map((w, i) =>
      averagedValues(w, series.history[i] ?? NO_VALUES, options),
    ),
    forecast: windows.forecast.map((w, i) =>
      averagedValues(w, series.forecast[i] ?? NO_VALUES, options),
    ),
  };
}
