import {
  BASELINE_HISTORY_HOURS,
  baselineForecaster,
} from '../../src/forecast/baseline-forecaster.js';
import { FORECAST_POLLUTANTS } from '../../src/forecast/forecaster.js';
import type { Installation } from '../../src/model/api-types.js';
import type { WindowAverages } from '../../src/model/index.js';
import { currentWindow } from '../../src/payload/current-window.js';
import type { InstallationSeries } from '../../src/payload/installation-series.js';
import type { Sample } from '../../src/store/ingest-report.js';
import type { MeasurementWindows, TimeWindow } from '../../src/time/windows.js';

// The baseline of the payload benchmark reads its data the obvious way: every raw sample is an
// object in a plain array, and each window average is recomputed by walking all the samples of
// the installation. Everything after data access (current-window choice, forecaster, index,
// WHO standards, rounding) reuses the library's pure functions, so that the comparison measures
// data access and nothing else.

/**
 * The data of the naive baseline: installations in a plain array (found by linear scans) and,
 * at the same position, every raw sample of that installation as `Sample` objects.
 */
export interface NaiveDataset {
  /** Active installations, ascending id. */
  readonly installations: readonly Installation[];
  /** `samples[i]` holds every sample of `installations[i]`, in any order. */
  readonly samples: readonly (readonly Sample[])[];
}

/**
 * Mean per measurement type of the samples with `fromMs <= atMs < tillMs`, found by walking
 * every sample once. Types without samples in the window are absent.
 *
 * @example
 * naiveWindowAverages(
 *   [{ installationId: 1, name: 'PM10', atMs: 5, value: 10 }, { installationId: 1, name: 'PM10', atMs: 7, value: 20 }],
 *   { fromMs: 0, tillMs: 10 },
 * ); // { PM10: 15 }
 */
export function naiveWindowAverages(
  samples: readonly Sample[],
  window: TimeWindow,
): WindowAverages {
  const { fromMs, tillMs } = window;
  const sums: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (const sample of samples) {
    if (sample.atMs < fromMs || sample.atMs >= tillMs) continue;
    sums[sample.name] = (sums[sample.name] ?? 0) + sample.value;
    counts[sample.name] = (counts[sample.name] ?? 0) + 1;
  }
  const averages: Record<string, number> = {};
  for (const name of Object.keys(sums)) averages[name] = sums[name]! / counts[name]!; // same keys
  return averages;
}

/**
 * The unrounded series of one installation's payload, with one full scan of its samples per
 * window read (the moving hour and the 24 history hours; the 24 forecast hours come from the
 * default forecaster, which reads exactly those 24 history hours).
 *
 * @example
 * naiveInstallationSeries(installation, samples, measurementWindows(now)).history.length; // 24
 */
export function naiveInstallationSeries(
  installation: Pick<Installation, 'vendor'>,
  samples: readonly Sample[],
  windows: MeasurementWindows,
): InstallationSeries {
  const movingHour = naiveWindowAverages(samples, windows.current);
  const history = windows.history.map((window) => naiveWindowAverages(samples, window));
  // The service passes max(24, historyHours) hours; with the default forecaster that is 24.
  const forecastHistory = history.slice(-BASELINE_HISTORY_HOURS);
  const hours = baselineForecaster.forecast({
    history: forecastHistory,
    windows: windows.forecast,
  });
  return {
    current: currentWindow(installation.vendor, windows, movingHour, history),
    history,
    forecast: hours.map((hour) => {
      const record: Record<string, number> = {};
      for (const pollutant of FORECAST_POLLUTANTS) {
        const value = hour?.[pollutant];
        if (value !== undefined && Number.isFinite(value)) record[pollutant] = Math.max(value, 0);
      }
      return record;
    }),
  };
}
