import { isGridIndexType } from '../indexes/index-table.js';
import type { IndexValue, Installation } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import { MS_PER_HOUR } from '../time/instant.js';
import { hourlyWindows, type MeasurementWindows, type TimeWindow } from '../time/windows.js';
import { averagedValues, type RenderOptions } from './averaged-values.js';
import { finiteAverages } from './averages-record.js';
import {
  currentHours,
  currentWindow,
  movingHourWindows,
  THIRD_PARTY_MAX_AGE_HOURS,
} from './current-window.js';
import { nationalIndexes, OLDER_HOURS } from './index-hours.js';
import { readWindows } from './installation-series.js';

const NO_VALUES: WindowAverages = Object.freeze({});

/**
 * The index of one installation's `current`, exactly `current.indexes[0]` of its Measurements
 * payload for the same request, read with one `store.windowAverages` call of only the windows
 * that index needs: the moving hour of an own installation (or, for a national index, the 24
 * 60-minute windows that end at `now`); the last three history hours of a third-party station,
 * whose `current` is one of them (and the 23 clock hours before them for a national index).
 * The window is chosen by `currentWindow` and the national hours by `currentHours`, as for the
 * payload; a national index is computed over those hours by `nationalIndexes`, a grid index by
 * `averagedValues`, so nothing here is a second copy of their rules.
 *
 * @param installation - its `id` and `vendor` flag
 * @param windows - `measurementWindows(now)` of the request
 * @param options - index type, language and WHO edition of the payload
 * @throws TypeError when the store returns the wrong number of records
 * @example
 * const index = await installationCurrentIndex(store, { id: 7, vendor: true }, measurementWindows(now),
 *   { indexType: 'US_AQI', language: 'en', whoEdition: 'WHO_2021' });
 * index.name; // 'US_AQI'
 */
export async function installationCurrentIndex(
  store: MeasurementStore,
  installation: Pick<Installation, 'id' | 'vendor'>,
  windows: MeasurementWindows,
  options: RenderOptions,
): Promise<IndexValue> {
  const national = !isGridIndexType(options.indexType);
  const { id, vendor } = installation;
  let older: readonly WindowAverages[] = [];
  let history: readonly WindowAverages[] = [];
  let movingHours: readonly WindowAverages[] | undefined;
  // For a third-party station, the history hours its `current` can come from.
  let recent = windows;
  if (vendor) {
    const moving = national ? movingHourWindows(windows.current) : [windows.current];
    movingHours = await read(store, id, moving);
  } else {
    // `currentWindow` looks no further back than the last THIRD_PARTY_MAX_AGE_HOURS history
    // hours, so only those are read (with the 23 clock hours before them for a national
    // index), not all 24: the network's answer for 107 followed stations, each with one new
    // sample, took 3.1–3.6 ms in process with the 24 and 1.2–1.7 with the last three.
    const last = windows.history.slice(-THIRD_PARTY_MAX_AGE_HOURS);
    recent = { ...windows, history: last };
    const olderCount = national ? OLDER_HOURS : 0;
    const firstMs = last[0]!.fromMs - olderCount * MS_PER_HOUR; // measurementWindows gives 24
    const hours = await read(store, id, [...hourlyWindows(firstMs, olderCount), ...last]);
    older = hours.slice(0, olderCount);
    history = hours.slice(olderCount);
  }
  const current = currentWindow(vendor, recent, movingHours?.at(-1) ?? NO_VALUES, history);
  if (isGridIndexType(options.indexType))
    return averagedValues(current.window, current.averages, options).indexes[0]!;
  // A third-party station's history hour: its payload takes the index of that hour's history
  // element, which reads the same 24 clock hours, each rule looking back from the hour's end.
  const hours = currentHours(current, recent, movingHours, older, history);
  return nationalIndexes(options.indexType, options.language, [hours], [hours.length])[0]!;
}

async function read(
  store: MeasurementStore,
  installationId: number,
  windows: readonly TimeWindow[],
): Promise<readonly WindowAverages[]> {
  return (await readWindows(store, installationId, windows)).map(finiteAverages);
}
