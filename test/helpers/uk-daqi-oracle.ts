/**
 * The UK DAQI of world-indexes.md §5, transcribed by hand, and a naive DAQI written straight
 * from its text. Tests of `src/indexes/uk-daqi.ts` take their expected values from here;
 * nothing in this file imports src.
 */

import type { NaiveIndexResult } from './eaqi-oracle.js';
import { oracleDominant, readInput } from './national-oracle-common.js';

/** The pollutants of the DAQI, in the §5 table's column order (§1: no CO). */
export const UK_DAQI_REFERENCE_POLLUTANTS = ['O3', 'NO2', 'SO2', 'PM25', 'PM10'] as const;

/** An integer range `[low, high]` in µg/m³; `high` is `Infinity` on the open band 10. */
export type IntegerRange = readonly [number, number];

/** One row of the §5 table. */
export interface UkDaqiReferenceRow {
  readonly band: number;
  readonly level: string;
  readonly color: string;
  /** `[O3, NO2, SO2, PM25, PM10]` ranges, as printed. */
  readonly ranges: readonly IntegerRange[];
}

const OPEN = Number.POSITIVE_INFINITY;

/** The §5 table, row by row as printed. */
// biome-ignore format: a table reads best as the reference prints it
export const UK_DAQI_REFERENCE_ROWS: readonly UkDaqiReferenceRow[] = [
  { band: 1, level: 'LOW', color: '#9CFF9C', ranges: [[0, 33], [0, 67], [0, 88], [0, 11], [0, 16]] },
  { band: 2, level: 'LOW', color: '#31FF00', ranges: [[34, 66], [68, 134], [89, 177], [12, 23], [17, 33]] },
  { band: 3, level: 'LOW', color: '#31CF00', ranges: [[67, 100], [135, 200], [178, 266], [24, 35], [34, 50]] },
  { band: 4, level: 'MODERATE', color: '#FFFF00', ranges: [[101, 120], [201, 267], [267, 354], [36, 41], [51, 58]] },
  { band: 5, level: 'MODERATE', color: '#FFCF00', ranges: [[121, 140], [268, 334], [355, 443], [42, 47], [59, 66]] },
  { band: 6, level: 'MODERATE', color: '#FF9A00', ranges: [[141, 160], [335, 400], [444, 532], [48, 53], [67, 75]] },
  { band: 7, level: 'HIGH', color: '#FF6464', ranges: [[161, 187], [401, 467], [533, 710], [54, 58], [76, 83]] },
  { band: 8, level: 'HIGH', color: '#FF0000', ranges: [[188, 213], [468, 534], [711, 887], [59, 64], [84, 91]] },
  { band: 9, level: 'HIGH', color: '#990000', ranges: [[214, 240], [535, 600], [888, 1064], [65, 70], [92, 100]] },
  { band: 10, level: 'VERY_HIGH', color: '#CE30FF', ranges: [[241, OPEN], [601, OPEN], [1065, OPEN], [71, OPEN], [101, OPEN]] },
];

/** The printed range of one pollutant in one band. */
export function ukDaqiReferenceRange(band: number, pollutant: string): IntegerRange {
  const column = UK_DAQI_REFERENCE_POLLUTANTS.indexOf(pollutant as never);
  return UK_DAQI_REFERENCE_ROWS[band - 1]!.ranges[column]!;
}

/**
 * The band of `c`: round to the nearest integer (`Math.round`, half up; it agrees with the
 * reference's ε rule on every value more than 1e-9 away from a half), then the one printed range
 * that holds it.
 */
export function naiveUkDaqiBand(pollutant: string, c: number): number {
  const rounded = Math.round(c);
  const holding = UK_DAQI_REFERENCE_ROWS.filter((r) => {
    const [low, high] = ukDaqiReferenceRange(r.band, pollutant);
    return low <= rounded && rounded <= high;
  });
  if (holding.length !== 1) throw new Error(`naiveUkDaqiBand: ${holding.length} bands hold ${c}`);
  return holding[0]!.band;
}

/** The DAQI of a set of concentrations, straight from §1 and §5; `null` for no data. */
export function naiveUkDaqi(
  concentrations: Readonly<Record<string, unknown>>,
): NaiveIndexResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of UK_DAQI_REFERENCE_POLLUTANTS) {
    const c = readInput(concentrations[pollutant]);
    if (c !== undefined) subIndexes[pollutant] = naiveUkDaqiBand(pollutant, c);
  }
  if (Object.keys(subIndexes).length === 0) return null;
  const value = Math.max(...Object.values(subIndexes));
  const bandRow = UK_DAQI_REFERENCE_ROWS[value - 1]!;
  return {
    value,
    level: bandRow.level,
    color: bandRow.color,
    dominantPollutant: oracleDominant(subIndexes),
    subIndexes,
  };
}
