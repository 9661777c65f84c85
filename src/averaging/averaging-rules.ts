import { checkOneOf } from '../arguments/argument-checks.js';
import { type IndexEdition, NATIONAL_INDEX_EDITIONS } from '../indexes/index-editions.js';
import { NATIONAL_INDEX_TYPE_NAMES, type NationalIndexTypeName } from '../indexes/index-table.js';
import { AVERAGING_ROWS } from './averaging-rows.js';

// The vocabulary of the agencies' averaging rules, and the look-up of one index edition's rows
// (the rows themselves are data, in averaging-rows.ts).

/** A pollutant whose hourly means feed an input. */
export type AveragedPollutant = 'PM25' | 'PM10' | 'NO2' | 'O3' | 'SO2' | 'CO';

/**
 * An input key of `computeIndex`: a pollutant, or a secondary key `O3_1H` (latest 1-h O3),
 * `O3_4H` (4-h running mean of O3) or `SO2_24H` (24-h running mean of SO2).
 */
export type AveragedInputKey = AveragedPollutant | 'O3_1H' | 'O3_4H' | 'SO2_24H';

/**
 * How an input is built: `hour` the latest 1-h mean, `running` the mean of the last N hourly
 * means, `max` the highest of the last N hourly means (FRA_ATMO), `nowcast` EPA's NowCast
 * (US_AQI PM), `kr-c24e` AirKorea's predicted 24-h mean (KOR_CAI PM).
 */
export type AveragingMethod = 'hour' | 'running' | 'max' | 'nowcast' | 'kr-c24e';

/** One row of §2: one input of one index edition. */
export interface AveragingRule {
  /** The input key it fills. */
  readonly key: AveragedInputKey;
  /** The pollutant whose hourly means it reads (`O3_1H`, `O3_4H` read `O3`; `SO2_24H` `SO2`). */
  readonly source: AveragedPollutant;
  readonly method: AveragingMethod;
  /** Hours read, ending with the current hour: 1, 3, 4, 8, 12 (NowCast, C24E) or 24. */
  readonly hours: number;
  /** Capture rule: at least `minHours` of the `ofLatestHours` newest hours must be present. */
  readonly minHours: number;
  /**
   * The span the capture rule counts in: `hours`, except for NowCast (the 3 newest). C24E's
   * rule here is C12's (9 of 12); its C4 also needs 3 of the 4 newest hours.
   */
  readonly ofLatestHours: number;
}

/** The longest span any rule reads, in hours: give `indexInputs` at least this many hours. */
export const INPUT_HOURS = 24;

/**
 * The averaging rules of one national index edition: one row per input key, as §2 of the
 * references lists them (world-indexes.md for the first six, more-indexes.md for the next seven).
 *
 * @param indexType - a national index: `US_AQI`, `EAQI`, `UK_DAQI`, `IN_NAQI`, `CN_AQI`,
 *   `CA_AQHI`, `DEU_UBA`, `FRA_ATMO`, `KOR_CAI`, `SGP_PSI`, `HKG_AQHI`, `AUS_AQC` or `THA_AQI`
 * @param edition - one of the index's editions (§1.1); `undefined` selects the default, the
 *   newest (`2024`, `2025`, `2013`, …)
 * @returns the frozen rows, in the key order PM25, PM10, NO2, O3, SO2, CO, O3_1H, O3_4H, SO2_24H
 * @throws RangeError for an index type or edition that is not in the table
 * @example
 * averagingRule('CA_AQHI', '2008')[0];
 * // { key: 'PM25', source: 'PM25', method: 'running', hours: 3, minHours: 2, ofLatestHours: 3 }
 * averagingRule('US_AQI', undefined).map((rule) => rule.key);
 * // ['PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO', 'O3_1H', 'SO2_24H']
 * averagingRule('CAQI', '2024'); // RangeError: averagingRule: indexType must be one of US_AQI, …
 */
export function averagingRule<T extends NationalIndexTypeName>(
  indexType: T,
  edition: IndexEdition<T> | undefined,
): readonly AveragingRule[] {
  return rulesOf('averagingRule', indexType, edition);
}

/**
 * {@link averagingRule} with the name of the public function that errors should carry.
 *
 * @example
 * rulesOf('indexInputs', 'EAQI', '2030');
 * // RangeError: indexInputs: edition must be one of 2025, 2019, got "2030"
 */
export function rulesOf(
  functionName: string,
  indexType: unknown,
  edition: unknown,
): readonly AveragingRule[] {
  checkOneOf(functionName, 'indexType', indexType, NATIONAL_INDEX_TYPE_NAMES);
  const editions: readonly string[] = NATIONAL_INDEX_EDITIONS[indexType];
  const chosen = edition === undefined ? editions[0] : edition;
  checkOneOf(functionName, 'edition', chosen, editions);
  return (AVERAGING_ROWS[indexType] as Readonly<Record<string, readonly AveragingRule[]>>)[chosen]!;
}
