import type { WindowAverages } from '../model/window-averages.js';
import { MS_PER_HOUR } from '../time/instant.js';
import { hourlyWindows, type MeasurementWindows, type TimeWindow } from '../time/windows.js';
import { hasAnyValue } from './averages-record.js';
import { INDEX_HOURS } from './index-hours.js';

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

/**
 * The 60-minute windows that the national indexes average `current` over: the 24 that end at
 * `now` (the end of the moving hour), oldest first, the last being `[now − 60 min, now)` itself.
 *
 * @param movingHour - `windows.current` of the request
 * @example
 * const windows = movingHourWindows(measurementWindows(Date.parse('2026-11-21T09:27:00Z')).current);
 * windows.length; // 24
 * formatTimestamp(windows[0].fromMs); // '2026-11-20T09:27:00.000Z'
 * formatTimestamp(windows[23].fromMs); // '2026-11-21T08:27:00.000Z'
 */
export function movingHourWindows(movingHour: TimeWindow): readonly TimeWindow[] {
  return hourlyWindows(movingHour.tillMs - INDEX_HOURS * MS_PER_HOUR, INDEX_HOURS);
}

/**
 * The hourly means behind the national index of a payload's `current`, oldest first: the 24
 * hours that end with its window.
 *
 * - The moving hour (the service's own installations): `movingHours`, the means over
 *   {@link movingHourWindows}. A third-party station whose `current` fell back to an empty
 *   moving hour has none (`[]`, so its index is the no-data one, as its values are empty).
 * - One of the history hours (a third-party station's latest hour with data): the clock hours
 *   that end with it, the same as that history hour's own index reads.
 *
 * @param current - what {@link currentWindow} chose
 * @param windows - the payload windows of the request
 * @param movingHours - means over `movingHourWindows(windows.current)`, or `undefined` when they
 *   were not read (third-party stations)
 * @param older - the 23 clock hours before `windows.history`, oldest first
 * @param history - averages over `windows.history`
 * @example
 * // Third party, current 07:00–08:00 (history[22]): the clock hours 08:00 yesterday … 08:00 today.
 * currentHours(current, windows, undefined, older, history).length; // 24
 */
export function currentHours(
  current: CurrentWindow,
  windows: MeasurementWindows,
  movingHours: readonly WindowAverages[] | undefined,
  older: readonly WindowAverages[],
  history: readonly WindowAverages[],
): readonly WindowAverages[] {
  const hour = windows.history.indexOf(current.window);
  if (hour < 0) return movingHours ?? [];
  // History hour `hour` sits at `older.length + hour` in older-then-history.
  const first = older.length + hour + 1 - INDEX_HOURS;
  return [...older, ...history].slice(Math.max(first, 0), older.length + hour + 1);
}
