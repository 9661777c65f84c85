import type { AveragedValues, Measurements } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementWindows, TimeWindow } from '../time/windows.js';
import { averagedValues, type RenderOptions } from './averaged-values.js';
import type { InstallationSeries } from './installation-series.js';
import { freezeAsJsonPart } from './json-parts.js';
import type { HourlyPart, RenderedHours } from './series-reader.js';

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
    history: renderWindows(windows.history, series.history, options),
    forecast: renderWindows(windows.forecast, series.forecast, options),
  };
}

/**
 * The rendered history and forecast of an hourly part in the index, language and WHO edition
 * of `options`, rendered on first use and kept in the part. The arrays are deeply frozen and
 * marked as shared JSON parts ({@link freezeAsJsonPart}), so every later payload of that hour
 * reuses both the objects and their serialised bytes.
 *
 * @param windows - the request's windows; their hours must be those of `part.seamMs`
 * @example
 * const { history, forecast } = renderedHours(part, windows, options);
 * history.length + forecast.length; // 48
 */
export function renderedHours(
  part: HourlyPart,
  windows: MeasurementWindows,
  options: RenderOptions,
): RenderedHours {
  const key = `${options.indexType}:${options.language}:${options.whoEdition}`;
  let rendered = part.rendered.get(key);
  if (rendered === undefined) {
    rendered = Object.freeze({
      history: freezeAsJsonPart(renderWindows(windows.history, part.history, options)),
      forecast: freezeAsJsonPart(renderWindows(windows.forecast, part.forecast, options)),
    });
    part.rendered.set(key, rendered);
  }
  return rendered;
}

function renderWindows(
  windows: readonly TimeWindow[],
  averages: readonly WindowAverages[],
  options: RenderOptions,
): AveragedValues[] {
  return windows.map((w, i) => averagedValues(w, averages[i] ?? NO_VALUES, options));
}
