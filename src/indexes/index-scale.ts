import type { Concentrations } from './compute-index.js';
import type { IndexLevelDefinition, LevelBounds } from './index-table.js';

// The shape every national index (US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI) takes:
// its levels as data, plus the small rules that turn concentrations into sub-indexes. The
// shared parts (reading an input, the dominant pollutant, the float-safe rounding, the unit
// conversion, the row interpolation) live in their own files so that each index file holds
// only what is its own.

/** What a national index computes before its level is looked up. */
export interface ScaleResult {
  /** The index value: an integer for the national indexes (the level number for EAQI). */
  readonly value: number;
  /** Pollutant → its sub-index, for every pollutant of the index that was present. */
  readonly subIndexes: Readonly<Record<string, number>>;
  /** The pollutant that sets `value`, or `null` where the index names none. */
  readonly dominantPollutant: string | null;
}

/** A national index: its editions, its levels and its computation. */
export interface IndexScale {
  /** The index type, as `computeIndex` names it (`US_AQI`). */
  readonly name: string;
  /** Every edition, the default (newest) first. */
  readonly editions: readonly string[];
  /** The levels with their ranges, colours and texts, lowest first; the same in every edition. */
  readonly levels: readonly IndexLevelDefinition[];
  /** Which end of a range belongs to a level. */
  readonly levelBounds: LevelBounds;
  /**
   * The value, sub-indexes and dominant pollutant, or `undefined` for no data: no pollutant of
   * the index present, or the index's own minimum (IN_NAQI, CA_AQHI) not met. `edition` is one
   * of `editions`, checked by the caller.
   */
  compute(concentrations: Concentrations, edition: string): ScaleResult | undefined;
}

/**
 * The input `key` as the national indexes read it: a negative value counts as 0; NaN,
 * ±Infinity and anything not a number count as absent (`undefined`).
 *
 * @example
 * readInput({ PM25: -3, NO2: Number.NaN }, 'PM25'); // 0
 * readInput({ PM25: -3, NO2: Number.NaN }, 'NO2'); // undefined
 */
export function readInput(concentrations: Concentrations, key: string): number | undefined {
  const value = concentrations[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.max(value, 0);
}

/** The order that breaks a tie for the dominant pollutant (world-indexes.md §1). */
export const DOMINANCE_ORDER: readonly string[] = Object.freeze([
  'PM25',
  'PM10',
  'O3',
  'NO2',
  'SO2',
  'CO',
]);

/**
 * The pollutant with the highest sub-index; on a tie the first in {@link DOMINANCE_ORDER}, then
 * any other name in alphabetical order. `null` for no sub-indexes.
 *
 * @example
 * dominantPollutant({ NO2: 4, O3: 4, PM10: 2 }); // 'O3'
 * dominantPollutant({}); // null
 */
export function dominantPollutant(subIndexes: Readonly<Record<string, number>>): string | null {
  let best: string | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const pollutant in subIndexes) {
    const value = subIndexes[pollutant]!;
    if (value > bestValue || (value === bestValue && outranks(pollutant, best!))) {
      best = pollutant;
      bestValue = value;
    }
  }
  return best;
}

/**
 * Whether `pollutant` wins a tie for dominance against `other`: earlier in
 * {@link DOMINANCE_ORDER}, or, when neither is listed, alphabetically first.
 *
 * @example
 * outranks('PM10', 'O3'); // true
 * outranks('NH3', 'CO'); // false
 */
export function outranks(pollutant: string, other: string): boolean {
  const rank = dominanceRank(pollutant);
  const otherRank = dominanceRank(other);
  return rank < otherRank || (rank === otherRank && pollutant < other);
}

function dominanceRank(pollutant: string): number {
  const rank = DOMINANCE_ORDER.indexOf(pollutant);
  return rank < 0 ? DOMINANCE_ORDER.length : rank;
}
