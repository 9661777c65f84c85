import { correctedPm25 } from '../corrections/correct-pm25.js';
import type { CorrectionOptions } from '../corrections/correction-options.js';
import type { WindowAverages } from '../model/window-averages.js';

/**
 * The averages of one window as a store serves them for an installation with a PM25
 * correction: PM25 becomes `correctPm25Value(mean PM25, mean HUMIDITY, correction)` of the same
 * window, and every other type stays as measured.
 *
 * The correction is applied to the window's means, never to single samples, because the
 * published corrections were fitted on averages (hourly or daily) and the samples stay raw in
 * the store, so a changed correction needs no re-import. A window whose PM25 cannot be
 * corrected has no PM25 at all: no HUMIDITY in the window (every method needs it), or a mean
 * the correction refuses (negative, or humidity outside [0, 100] %). Serving the raw number
 * there would pass an uncorrected value off as a corrected one.
 *
 * @param averages - type name → mean over the window (what the store computed from raw samples)
 * @param correction - the installation's checked correction; `undefined` returns `averages`
 * @returns `averages` itself when nothing changes, else a new frozen record
 * @example
 * correctedAverages({ PM25: 20, PM10: 30, HUMIDITY: 50 }, { method: 'LINEAR', coefficients: { intercept: 15, pm25: 0.96, rh: -0.15 } });
 * // { PM25: 26.7, PM10: 30, HUMIDITY: 50 }  (15 + 0.96 · 20 − 0.15 · 50)
 * correctedAverages({ PM25: 20, PM10: 30 }, { method: 'EPA_2021' });
 * // { PM10: 30 }  (no humidity in the window: no PM25)
 */
export function correctedAverages(
  averages: WindowAverages,
  correction: CorrectionOptions | undefined,
): WindowAverages {
  const pm25 = averages.PM25;
  if (correction === undefined || pm25 === undefined) return averages;
  const humidity = averages.HUMIDITY;
  const corrected = humidity === undefined ? Number.NaN : correctedPm25(pm25, humidity, correction);
  const record: Record<string, number> = {};
  for (const name of Object.keys(averages)) {
    const value = averages[name];
    if (value !== undefined) record[name] = value;
  }
  if (Number.isFinite(corrected)) record.PM25 = corrected;
  else delete record.PM25;
  return Object.freeze(record);
}

/**
 * {@link correctedAverages} over every window of one installation (one record per window, in
 * order); the array itself when the installation has no correction.
 *
 * @example
 * correctedWindows([{ PM25: 20, HUMIDITY: 50 }, {}], undefined); // the same array
 */
export function correctedWindows(
  records: readonly WindowAverages[],
  correction: CorrectionOptions | undefined,
): readonly WindowAverages[] {
  if (correction === undefined) return records;
  return Object.freeze(records.map((averages) => correctedAverages(averages, correction)));
}
