import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/language.js';
import type { IndexValue, Language } from '../model/api-types.js';
import { findIndexLevel } from './find-level.js';
import { INDEX_TABLES } from './index-registry.js';
import { type IndexScale, outranks } from './index-scale.js';
import { INDEX_SCALES } from './index-scales.js';
import {
  DEFAULT_INDEX_TYPE,
  type GridIndexTypeName,
  INDEX_TYPE_NAMES,
  type IndexTable,
  type IndexTypeName,
  isGridIndexType,
} from './index-table.js';
import { noDataIndex } from './no-data.js';
import { PIJP_EDITIONS, PIJP_TABLES } from './pijp.js';
import type { PijpEdition } from './pijp-thresholds.js';
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
  /**
   * Which edition of the index's tables, where it has several: US_AQI `2024` / `2012`, EAQI
   * `2025` / `2019`, CN_AQI `2026` / `2012`, PIJP `2019-10`. Default: the newest.
   */
  readonly edition?: string | undefined;
}

/**
 * Computes an air quality index from concentrations that are already averaged over the
 * index's own periods (the payload does that averaging; this function does none).
 *
 * A grid index (VENDOR_CAQI, CAQI, PIJP) takes the largest sub-index of the counting
 * pollutants present, each a piecewise-linear map of the table's grid (slope continued above
 * the top), rounded up to 2 decimals. A national index (US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI,
 * CA_AQHI) follows its own rules (world-indexes.md): conversion, truncation or rounding, its
 * breakpoints or formula, every pollutant it defines counting. The level is read from the
 * shown value, so value, level, colour and the meta list always agree. Negative concentrations
 * count as 0; `NaN`, ±Infinity and non-numbers count as absent. Without data (or below an
 * index's minimum of pollutants) the result is the no-data index (value `null`, level
 * `UNKNOWN`, colour `#999999`, advice `null`, dominantPollutant `null`).
 *
 * @param concentrations - µg/m³ by name, CO included (also `O3_1H`, `SO2_24H`); others ignored
 * @param options - `indexType` (default `VENDOR_CAQI`), `edition` (default the newest),
 *   `language` (default `en`), `countedPollutants` (grid indexes only; default PM10 and PM25)
 * @throws TypeError when `concentrations` is not an object; RangeError for an unknown index
 *   type, edition or language, a counted pollutant without a grid, or `countedPollutants` or
 *   an `edition` where the index takes none
 * @example
 * computeIndex({ PM25: 62.77 });
 * // { name: 'VENDOR_CAQI', value: 78.54, level: 'HIGH', description: 'Poor air quality.',
 * //   advice: 'Limit time outdoors, …', color: '#EF7120', dominantPollutant: 'PM25',
 * //   subIndexes: { PM25: 78.54 } }
 * computeIndex({ PM10: 20 }, { indexType: 'PIJP', language: 'pl' }).level; // 'VERY_GOOD'
 * computeIndex({ PM25: 17.4 }, { indexType: 'US_AQI' }).value; // 66 (MODERATE)
 * computeIndex({ PM25: 75 }, { indexType: 'CN_AQI', edition: '2012' }).value; // 100
 * computeIndex({ HUMIDITY: 60 }).value; // null
 */
export function computeIndex(
  concentrations: Concentrations,
  options: ComputeIndexOptions = {},
): IndexValue {
  const indexType = options.indexType ?? DEFAULT_INDEX_TYPE;
  checkOneOf('computeIndex', 'options.indexType', indexType, INDEX_TYPE_NAMES);
  if (isGridIndexType(indexType)) {
    return evaluate(gridTable(indexType, options.edition), concentrations, options, 'computeIndex');
  }
  return evaluateScale(INDEX_SCALES[indexType], concentrations, options);
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
  const language = checkedLanguage(functionName, options.language);
  const counted = options.countedPollutants ?? table.countedPollutants;
  if (counted !== table.countedPollutants) checkCounted(functionName, table, counted);

  // Rounding up is monotone, so the largest shown sub-index is the raw maximum rounded up: the
  // value and the dominant pollutant both come out of this one pass, as they are shown.
  let shown = -1;
  let dominant: string | null = null;
  const subIndexes: Record<string, number> = {};
  for (let i = 0; i < counted.length; i++) {
    const pollutant = counted[i]!;
    const concentration = concentrations[pollutant];
    if (typeof concentration !== 'number' || !Number.isFinite(concentration)) continue;
    // Validated above (or by the table's own invariants): every counted pollutant has a grid.
    const value = subIndex(concentration, table.grids[pollutant]!, table.indexBreakpoints);
    // A table whose last slope exceeds 1 could overflow on absurd input; cap instead of failing.
    const rounded = roundUp2(Math.min(value, Number.MAX_VALUE));
    subIndexes[pollutant] = rounded;
    if (rounded > shown || (rounded === shown && outranks(pollutant, dominant!))) {
      shown = rounded;
      dominant = pollutant;
    }
  }
  if (dominant === null) return noDataIndex(table.name, language);
  return indexValue(table.name, table, shown, subIndexes, dominant, language);
}

function evaluateScale(
  scale: IndexScale,
  concentrations: Concentrations,
  options: ComputeIndexOptions,
): IndexValue {
  const functionName = 'computeIndex';
  checkObject(functionName, 'concentrations', concentrations, 'an object of numbers');
  const language = checkedLanguage(functionName, options.language);
  if (options.countedPollutants !== undefined) {
    const expectation = `must be omitted for ${scale.name}, where every pollutant counts`;
    throw argumentError(
      RangeError,
      functionName,
      'options.countedPollutants',
      expectation,
      options.countedPollutants,
    );
  }
  const edition = options.edition ?? scale.editions[0]!;
  checkOneOf(functionName, 'options.edition', edition, scale.editions);
  const result = scale.compute(concentrations, edition);
  if (result === undefined) return noDataIndex(scale.name, language);
  const { value, subIndexes, dominantPollutant } = result;
  return indexValue(scale.name, scale, value, subIndexes, dominantPollutant, language);
}

// The result of a value on a level table, in the language asked for.
function indexValue(
  name: string,
  levels: Pick<IndexTable, 'levels' | 'levelBounds'>,
  value: number,
  subIndexes: Readonly<Record<string, number>>,
  dominantPollutant: string | null,
  language: Language,
): IndexValue {
  const level = findIndexLevel(levels, value);
  return {
    name,
    value,
    level: level.level,
    description: level.description[language],
    advice: level.advice[language],
    color: level.color,
    dominantPollutant,
    subIndexes,
  };
}

function checkedLanguage(functionName: string, language: unknown): Language {
  const checked = language ?? DEFAULT_LANGUAGE;
  if (!isLanguage(checked)) {
    throw argumentError(
      RangeError,
      functionName,
      'options.language',
      "must be 'en' or 'pl'",
      checked,
    );
  }
  return checked;
}

// The grid table of a grid index; only PIJP has editions to choose from.
function gridTable(indexType: GridIndexTypeName, edition: string | undefined): IndexTable {
  if (edition === undefined) return INDEX_TABLES[indexType];
  if (indexType === 'PIJP') {
    checkOneOf('computeIndex', 'options.edition', edition, PIJP_EDITIONS);
    return PIJP_TABLES[edition as PijpEdition];
  }
  const expectation = `must be omitted for ${indexType}, which has no editions`;
  throw argumentError(RangeError, 'computeIndex', 'options.edition', expectation, edition);
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
