import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkKeySpelling } from '../arguments/key-spelling.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/language.js';
import type { IndexResult, Language } from '../model/api-types.js';
import { findIndexLevel } from './find-level.js';
import {
  type AnyIndexDefinition,
  type Concentrations,
  INDEX_INPUT_NAMES,
  type IndexEditionOf,
  type IndexLevelOf,
  type IndexPollutantOf,
} from './index-definition.js';
import { noDataIndex } from './no-data.js';

// The one evaluation of an index definition, shared by `computeIndex` (which finds a built-in
// definition by name) and `computeIndexWith` (which is handed one). Kept apart from the
// registry of the built-in indexes, so that code computing one index bundles only that.

/** Options of {@link computeIndexWith}. */
export interface IndexOptions<D extends AnyIndexDefinition = AnyIndexDefinition> {
  /** Language of `description` and `advice`. Default `en`. */
  readonly language?: Language | undefined;
  /** One of the index's `editions`. Default: the first, the newest. */
  readonly edition?: IndexEditionOf<D> | undefined;
  /**
   * Grid indexes only: the pollutants whose sub-index counts, each with a grid. Default: the
   * index's own list (PM10 and PM25 for every built-in grid index).
   */
  readonly countedPollutants?: readonly string[] | undefined;
}

/** The result of computing the index `D`: its name, level and pollutant names narrowed. */
export type IndexResultOf<D extends AnyIndexDefinition> = IndexResult<
  D['name'],
  IndexLevelOf<D>,
  IndexPollutantOf<D>
>;

/**
 * Computes an index from its definition, a built-in one (`US_AQI_INDEX`, `CAQI_INDEX`, …) or
 * one of your own. Same rules and errors as `computeIndex`, but only the index you pass is
 * bundled: a page that computes one index does not load the tables of the other eight.
 *
 * @param index - the index definition
 * @param concentrations - µg/m³ by input name, already averaged over the index's periods
 * @param options - `language` (default `en`), `edition` (default the newest),
 *   `countedPollutants` (grid indexes only; default the index's own list)
 * @throws TypeError when `concentrations` is not an object or one of its keys is a misspelt
 *   input name (`PM2.5`, `pm25`); RangeError for an unknown edition or language, or an option
 *   the index does not take
 * @example
 * computeIndexWith(US_AQI_INDEX, { PM25: 17.4 }).value; // 66
 * computeIndexWith(EAQI_INDEX, { PM25: 12 }, { edition: '2019' }).level; // 'FAIR'
 */
export function computeIndexWith<const D extends AnyIndexDefinition>(
  index: D,
  concentrations: Concentrations<IndexPollutantOf<D>>,
  options: IndexOptions<D> = {},
): IndexResultOf<D> {
  return evaluateIndex('computeIndexWith', index, concentrations, options) as IndexResultOf<D>;
}

/**
 * The shared body of the public index functions; `functionName` is the one their errors name.
 *
 * @example
 * evaluateIndex('computeIndex', CAQI_INDEX, { PM10: 20 }, {}).value; // 20
 */
export function evaluateIndex(
  functionName: string,
  index: AnyIndexDefinition,
  concentrations: Concentrations<string>,
  options: IndexOptions,
): IndexResult {
  checkObject(functionName, 'concentrations', concentrations, 'an object of numbers');
  checkKeySpelling(functionName, 'concentrations', concentrations, INDEX_INPUT_NAMES, index.inputs);
  const language = checkedLanguage(functionName, options.language);
  const counted = checkedCounted(functionName, index, options.countedPollutants);
  const edition = checkedEdition(functionName, index, options.edition);
  const result = index.compute(concentrations, edition, counted);
  if (result === undefined) return noDataIndex(index.name, language);
  const level = findIndexLevel(index, result.value);
  return {
    name: index.name,
    value: result.value,
    level: level.level,
    description: level.description[language],
    advice: level.advice[language],
    color: level.color,
    dominantPollutant: result.dominantPollutant,
    subIndexes: result.subIndexes as Readonly<Record<string, number>>,
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

// The edition asked for, or the default; `undefined` for an index without editions.
function checkedEdition(
  functionName: string,
  index: AnyIndexDefinition,
  edition: unknown,
): string | undefined {
  if (index.editions.length === 0) {
    if (edition === undefined) return undefined;
    const expectation = `must be omitted for ${index.name}, which has no editions`;
    throw argumentError(RangeError, functionName, 'options.edition', expectation, edition);
  }
  const chosen = edition ?? index.editions[0];
  checkOneOf(functionName, 'options.edition', chosen, index.editions);
  return chosen;
}

// The counted pollutants asked for, checked against the index's grids; `undefined` when none.
function checkedCounted(
  functionName: string,
  index: AnyIndexDefinition,
  counted: unknown,
): readonly string[] | undefined {
  if (counted === undefined) return undefined;
  const countable = index.countablePollutants;
  if (countable === undefined) {
    const expectation = `must be omitted for ${index.name}, where every pollutant counts`;
    throw argumentError(
      RangeError,
      functionName,
      'options.countedPollutants',
      expectation,
      counted,
    );
  }
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
    if (!countable.includes(pollutant)) {
      throw argumentError(
        RangeError,
        functionName,
        'options.countedPollutants',
        `must name pollutants with a ${index.name} grid (${countable.join(', ')})`,
        pollutant,
      );
    }
  }
  return counted;
}
