import { checkArrayLike, checkObject } from '../arguments/argument-checks.js';
import type { IndexEdition } from '../indexes/index-editions.js';
import type { NationalIndexTypeName } from '../indexes/index-table.js';
import { type AveragedInputKey, type AveragingRule, rulesOf } from './averaging-rules.js';
import { KR_C24E_THRESHOLDS, krC24eAt } from './kr-c24e.js';
import { nowCastAt } from './now-cast.js';
import { runningAt } from './running-window.js';

// From hourly means to the inputs of a national index at one instant (see averaging-rows.ts): each
// input is averaged over its own period and must pass its own data-capture rule, or it is left
// out. Leaving it out is a data outcome, not an error: `computeIndex` then treats the
// pollutant as absent, and with nothing left gives its no-data value.

/**
 * Hourly means per pollutant name (`PM25`, `PM10`, `NO2`, `O3`, `SO2`, `CO`), in µg/m³, CO
 * included. Each is **oldest first**, its last element the hour that ends at the instant;
 * `NaN` (or any non-finite element) marks an hour without samples. Other names are ignored.
 */
export type HourlyMeans = Readonly<Partial<Record<string, ArrayLike<number> | null>>>;

/** A national index's inputs at one instant, µg/m³, averaged as §2 says; a failed key is absent. */
export type IndexInputs = Readonly<Partial<Record<AveragedInputKey, number>>>;

/**
 * Builds the inputs of a national index at one instant from hourly means: NowCast, AirKorea's
 * C24E, running means (3, 4, 8 or 24 h), 24-h maxima and latest hours, each with its capture
 * rule (§2 of world-indexes.md and more-indexes.md; see
 * {@link averagingRule} for the rows). The result is ready for `computeIndex`, which does no
 * averaging of its own.
 *
 * A pollutant whose series is missing, or fails its capture rule, is absent from the result;
 * no key is ever `NaN`. An array shorter than a rule's period has its older hours missing, so
 * {@link INPUT_HOURS} (24) hours are enough for every rule. Running means, maxima, C24E and 1-h
 * values are passed on raw (a negative mean stays negative; `computeIndex` counts it as 0),
 * while NowCast counts negative hours as 0 as §3.4 decides. Pure: no clock, no I/O, no
 * allocation beyond the frozen result.
 *
 * @param indexType - a national index (`US_AQI`, `EAQI`, …, `KOR_CAI`, `THA_AQI`)
 * @param edition - an edition of that index (§1.1); `undefined` selects the default (newest)
 * @param hourly - hourly means per pollutant name, oldest first (see {@link HourlyMeans}); a
 *   `Float64Array` or a plain array each; `undefined` or `null` means no series
 * @returns a frozen object of the index's input keys that passed their rules
 * @throws RangeError for an unknown index type or edition; TypeError when `hourly` is not an
 *   object, or a series it holds for a pollutant that the index reads is not an array or
 *   typed array
 * @example
 * const pm25 = [50, 80, 75, 90, 82, 53, 64, 74, 21, 10, 16, 13]; // EPA's NowCast example
 * indexInputs('US_AQI', '2024', { PM25: pm25, NO2: [40, 42] });
 * // { PM25: 17.4138…, NO2: 42 } (O3, CO, SO2… have no series: absent)
 * indexInputs('CA_AQHI', undefined, { PM25: [8, NaN, NaN], NO2: [20, 22, 24], O3: [60, 62, 64] });
 * // { NO2: 22, O3: 62 } (PM25 has 1 of its 3 hours: absent)
 */
export function indexInputs<T extends NationalIndexTypeName>(
  indexType: T,
  edition: IndexEdition<T> | undefined,
  hourly: HourlyMeans,
): IndexInputs {
  const rules = rulesOf('indexInputs', indexType, edition);
  checkObject('indexInputs', 'hourly', hourly, 'an object of hourly-mean arrays');
  const inputs: Partial<Record<AveragedInputKey, number>> = {};
  for (const rule of rules) {
    const series: unknown = (hourly as Readonly<Record<string, unknown>>)[rule.source];
    if (series === undefined || series === null) continue;
    checkArrayLike('indexInputs', `hourly.${rule.source}`, series);
    const value = averageAt(rule, series, series.length);
    if (value !== undefined) inputs[rule.key] = value;
  }
  return Object.freeze(inputs);
}

/**
 * One rule's input from the hourly means that end just before index `end`, unchecked and
 * allocation-free: a caller can slide it along one long series (history then forecast)
 * instead of slicing.
 *
 * @param rule - a row of {@link averagingRule}
 * @param values - hourly means in µg/m³, oldest first; a non-finite element is a missing hour
 * @param end - one past the current hour's index (`values.length` for the newest)
 * @returns the input in µg/m³, or `undefined` when the capture rule fails
 * @example
 * const [pm25] = averagingRule('EAQI', '2019'); // 24-h running mean, 18 of 24
 * averageAt(pm25, new Float64Array(24).fill(12), 24); // 12
 */
export function averageAt(
  rule: AveragingRule,
  values: ArrayLike<number>,
  end: number,
): number | undefined {
  switch (rule.method) {
    case 'nowcast':
      return nowCastAt(values, end, rule.hours, rule.minHours, rule.ofLatestHours);
    case 'max':
      return runningAt('max', values, end, rule.hours, rule.minHours);
    case 'kr-c24e':
      // Only PM10 and PM25 have a C24E row, and M is theirs.
      return krC24eAt(values, end, KR_C24E_THRESHOLDS[rule.source as 'PM10' | 'PM25']);
    default:
      // A 1-h value is a running mean of one hour that must be present: the same arithmetic.
      return runningAt('mean', values, end, rule.hours, rule.minHours);
  }
}
