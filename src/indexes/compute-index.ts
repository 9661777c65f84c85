import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/language.js';
import type { IndexValue, Language } from '../model/api-types.js';
import { findIndexLevel } from './find-level.js';
import { INDEX_TABLES } from './index-registry.js';
import {
  DEFAULT_INDEX_TYPE,
  INDEX_TYPE_NAMES,
  type IndexTable,
  type IndexTypeName,
} from './index-table.js';
import { noDataIndex } from './no-data.js';
import { roundUp2 } from './rounding.js';
import { subIndex } from './sub-index.js';

/** Concentrations by measurement name (µg/m³ for pollutants), e.g. `{ PM25: 18.7, PM10: 35.53 }`. */
export type Concentrations = Readonly<Partial<Record<string, number>>>;

/** Options of {@link computeIndexWithTable}. */
export interface IndexTableOptions {
  /** Language of `description` and `advice`. Default `en`. */
  readonly language?: Language | undefined;
  /**
   * Pollutants whose sub-index counts; each must have a grid in the table. Default: the
   * table's own list (PM10 and PM25 for every built-in index).
   */
  readonly countedPollutants?: readonly string[] | undefined;
}

/** Options of {@link computeIndex}. */
export interface ComputeIndexOptions extends IndexTableOptions {
  /** Which index. Default `VENDOR_CAQI`. */
  readonly indexType?: IndexTypeName | undefined;
}

/**
 * Computes an air quality index from concentrations.
 *
 * The index value is the largest sub-index among the counting pollutants that are present,
 * each sub-index a piecewise-linear map of the table's grid (slope continued above the top).
 * Negative concentrations count as 0; `NaN`, ±Infinity and non-numbers count as absent. The
 * value is rounded up to 2 decimals and the level is read from the rounded value, so value,
 * level, colour and the meta list always agree. Without any counting pollutant the result is
 * the no-data index (value `null`, level `UNKNOWN`, colour `#999999`, advice `null`).
 *
 * @param concentrations - µg/m³ by measurement name; other names (HUMIDITY, …) are ignored
 * @param options - `indexType` (default `VENDOR_CAQI`), `language` (default `en`),
 *   `countedPollutants` (default the table's, PM10 and PM25)
 * @throws TypeError when `concentrations` is not an object;
 *   RangeError for an unknown index type or language, or a counted pollutant without a grid
 * @example
 * computeIndex({ PM25: 62.77 });
 * // { name: 'VENDOR_CAQI', value: 78.54, level: 'HIGH', description: 'Poor air quality.',
 * //   advice: 'Limit time outdoors, …', color: '#EF7120' }
 * computeIndex({ PM10: 20 }, { indexType: 'PIJP', language: 'pl' }).level; // 'VERY_GOOD'
 * computeIndex({ HUMIDITY: 60 }).value; // null
 */
export function computeIndex(
  concentrations: Concentrations,
  options: ComputeIndexOptions = {},
): IndexValue {
  const indexType = options.indexType ?? DEFAULT_INDEX_TYPE;
  checkOneOf('computeIndex', 'options.indexType', indexType, INDEX_TYPE_NAMES);
  return evaluate(INDEX_TABLES[indexType], concentrations, options, 'computeIndex');
}

/**
 * Computes an index from any {@link IndexTable}, e.g. PIJP on another threshold edition or
 * an index of your own. Same rules as {@link computeIndex}.
 *
 * @param table - the index definition
 * @param concentrations - µg/m³ by measurement name
 * @param options - `language` (default `en`), `countedPollutants` (default the table's)
 * @throws as {@link computeIndex}
 * @example
 * computeIndexWithTable(pijpIndexTable('2019-10'), { PM25: 13 }).level; // 'VERY_GOOD'
 * computeIndexWithTable(CAQI_TABLE, { NO2: 150 }, { countedPollutants: ['NO2'] }).value; // 62.5
 */
export function computeIndexWithTable(
  table: IndexTable,
  concentrations: Concentrations,
  options: IndexTableOptions = {},
): IndexValue {
  return evaluate(table, concentrations, options, 'computeIndexWithTable');
}

function evaluate(
  table: IndexTable,
  concentrations: Concentrations,
  options: IndexTableOptions,
  functionName: string,
): IndexValue {
  checkObject(functionName, 'concentrations', concentrations, 'an object of numbers');
  const language = options.language ?? DEFAULT_LANGUAGE;
  if (!isLanguage(language)) {
    throw argumentError(
      RangeError,
      functionName,
      'options.language',
      "must be 'en' or 'pl'",
      language,
    );
  }
  const counted = options.countedPollutants ?? table.countedPollutants;
  if (counted !== table.countedPollutants) checkCounted(functionName, table, counted);

  let highest = -1;
  for (let i = 0; i < counted.length; i++) {
    const pollutant = counted[i]!;
    const concentration = concentrations[pollutant];
    if (typeof concentration !== 'number' || !Number.isFinite(concentration)) continue;
    // Validated above (or by the table's own invariants): every counted pollutant has a grid.
    const value = subIndex(concentration, table.grids[pollutant]!, table.indexBreakpoints);
    if (value > highest) highest = value;
  }
  if (highest < 0) return noDataIndex(table.name, language);

  // A table whose last slope exceeds 1 could overflow on absurd input; cap instead of failing.
  const shown = roundUp2(Math.min(highest, Number.MAX_VALUE));
  const level = findIndexLevel(table, shown);
  return {
    name: table.name,
    value: shown,
    level: level.level,
    description: level.description[language],
    advice: level.advice[language],
    color: level.color,
  };
}

function checkCounted(functionName: string, table: IndexTable, counted: unknown): void {
  if (!Array.isArray(counted)) {
    throw argumentError(
      TypeError,
      functionName,
      'options.countedPollutants',
      'must be an array of pollutant names',
      counted,
    );
  }
  for (const pollutant of counted) {
    if (typeof pollutant !== 'string' || !Object.hasOwn(table.grids, pollutant)) {
      throw argumentError(
        RangeError,
        functionName,
        'options.countedPollutants',
        `must name pollutants with a ${table.name} grid (${Object.keys(table.grids).join(', ')})`,
        pollutant,
      );
    }
  }
}
