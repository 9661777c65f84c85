import type { MeasurementTypeName } from '../meta/measurement-types.js';
import type { IndexLevelDefinition, LevelBounds } from './index-table.js';

// One model for every index, grid or national: its editions and levels as data, plus the
// function that turns concentrations into a value, sub-indexes and a dominant pollutant. The
// built-in indexes are values of this type, and so is an index a user defines; `computeIndex`
// and `computeIndexWith` read nothing else.

/** A pollutant that one of airq's indexes reads: `PM25`, `PM10`, `O3`, `NO2`, `SO2` or `CO`. */
export type PollutantName = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/**
 * An input of airq's indexes: a pollutant, or one of the secondary inputs `O3_1H` (the latest
 * 1-h O3: US_AQI, SGP_PSI), `O3_4H` (the 4-h running mean of O3: AUS_AQC) and `SO2_24H`
 * (US_AQI, CN_AQI 2012), whose sub-indexes are reported under `O3` and `SO2`.
 */
export type IndexInputName = PollutantName | 'O3_1H' | 'O3_4H' | 'SO2_24H';

/**
 * airq's pollutants, in the order that breaks a tie for the dominant pollutant (`index-scale.ts`
 * reads it so). Internal: users meet it as the start of {@link INDEX_INPUT_NAMES}.
 */
export const POLLUTANT_NAMES: readonly PollutantName[] = /* @__PURE__ */ Object.freeze([
  'PM25',
  'PM10',
  'O3',
  'NO2',
  'SO2',
  'CO',
]);

/**
 * Every input name an index of airq reads, as spelt there: the pollutants, then `O3_1H`,
 * `O3_4H` and `SO2_24H`. A key of the concentrations that differs from one of them only in case or
 * punctuation (`PM2.5`, `pm25`, `o3`) is a typo, and `computeIndex` throws a `TypeError` naming
 * the right spelling.
 */
export const INDEX_INPUT_NAMES: readonly IndexInputName[] =
  /* @__PURE__ */ withSecondaryInputs(POLLUTANT_NAMES);

// The pollutants followed by the secondary inputs, frozen. A function rather than a spread at
// module level, so that a bundler may drop the list when nothing reads it.
function withSecondaryInputs(pollutants: readonly PollutantName[]): readonly IndexInputName[] {
  return Object.freeze([...pollutants, 'O3_1H', 'O3_4H', 'SO2_24H']);
}

/**
 * Concentrations by input name, µg/m³ for pollutants (CO included): the means over each
 * input's averaging period, e.g. `{ PM25: 18.7, PM10: 35.53 }`. An object literal accepts the
 * known input and measurement names (and `Extra`, the inputs of an index of your own), so a
 * misspelt key (`'PM2.5'`, `pm25`) does not compile; a `Record<string, number>` of window
 * averages is accepted as it is.
 */
export type Concentrations<Extra extends string = never> = {
  readonly [K in IndexInputName | MeasurementTypeName | Extra]?: number | undefined;
};

/** What an index computes before its level is looked up. */
export interface IndexComputation<Pollutant extends string = string> {
  /** The index value, in the index's own units (a CAQI value, an AQI, a band number). */
  readonly value: number;
  /** Pollutant → its sub-index, for every pollutant of the index that was present. */
  readonly subIndexes: Readonly<Partial<Record<Pollutant, number>>>;
  /** The pollutant that sets `value`, or `null` where the index names none. */
  readonly dominantPollutant: Pollutant | null;
}

/**
 * One air quality index as a value: its name, editions, levels and computation. Every
 * built-in index is one (`US_AQI_INDEX`, `CAQI_INDEX`, …); build a grid index of your own with
 * `gridIndex`, an AQI-style one (breakpoints, unit conversions, averaging periods) with
 * `defineBreakpointIndex`, or write `compute` yourself. Pass it to `computeIndexWith` or as
 * `indexType` to `computeIndex`.
 *
 * @typeParam Name - the index name that results carry
 * @typeParam Level - the level names
 * @typeParam Pollutant - the pollutants that can have a sub-index
 * @typeParam Edition - the edition names (`never` for an index without editions)
 */
export interface IndexDefinition<
  Name extends string = string,
  Level extends string = string,
  Pollutant extends string = string,
  Edition extends string = string,
> {
  /** The index name as results and the payload show it (`US_AQI`). */
  readonly name: Name;
  /** Every edition, the default (newest) first; empty for an index without named editions. */
  readonly editions: readonly Edition[];
  /** The input names `compute` reads (µg/m³), for the spelling check of the concentrations. */
  readonly inputs: readonly string[];
  /**
   * Grid indexes only: the pollutants a caller may name in `countedPollutants`, which then
   * reach `compute`. Absent where every pollutant of the index counts.
   */
  readonly countablePollutants?: readonly Pollutant[] | undefined;
  /** The levels with their ranges, colours and texts, lowest first. */
  readonly levels: readonly IndexLevelDefinition<Level>[];
  /** Which end of a level's range belongs to the level. */
  readonly levelBounds: LevelBounds;
  /**
   * The value, sub-indexes and dominant pollutant, or `undefined` for no data (no pollutant of
   * the index present, or the index's own minimum not met). Negative concentrations count as
   * 0; `NaN`, ±Infinity and non-numbers count as absent.
   *
   * @param concentrations - checked to be an object, its keys spelt right
   * @param edition - one of `editions`, checked by the caller (`undefined` when there are none)
   * @param countedPollutants - grid indexes: the checked `countedPollutants` option, if given
   */
  compute(
    concentrations: Concentrations<string>,
    edition: Edition,
    countedPollutants?: readonly Pollutant[] | undefined,
  ): IndexComputation<Pollutant> | undefined;
}

/** Any index definition, whatever its names. */
// biome-ignore lint/suspicious/noExplicitAny: the widest definition, for constraints only
export type AnyIndexDefinition = IndexDefinition<string, string, string, any>;

/** The level names of a definition type: `IndexLevelOf<typeof US_AQI_INDEX>` is `'GOOD' | …`. */
export type IndexLevelOf<D extends AnyIndexDefinition> =
  D extends IndexDefinition<string, infer Level> ? Level : never;

/** The pollutant names of a definition type. */
export type IndexPollutantOf<D extends AnyIndexDefinition> =
  D extends IndexDefinition<string, string, infer Pollutant> ? Pollutant : never;

/** The edition names of a definition type (`never` for an index without editions). */
export type IndexEditionOf<D extends AnyIndexDefinition> =
  D extends IndexDefinition<string, string, string, infer Edition> ? Edition : never;
