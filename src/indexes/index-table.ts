import type { LocalizedText } from '../i18n/language.js';

/** The indexes computed on a concentration grid of one region (CAQI style), default first. */
export const GRID_INDEX_TYPE_NAMES = /* @__PURE__ */ Object.freeze([
  'VENDOR_CAQI',
  'CAQI',
  'PIJP',
] as const);

/**
 * The national indexes, each with its own rules and editions: those of the US EPA, EEA, Defra,
 * CPCB, MEE and ECCC, then those of Germany's UBA, France's ATMO, AirKorea, Singapore's NEA, Hong
 * Kong's EPD, New South Wales and Thailand's PCD.
 */
export const NATIONAL_INDEX_TYPE_NAMES = /* @__PURE__ */ Object.freeze([
  'US_AQI',
  'EAQI',
  'UK_DAQI',
  'IN_NAQI',
  'CN_AQI',
  'CA_AQHI',
  'DEU_UBA',
  'FRA_ATMO',
  'KOR_CAI',
  'SGP_PSI',
  'HKG_AQHI',
  'AUS_AQC',
  'THA_AQI',
] as const);

/**
 * Every index airq computes, in the order the meta list shows them: the grid indexes (default
 * first), then the national ones.
 */
export const INDEX_TYPE_NAMES = /* @__PURE__ */ frozenConcat(
  GRID_INDEX_TYPE_NAMES,
  NATIONAL_INDEX_TYPE_NAMES,
);

// `first` then `second` as one frozen list, typed as the tuple of both. A function rather than
// a spread at module level, so that a bundler may drop the list when nothing reads it.
function frozenConcat<First extends readonly string[], Second extends readonly string[]>(
  first: First,
  second: Second,
): readonly [...First, ...Second] {
  return Object.freeze([...first, ...second] as [...First, ...Second]);
}

/** A grid index: `VENDOR_CAQI`, `CAQI` or `PIJP`. */
export type GridIndexTypeName = (typeof GRID_INDEX_TYPE_NAMES)[number];

/**
 * A national index: `US_AQI`, `EAQI`, `UK_DAQI`, `IN_NAQI`, `CN_AQI`, `CA_AQHI`, `DEU_UBA`,
 * `FRA_ATMO`, `KOR_CAI`, `SGP_PSI`, `HKG_AQHI`, `AUS_AQC` or `THA_AQI`.
 */
export type NationalIndexTypeName = (typeof NATIONAL_INDEX_TYPE_NAMES)[number];

/** Name of an index type: a grid index (`VENDOR_CAQI` is the default) or a national one. */
export type IndexTypeName = (typeof INDEX_TYPE_NAMES)[number];

/** The index a measurements payload carries when the request names none. */
export const DEFAULT_INDEX_TYPE = 'VENDOR_CAQI' satisfies IndexTypeName;

/**
 * Whether `x` names an index type airq knows (exact, case-sensitive spelling).
 *
 * @example
 * isIndexTypeName('PIJP'); // true
 * isIndexTypeName('caqi'); // false
 */
export function isIndexTypeName(x: unknown): x is IndexTypeName {
  return (INDEX_TYPE_NAMES as readonly unknown[]).includes(x);
}

/**
 * Whether `name` is one of the grid indexes (VENDOR_CAQI, CAQI, PIJP).
 *
 * @example
 * isGridIndexType('CAQI'); // true
 * isGridIndexType('US_AQI'); // false
 */
export function isGridIndexType(name: IndexTypeName): name is GridIndexTypeName {
  return (GRID_INDEX_TYPE_NAMES as readonly string[]).includes(name);
}

/**
 * Which end of a level's range belongs to the level.
 * - `lower-inclusive`: `[minValue, maxValue)`, so 25.00 is already the next level (CAQI).
 * - `upper-inclusive`: `(minValue, maxValue]`, the first level also holding its `minValue`,
 *   so a concentration equal to a class bound stays in that class (PIJP, as GIOŚ defines it).
 */
export type LevelBounds = 'lower-inclusive' | 'upper-inclusive';

/** One level of an index: its range on the index scale, colour and texts. */
export interface IndexLevelDefinition<Level extends string = string> {
  /** Level name as the payload shows it, e.g. `LOW`. */
  readonly level: Level;
  /** Lower end of the range, index units. */
  readonly minValue: number;
  /** Upper end of the range, index units; `null` for the open top level. */
  readonly maxValue: number | null;
  /** `#RRGGBB`. */
  readonly color: string;
  /** What the level means, one short sentence per language. */
  readonly description: LocalizedText;
  /** What to do about it, one short sentence per language. */
  readonly advice: LocalizedText;
}

/**
 * Everything that defines an index, as data. The computation reads only this, so a new index
 * is a new table in the registry, with no code of its own.
 */
export interface IndexTable {
  /** Index name as the payload shows it. */
  readonly name: string;
  /** Index values at the breakpoints, strictly increasing, starting at 0. */
  readonly indexBreakpoints: readonly number[];
  /**
   * Per pollutant (payload measurement name): concentrations (µg/m³) at the breakpoints,
   * strictly increasing from 0, aligned with {@link IndexTable.indexBreakpoints}.
   */
  readonly grids: Readonly<Record<string, readonly number[]>>;
  /** Pollutants whose sub-index counts by default; each has a grid. */
  readonly countedPollutants: readonly string[];
  /** Levels in ascending order, contiguous, the first starting at 0, the last open. */
  readonly levels: readonly IndexLevelDefinition[];
  /** Which end of a level range belongs to the level. */
  readonly levelBounds: LevelBounds;
}

/**
 * Freezes a table and everything inside it, so that no caller can edit a shared grid, level
 * or text. Every built-in table goes through it; use it for your own tables too.
 *
 * @returns the same object, now deeply frozen
 * @example
 * const text = { en: 'Fine.', pl: 'Dobrze.' };
 * const table = defineIndexTable({
 *   name: 'PM25_ONLY', indexBreakpoints: [0, 10], grids: { PM25: [0, 50] },
 *   countedPollutants: ['PM25'], levelBounds: 'lower-inclusive',
 *   levels: [{ level: 'ANY', minValue: 0, maxValue: null, color: '#00AA00', description: text, advice: text }],
 * });
 * Object.isFrozen(table.grids.PM25); // true
 */
export function defineIndexTable(table: IndexTable): IndexTable {
  for (const grid of Object.values(table.grids)) Object.freeze(grid);
  Object.freeze(table.grids);
  defineIndexLevels(table.levels);
  Object.freeze(table.indexBreakpoints);
  Object.freeze(table.countedPollutants);
  return Object.freeze(table);
}

/**
 * Freezes a list of levels and everything inside them (each level, its description and its
 * advice), for a table's levels and for the national indexes, which keep their levels outside an
 * `IndexTable`: no caller may edit a shared level or text.
 *
 * @returns the same list, now deeply frozen
 * @example
 * const text = { en: 'Fine.', pl: 'Dobrze.' };
 * const levels = defineIndexLevels([
 *   { level: 'ANY', minValue: 0, maxValue: null, color: '#00AA00', description: text, advice: text },
 * ]);
 * Object.isFrozen(levels[0].description); // true
 */
export function defineIndexLevels<Level extends string>(
  levels: readonly IndexLevelDefinition<Level>[],
): readonly IndexLevelDefinition<Level>[] {
  for (const level of levels) {
    Object.freeze(level.description);
    Object.freeze(level.advice);
    Object.freeze(level);
  }
  return Object.freeze(levels);
}
