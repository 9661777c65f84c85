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
import {
  type CurrentWindow,
  currentHours,
  currentWindow,
  movingHourWindows,
} from './current-window.js';
import { OLDER_HOURS } from './index-hours.js';

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
  /**
   * Only when the hours of the national indexes were read: the 23 clock hours before
   * `windows.history`, oldest first, which the 24-h means of the first history hours reach.
   */
  readonly older?: readonly WindowAverages[];
  /**
   * Only when the hours of the national indexes were read: the hourly means that `current`'s
   * national index averages, oldest first (see `currentHours`).
   */
  readonly currentHours?: readonly WindowAverages[];
}

/**
 * Reads everything one installation's payload needs with a single `store.windowAverages`
 * call (the moving hour, the forecaster's history, which ends with the 24 payload history
 * hours, and so also the third-party `current` candidates), then runs the forecaster.
 *
 * With `indexHours`, the same call also reads what the national indexes average over: the 23
 * clock hours before the history (or the forecaster's older hours, when it wants more) and,
 * for the service's own installations, the 24 60-minute windows that end at `now` instead of
 * the moving hour alone. The forecaster sees exactly the hours it would see without.
 *
 * @param installation - its `id` and `vendor` flag (which decides the `current` window)
 * @param windows - `measurementWindows(now)` of the request
 * @param indexHours - also read the national indexes' hours (default `false`)
 * @throws TypeError when the store or the forecaster break their contract (wrong number of
 *   records or forecast entries)
 * @example
 * const series = await readInstallationSeries(store, { id: 7, vendor: true }, windows, baselineForecaster);
 * series.history.length; // 24
 * (await readInstallationSeries(store, { id: 7, vendor: true }, windows, baselineForecaster, true)).older?.length; // 23
 */
export async function readInstallationSeries(
  store: MeasurementStore,
  installation: Pick<Installation, 'id' | 'vendor'>,
  windows: MeasurementWindows,
  forecaster: Forecaster,
  indexHours = false,
): Promise<InstallationSeries> {
  const extraHours = Math.max(0, forecaster.historyHours - HOURS_PER_SERIES);
  const olderCount = indexHours ? Math.max(extraHours, OLDER_HOURS) : extraHours;
  const moving =
    indexHours && installation.vendor ? movingHourWindows(windows.current) : [windows.current];
  const firstHistoryMs = windows.history[0]?.fromMs ?? windows.forecast[0]!.fromMs;
  const requested: TimeWindow[] = [
    ...moving,
    ...hourlyWindows(firstHistoryMs - olderCount * MS_PER_HOUR, olderCount),
    ...windows.history,
  ];
  const records = (await readWindows(store, installation.id, requested)).map(finiteAverages);
  const olderHours = records.slice(moving.length, moving.length + olderCount);
  const history = records.slice(moving.length + olderCount);
  const forecastHistory = [...olderHours.slice(olderCount - extraHours), ...history];
  const movingHours = records.slice(0, moving.length);
  const current = currentWindow(installation.vendor, windows, movingHours.at(-1)!, history);
  const series = {
    current,
    history,
    forecast: runForecaster(forecaster, forecastHistory, windows.forecast),
  };
  if (!indexHours) return series;
  const older = olderHours.slice(olderCount - OLDER_HOURS);
  const ownHours = installation.vendor ? movingHours : undefined;
  return {
    ...series,
    older,
    currentHours: currentHours(current, windows, ownHours, older, history),
  };
}

/**
 * `store.windowAverages` for one installation, checked to give one record per window.
 *
 * @throws TypeError naming the store method and the installation when it does not
 * @example
 * (await readWindows(store, 7, measurementWindows(now).history)).length; // 24
 */
export async function readWindows(
  store: MeasurementStore,
  installationId: number,
  windows: readonly TimeWindow[],
): Promise<readonly WindowAverages[]> {
  const records = await store.windowAverages(installationId, windows);
  if (!Array.isArray(records) || records.length !== windows.length) {
    throw new TypeError(
      `MeasurementStore.windowAverages: must return one record per window (${windows.length}) for installation ${installationId}, got ${Array.isArray(records) ? `${records.length} records` : typeof records}`,
    );
  }
  return records;
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
