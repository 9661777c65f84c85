import { checkOneOf } from '../arguments/argument-checks.js';
import { type IndexEdition, NATIONAL_INDEX_EDITIONS } from '../indexes/index-editions.js';
import { NATIONAL_INDEX_TYPE_NAMES, type NationalIndexTypeName } from '../indexes/index-table.js';
import { NOWCAST_HOURS, NOWCAST_MIN_RECENT, NOWCAST_RECENT_HOURS } from './now-cast.js';

// The averaging periods and data-capture rules of each agency (EPA and AirNow, EEA, Defra, CPCB,
// MEE's HJ 633, ECCC): for each world index and edition, how each input of
// `computeIndex` is built from hourly means and which data-capture rule it must pass. The
// three Polish-region indexes (VENDOR_CAQI, CAQI, PIJP) are not here: they keep the payload's
// own averaging. A new edition or index is new rows here, with no code of its own.

/** A pollutant whose hourly means feed an input. */
export type AveragedPollutant = 'PM25' | 'PM10' | 'NO2' | 'O3' | 'SO2' | 'CO';

/** An input key of `computeIndex`: a pollutant, or a secondary key `O3_1H` / `SO2_24H` (§1). */
export type AveragedInputKey = AveragedPollutant | 'O3_1H' | 'SO2_24H';

/**
 * How an input is built: `hour` the latest 1-h mean, `running` the mean of the last N hourly
 * means, `nowcast` the NowCast of §3.4.
 */
export type AveragingMethod = 'hour' | 'running' | 'nowcast';

/** One row of §2: one input of one index edition. */
export interface AveragingRule {
  /** The input key it fills. */
  readonly key: AveragedInputKey;
  /** The pollutant whose hourly means it reads (`O3_1H` reads `O3`, `SO2_24H` reads `SO2`). */
  readonly source: AveragedPollutant;
  readonly method: AveragingMethod;
  /** Hours read, ending with the current hour: 1, 3, 8, 12 (NowCast) or 24. */
  readonly hours: number;
  /** Capture rule: at least `minHours` of the `ofLatestHours` newest hours must be present. */
  readonly minHours: number;
  /** The span the capture rule counts in: `hours`, except for NowCast (the 3 newest). */
  readonly ofLatestHours: number;
}

/** The longest span any rule reads, in hours: give `indexInputs` at least this many hours. */
export const INPUT_HOURS = 24;

function latestHour(key: AveragedInputKey, source = key as AveragedPollutant): AveragingRule {
  return Object.freeze({ key, source, method: 'hour', hours: 1, minHours: 1, ofLatestHours: 1 });
}

function running(
  key: AveragedInputKey,
  hours: number,
  minHours: number,
  source = key as AveragedPollutant,
): AveragingRule {
  return Object.freeze({ key, source, method: 'running', hours, minHours, ofLatestHours: hours });
}

function nowCastOf(key: AveragedPollutant): AveragingRule {
  return Object.freeze({
    key,
    source: key,
    method: 'nowcast',
    hours: NOWCAST_HOURS,
    minHours: NOWCAST_MIN_RECENT,
    ofLatestHours: NOWCAST_RECENT_HOURS,
  });
}

// Rows in the key order PM25, PM10, NO2, O3, SO2, CO, O3_1H, SO2_24H; the comments cite §2.
const US_AQI = Object.freeze([
  nowCastOf('PM25'), // NowCast, 2 of the 3 newest hours [AIRNOW-NC]
  nowCastOf('PM10'),
  latestHour('NO2'), // [AIRNOW-OTHER]
  running('O3', 8, 6), // 8-h running mean, 6 of 8 (decided; AirNow uses an ozone NowCast)
  latestHour('SO2'),
  running('CO', 8, 6), // 6 of 8 (decided, as O3)
  latestHour('O3_1H', 'O3'), // the latest 1-h O3 [40CFR58G]
  running('SO2_24H', 24, 18, 'SO2'), // 18 of 24 [AIRNOW-OTHER]
]);

const CN_AQI_2026 = Object.freeze([
  latestHour('PM25'), // the hourly real-time report: 1-h means of all six [HJ633]
  latestHour('PM10'),
  latestHour('NO2'),
  latestHour('O3'),
  latestHour('SO2'),
  latestHour('CO'),
]);

const AVERAGING_RULES: {
  readonly [T in NationalIndexTypeName]: Readonly<
    Record<IndexEdition<T>, readonly AveragingRule[]>
  >;
} = Object.freeze({
  US_AQI: Object.freeze({ '2024': US_AQI, '2012': US_AQI }),
  EAQI: Object.freeze({
    '2025': Object.freeze([
      latestHour('PM25'), // 1-h means of all five, PM included [ETC-HE, EEA-AQI, OPENAQ-EU]
      latestHour('PM10'),
      latestHour('NO2'),
      latestHour('O3'),
      latestHour('SO2'),
    ]),
    '2019': Object.freeze([
      running('PM25', 24, 18), // 24-h running PM, 18 of 24 [OPENAQ-EU]
      running('PM10', 24, 18),
      latestHour('NO2'),
      latestHour('O3'),
      latestHour('SO2'),
    ]),
  }),
  UK_DAQI: Object.freeze({
    '2013': Object.freeze([
      running('PM25', 24, 18), // [DEFRA, OPENAQ-UK]
      running('PM10', 24, 18),
      latestHour('NO2'),
      running('O3', 8, 6),
      latestHour('SO2'), // DEFRA's 15-min mean; airq has hourly data at best (decided)
    ]),
  }),
  IN_NAQI: Object.freeze({
    '2014': Object.freeze([
      running('PM25', 24, 16), // 16 of 24 [CPCB-HOW]
      running('PM10', 24, 16),
      running('NO2', 24, 16),
      running('O3', 8, 6), // 6 of 8 (decided) [CPCB-2014]
      running('SO2', 24, 16),
      running('CO', 8, 6),
    ]),
  }),
  CN_AQI: Object.freeze({
    '2026': CN_AQI_2026,
    // GB 3095 validity rule for the 24-h SO2 mean: 20 of 24 [HJ633]
    '2012': Object.freeze([...CN_AQI_2026, running('SO2_24H', 24, 20, 'SO2')]),
  }),
  CA_AQHI: Object.freeze({
    '2008': Object.freeze([
      running('PM25', 3, 2), // 3-h running means, 2 of 3 [AQHI-ALB]
      running('NO2', 3, 2),
      running('O3', 3, 2),
    ]),
  }),
});

/**
 * The averaging rules of one world index edition: one row per input key, as §2 lists them.
 *
 * @param indexType - `US_AQI`, `EAQI`, `UK_DAQI`, `IN_NAQI`, `CN_AQI` or `CA_AQHI`
 * @param edition - one of the index's editions (§1.1); `undefined` selects the default, the
 *   newest (`2024`, `2025`, `2013`, `2014`, `2026`, `2008`)
 * @returns the frozen rows, in the key order PM25, PM10, NO2, O3, SO2, CO, O3_1H, SO2_24H
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
  return (AVERAGING_RULES[indexType] as Readonly<Record<string, readonly AveragingRule[]>>)[
    chosen
  ]!;
}
