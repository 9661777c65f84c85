import type { Forecaster } from '../forecast/forecaster.js';
import type { Installation } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import { MS_PER_HOUR } from '../time/instant.js';
import {
  HOURS_PER_SERIES,
  hourlyWindows,
  type MeasurementWindows,
  type TimeWindow,
} from '../time/windows.js';
import { finiteAverages, forecastAverages } from './averages-record.js';
import { type CurrentWindow, currentWindow } from './current-window.js';

/**
 * The unrounded numbers behind one Measurements payload, before any rounding, index or
 * standard is applied. Point payloads interpolate these, never the rendered values.
 */
export interface InstallationSeries {
  readonly current: CurrentWindow;
  /** Averages over `windows.history`, aligned with it (24 records). */
  readonly history: readonly WindowAverages[];
  /** Forecast PM25 / PM10 over `windows.forecast`, aligned with it (24 records, `{}` = none). */
  readonly forecast: readonly WindowAverages[];
}

/**
 * Reads everything one installation's payload needs with a single `store.windowAverages`
 * call (the moving hour, the forecaster's history, which ends with the 24 payload history
 * hours, and so also the third-party `current` candidates), then runs the forecaster.
 *
 * @param installation - its `id` and `vendor` flag (which decides the `current` window)
 * @param windows - `measurementWindows(now)` of the request
 * @throws TypeError when the store or the forecaster break their contract (wrong number of
 *   records or forecast entries)
 * @example
 * const series = await readInstallationSeries(store, { id: 7, vendor: true }, windows, baselineForecaster);
 * series.history.length; // 24
 */
export async function readInstallationSeries(
  store: MeasurementStore,
  installation: Pick<Installation, 'id' | 'vendor'>,
  windows: MeasurementWindows,
  forecaster: Forecaster,
): Promise<InstallationSeries> {
  const extraHours = Math.max(0, forecaster.historyHours - HOURS_PER_SERIES);
  const firstHistoryMs = windows.history[0]?.fromMs ?? windows.forecast[0]!.fromMs;
  const requested: TimeWindow[] = [
    windows.current,
    ...hourlyWindows(firstHistoryMs - extraHours * MS_PER_HOUR, extraHours),
    ...windows.history,
  ];
  const records = await store.windowAverages(installation.id, requested);
  if (!Array.isArray(records) || records.length !== requested.length) {
    throw new TypeError(
      `MeasurementStore.windowAverages: must return one record per window (${requested.length}) for installation ${installation.id}, got ${Array.isArray(records) ? `${records.length} records` : typeof records}`,
    );
  }
  const forecastHistory = records.slice(1).map(finiteAverages);
  const history = forecastHistory.slice(extraHours);
  return {
    current: currentWindow(installation.vendor, windows, finiteAverages(records[0]), history),
    history,
    forecast: runForecaster(forecaster, forecastHistory, windows.forecast),
  };
}

function runForecaster(
  forecaster: Forecaster,
  history: readonly WindowAverages[],
  windows: readonly TimeWindow[],
): WindowAverages[] {
  const hours = forecaster.forecast({ history, windows });
  if (!Array.isArray(hours) || hours.length !== windows.length) {
    throw new TypeError(
      `Forecaster.forecast: must return one entry per forecast window (${windows.length}), got ${Array.isArray(hours) ? `${hours.length} entries` : typeof hours}`,
    );
  }
  return hours.map(forecastAverages);
}
