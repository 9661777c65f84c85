import { type Concentrations, type IndexComputation, POLLUTANT_NAMES } from './index-definition.js';

// What the national indexes (US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI) share: reading
// an input, choosing the dominant pollutant, the computation of the banded ones. The other
// shared parts (the float-safe rounding, the unit conversion, the row interpolation) live in
// their own files so that each index file holds only what is its own.

/**
 * The input `key` as the national indexes read it: a negative value counts as 0; NaN,
 * ±Infinity and anything not a number count as absent (`undefined`).
 *
 * @example
 * readInput({ PM25: -3, NO2: Number.NaN }, 'PM25'); // 0
 * readInput({ PM25: -3, NO2: Number.NaN }, 'NO2'); // undefined
 */
export function readInput(concentrations: Concentrations<string>, key: string): number | undefined {
  const value = concentrations[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.max(value, 0);
}

/** The order that breaks a tie for the dominant pollutant: airq's pollutants as listed. */
export const DOMINANCE_ORDER: readonly string[] = POLLUTANT_NAMES;

/**
 * The pollutant with the highest sub-index; on a tie the first in {@link DOMINANCE_ORDER}, then
 * any other name in alphabetical order. `null` for no sub-indexes.
 *
 * @example
 * dominantPollutant({ NO2: 4, O3: 4, PM10: 2 }); // 'O3'
 * dominantPollutant({}); // null
 */
export function dominantPollutant<Pollutant extends string>(
  subIndexes: Readonly<Partial<Record<Pollutant, number>>>,
): Pollutant | null {
  let best: Pollutant | null = null;
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

/**
 * The computation of a banded index (EAQI, UK DAQI): each pollutant present has its band as
 * its sub-index, the value is the worst (highest) band, and the dominant pollutant is the one
 * in it ({@link dominantPollutant}); `undefined` when no pollutant is present.
 *
 * @param pollutants - the pollutants of the index, in the order their sub-indexes are listed
 * @param bandOf - the band (1 or more) of a pollutant at a concentration (µg/m³, non-negative)
 * @example
 * worstBand({ NO2: 120, O3: 30 }, ['O3', 'NO2'], (_, c) => (c > 100 ? 3 : 1));
 * // { value: 3, subIndexes: { O3: 1, NO2: 3 }, dominantPollutant: 'NO2' }
 */
export function worstBand<Pollutant extends string>(
  concentrations: Concentrations<string>,
  pollutants: readonly Pollutant[],
  bandOf: (pollutant: Pollutant, concentration: number) => number,
): IndexComputation<Pollutant> | undefined {
  const subIndexes: Partial<Record<Pollutant, number>> = {};
  let value = 0;
  for (const pollutant of pollutants) {
    const c = readInput(concentrations, pollutant);
    if (c === undefined) continue;
    const band = bandOf(pollutant, c);
    subIndexes[pollutant] = band;
    value = Math.max(value, band);
  }
  if (value === 0) return undefined;
  return { value, subIndexes, dominantPollutant: dominantPollutant(subIndexes) };
}
