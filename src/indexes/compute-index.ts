import { checkOneOf } from '../arguments/argument-checks.js';
import type { IndexResult, IndexValue, Language } from '../model/api-types.js';
import { evaluateIndex, type IndexOptions, type IndexResultOf } from './evaluate-index.js';
import { gridIndex } from './grid-index.js';
import type { AnyIndexDefinition, Concentrations, IndexPollutantOf } from './index-definition.js';
import { INDEX_DEFINITIONS, type IndexPollutant } from './index-definitions.js';
import type { IndexEdition } from './index-editions.js';
import {
  DEFAULT_INDEX_TYPE,
  type GridIndexTypeName,
  INDEX_TYPE_NAMES,
  type IndexTable,
  type IndexTypeName,
} from './index-table.js';

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

/** Options of {@link computeIndex} for the index type `T`. */
export interface ComputeIndexOptions<T extends IndexTypeName = IndexTypeName> {
  /** Which index. Default `VENDOR_CAQI`. */
  readonly indexType?: T | undefined;
  /**
   * Which edition of the index's tables, where it has several: US_AQI `2024` / `2012`, EAQI
   * `2025` / `2019`, CN_AQI `2026` / `2012`, PIJP `2019-10`. Default: the newest.
   */
  readonly edition?: IndexEdition<T> | undefined;
  /** Language of `description` and `advice`. Default `en`. */
  readonly language?: Language | undefined;
  /**
   * Grid indexes only (VENDOR_CAQI, CAQI, PIJP): the pollutants whose sub-index counts, each
   * with a grid. Default PM10 and PM25.
   */
  readonly countedPollutants?:
    | (T extends GridIndexTypeName ? readonly string[] : never)
    | undefined;
}

/** Options of {@link computeIndex} with an index definition of your own as `indexType`. */
export interface ComputeIndexWithDefinitionOptions<D extends AnyIndexDefinition>
  extends IndexOptions<D> {
  /** The index definition, e.g. one made with `defineBreakpointIndex`. */
  readonly indexType: D;
}

/**
 * Computes an air quality index from concentrations that are already averaged over the
 * index's own periods (the payload does that averaging; this function does none).
 *
 * A grid index (VENDOR_CAQI, CAQI, PIJP) takes the largest sub-index of the counting
 * pollutants present, each a piecewise-linear map of the table's grid (slope continued above
 * the top), rounded up to 2 decimals. A national index (US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI,
 * CA_AQHI) follows its agency's rules (EPA, EEA, Defra, CPCB, MEE, ECCC): conversion,
 * truncation or rounding, its breakpoints or formula, every pollutant it defines counting. The
 * level is read from the shown value, so value, level, colour and the meta list always agree.
 * Negative concentrations count as 0; `NaN`, ±Infinity and non-numbers count as absent. Without
 * data (or below an index's minimum of pollutants) the result is the no-data index (value
 * `null`, level `UNKNOWN`, colour `#999999`, advice `null`, dominantPollutant `null`).
 *
 * `indexType` may also be an index definition (a built-in one such as `US_AQI_INDEX`, or your
 * own); {@link computeIndexWith} does the same without bundling the sixteen built-in indexes.
 *
 * @param concentrations - µg/m³ by name, CO included (also `O3_1H`, `SO2_24H`); others ignored
 * @param options - `indexType` (default `VENDOR_CAQI`), `edition` (default the newest),
 *   `language` (default `en`), `countedPollutants` (grid indexes only; default PM10 and PM25)
 * @throws TypeError when `concentrations` is not an object or one of its keys is a misspelt
 *   input name (`PM2.5`, `pm25`, `o3`); RangeError for an unknown index type, edition or
 *   language, a counted pollutant without a grid, or `countedPollutants` or an `edition` where
 *   the index takes none
 * @example
 * computeIndex({ PM25: 62.77 });
 * // { name: 'VENDOR_CAQI', value: 78.54, level: 'HIGH', description: 'Poor air quality.',
 * //   advice: 'Limit time outdoors, …', color: '#EF7120', dominantPollutant: 'PM25',
 * //   subIndexes: { PM25: 78.54 } }
 * computeIndex({ PM10: 20 }, { indexType: 'PIJP', language: 'pl' }).level; // 'VERY_GOOD'
 * computeIndex({ PM25: 17.4 }, { indexType: 'US_AQI' }).value; // 66 (MODERATE)
 * computeIndex({ PM25: 75 }, { indexType: 'CN_AQI', edition: '2012' }).value; // 100
 * computeIndex({ HUMIDITY: 60 }).value; // null
 * computeIndex({ 'PM2.5': 30 } as never); // TypeError: … must be spelt "PM25", got "PM2.5"
 */
export function computeIndex<T extends IndexTypeName = typeof DEFAULT_INDEX_TYPE>(
  concentrations: Concentrations<IndexPollutant<T>>,
  options?: ComputeIndexOptions<T>,
): IndexValue<T>;
export function computeIndex<const D extends AnyIndexDefinition>(
  concentrations: Concentrations<IndexPollutantOf<D>>,
  options: ComputeIndexWithDefinitionOptions<D>,
): IndexResultOf<D>;
export function computeIndex(
  concentrations: Concentrations<string>,
  options: ComputeIndexOptions | ComputeIndexWithDefinitionOptions<AnyIndexDefinition> = {},
): IndexResult {
  const indexType = options.indexType ?? DEFAULT_INDEX_TYPE;
  let index: AnyIndexDefinition;
  // A definition is an object with a compute function; anything else must be a name, so an
  // odd object fails the name check as before instead of crashing later.
  if (typeof (indexType as Partial<AnyIndexDefinition>).compute === 'function') {
    index = indexType as AnyIndexDefinition;
  } else {
    checkOneOf('computeIndex', 'options.indexType', indexType, INDEX_TYPE_NAMES);
    index = INDEX_DEFINITIONS[indexType];
  }
  return evaluateIndex('computeIndex', index, concentrations, options as IndexOptions);
}

/**
 * Computes an index from any {@link IndexTable}, e.g. PIJP on another threshold edition or
 * an index of your own. Same rules as {@link computeIndex}; `gridIndex(table)` makes the same
 * table an index definition for {@link computeIndexWith}.
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
  concentrations: Concentrations<string>,
  options: IndexTableOptions = {},
): IndexResult {
  return evaluateIndex('computeIndexWithTable', gridIndex(table), concentrations, options);
}
