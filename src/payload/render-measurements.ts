import { isGridIndexType } from '../indexes/index-table.js';
import type { AveragedValues, IndexValue, Measurements } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementWindows, TimeWindow } from '../time/windows.js';
import { averagedValues, type RenderOptions } from './averaged-values.js';
import { nationalIndexes } from './index-hours.js';
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
  const indexes = hourIndexes(series.older, series, windows, options);
  const history = renderWindows(windows.history, series.history, options, indexes?.history);
  return {
    current: renderCurrent(series, windows, options, history),
    history,
    forecast: renderWindows(windows.forecast, series.forecast, options, indexes?.forecast),
  };
}

/**
 * The `current` element of a payload. A grid index is computed from the window's averages; a
 * national one from `series.currentHours`, the hourly means that end with the window, or,
 * when the window is one of the history hours (a third-party station), taken from that hour's
 * element, which averaged the very same hours.
 *
 * @param series - `current`, and `currentHours` for a national index
 * @param history - the payload's rendered history elements
 * @throws Error when a national index is asked for and `series.currentHours` was not read
 * @example
 * renderCurrent(series, windows, { indexType: 'US_AQI', language: 'en', whoEdition: 'WHO_2021' }, history)
 *   .indexes[0].name; // 'US_AQI'
 */
export function renderCurrent(
  series: Pick<InstallationSeries, 'current' | 'currentHours'>,
  windows: MeasurementWindows,
  options: RenderOptions,
  history: readonly AveragedValues[],
): AveragedValues {
  const { window, averages } = series.current;
  const { indexType, language } = options;
  if (isGridIndexType(indexType)) return averagedValues(window, averages, options);
  const hour = windows.history.indexOf(window);
  if (hour >= 0) return averagedValues(window, averages, options, history[hour]!.indexes[0]);
  const hours = required(series.currentHours, 'currentHours');
  const [index] = nationalIndexes(indexType, language, [hours], [hours.length]);
  return averagedValues(window, averages, options, index);
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
    const indexes = hourIndexes(part.older, part, windows, options);
    rendered = Object.freeze({
      history: freezeAsJsonPart(
        renderWindows(windows.history, part.history, options, indexes?.history),
      ),
      forecast: freezeAsJsonPart(
        renderWindows(windows.forecast, part.forecast, options, indexes?.forecast),
      ),
    });
    part.rendered.set(key, rendered);
  }
  return rendered;
}

/** A national index of every history and forecast hour. */
interface HourIndexes {
  readonly history: readonly IndexValue[];
  readonly forecast: readonly IndexValue[];
}

// `undefined` for a grid index (each window's own averages give it). A national index of a
// history hour reads the 24 clock hours that end with it (the 23 older ones, then history); of
// a forecast hour, history followed by the forecast.
function hourIndexes(
  older: readonly WindowAverages[] | undefined,
  hours: Pick<HourlyPart, 'history' | 'forecast'>,
  windows: MeasurementWindows,
  options: RenderOptions,
): HourIndexes | undefined {
  const { indexType, language } = options;
  if (isGridIndexType(indexType)) return undefined;
  const run = [required(older, 'older'), hours.history, hours.forecast];
  const firstEnd = run[0]!.length + 1;
  const count = windows.history.length + windows.forecast.length;
  const ends = Array.from({ length: count }, (_, k) => firstEnd + k);
  const indexes = nationalIndexes(indexType, language, run, ends);
  return {
    history: indexes.slice(0, windows.history.length),
    forecast: indexes.slice(windows.history.length),
  };
}

// The national hours are read whenever a national index is asked for; their absence is a bug.
function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) {
    throw new Error(`renderMeasurements: the ${name} hours of a national index were not read`);
  }
  return value;
}

function renderWindows(
  windows: readonly TimeWindow[],
  averages: readonly WindowAverages[],
  options: RenderOptions,
  indexes?: readonly IndexValue[],
): AveragedValues[] {
  return windows.map((w, i) => averagedValues(w, averages[i] ?? NO_VALUES, options, indexes?.[i]));
}
