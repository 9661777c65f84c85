import { averagingRule, INPUT_HOURS } from '../averaging/averaging-rules.js';
import { averageAt } from '../averaging/index-inputs.js';
import { computeIndex } from '../indexes/compute-index.js';
import type { NationalIndexTypeName } from '../indexes/index-table.js';
import type { IndexValue, Language } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';

// The national indexes (US_AQI, EAQI, …, KOR_CAI, THA_AQI) average their inputs over periods of
// their own (NowCast, AirKorea's C24E, 3-, 4-, 8- and 24-h running means, 24-h maxima, see
// airq/averaging), so a payload window's index is not computed from the window's averages but
// from the hourly means that end with the window: the 24 clock hours up to a history hour's
// `tillDateTime`, history then forecast for a forecast hour, and the 60-minute windows up to
// `now` for `current`. The grid indexes (VENDOR_CAQI, CAQI, PIJP) keep the window's own averages.

/** Hourly means the longest national period reads: a window's hour and the 23 before it. */
export const INDEX_HOURS = INPUT_HOURS;

/** Clock hours before the first history hour that its 24-h means reach back to (23). */
export const OLDER_HOURS = INDEX_HOURS - 1;

/**
 * The national index of several windows that end inside one run of consecutive hourly means:
 * the index of window `k` is `computeIndex(indexInputs(indexType, default edition, the hours
 * that end just before ends[k]), { indexType, language })`, computed without copying the run.
 * Each pollutant's means are laid out once in a `Float64Array` (`NaN` for an hour without that
 * pollutant) and every rule of §2 slides along it with `averageAt`.
 *
 * @param hours - the run, oldest first, in consecutive pieces (for example the 23 older clock
 *   hours, the 24 history hours, the 24 forecast hours); an `undefined` record is an hour
 *   without data
 * @param ends - per window, one past the position of its own hour in the run
 * @returns one index per element of `ends`
 * @example
 * // A steady PM25 of 12 µg/m³ for 3 hours: its NowCast is 12, US AQI 56.
 * nationalIndexes('US_AQI', 'en', [[{ PM25: 12 }, { PM25: 12 }, { PM25: 12 }]], [3])[0].value; // 56
 */
export function nationalIndexes(
  indexType: NationalIndexTypeName,
  language: Language,
  hours: readonly (readonly (WindowAverages | undefined)[])[],
  ends: readonly number[],
): IndexValue[] {
  const rules = averagingRule(indexType, undefined);
  const means = new Map<string, Float64Array>();
  for (const rule of rules) {
    if (!means.has(rule.source)) means.set(rule.source, hourlyValues(hours, rule.source));
  }
  return ends.map((end) => {
    const inputs: Record<string, number> = {};
    for (const rule of rules) {
      const value = averageAt(rule, means.get(rule.source)!, end); // set above for every rule
      if (value !== undefined) inputs[rule.key] = value;
    }
    return computeIndex(inputs, { indexType, language });
  });
}

// One pollutant's means over the whole run, NaN where an hour lacks it.
function hourlyValues(
  hours: readonly (readonly (WindowAverages | undefined)[])[],
  pollutant: string,
): Float64Array {
  let length = 0;
  for (const piece of hours) length += piece.length;
  const values = new Float64Array(length);
  let at = 0;
  for (const piece of hours) {
    for (const record of piece) values[at++] = record?.[pollutant] ?? Number.NaN;
  }
  return values;
}
