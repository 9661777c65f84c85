import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementWindows, TimeWindow } from '../time/windows.js';
import { hasAnyValue } from './averages-record.js';

/** How many full hours back a third-party installation's `current` may reach. */
export const THIRD_PARTY_MAX_AGE_HOURS = 3;

/** The window a payload's `current` shows and the averages over it. */
export interface CurrentWindow {
  readonly window: TimeWindow;
  readonly averages: WindowAverages;
}

const NO_VALUES: WindowAverages = Object.freeze({});

/**
 * Chooses the `current` of one installation.
 *
 * - The service's own installations (`vendor: true`): the moving hour `[now − 60 min, now)`.
 * - Third-party stations (`vendor: false`) publish hourly averages late, so their `current` is
 *   the newest of the last {@link THIRD_PARTY_MAX_AGE_HOURS} full hours before the hour that
 *   contains `now` that has any value, and the window shows that hour. The hour in progress
 *   never counts: it is not a full hour yet, and a third-party hourly value for it cannot be
 *   final. With no such hour, `current` is the moving hour with no values.
 *
 * @param vendor - the installation's `vendor` flag
 * @param windows - the payload windows of the request
 * @param movingHour - averages over `windows.current`
 * @param history - averages over `windows.history`, aligned with it (24 records)
 * @example
 * // Third party, request at 09:27, data until 07:00–08:00 only:
 * currentWindow(false, windows, {}, history).window; // { 07:00, 08:00 }
 */
export function currentWindow(
  vendor: boolean,
  windows: MeasurementWindows,
  movingHour: WindowAverages,
  history: readonly WindowAverages[],
): CurrentWindow {
  if (vendor) return { window: windows.current, averages: movingHour };
  const newest = windows.history.length - 1;
  for (let age = 0; age < THIRD_PARTY_MAX_AGE_HOURS && newest - age >= 0; age++) {
    const averages = history[newest - age];
    if (averages !== undefined && hasAnyValue(averages)) {
      return { window: windows.history[newest - age]!, averages };
    }
  }
  return { window: windows.current, averages: NO_VALUES };
}
