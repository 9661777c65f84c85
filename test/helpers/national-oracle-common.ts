/**
 * The §1 conventions of world-indexes.md that every national index oracle shares (US_AQI,
 * EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI): the ε of the float-safe steps, how a
 * concentration is read, the tie order of the dominant pollutant and the no-data result.
 * Nothing here imports src.
 */
import { expect } from 'vitest';
import { REFERENCE_DOMINANCE_ORDER } from './index-reference-tables.js';

/** §1: ε of every float-safe step. */
export const EPS = 1e-9;

/** §1 input rule: a finite number counts (a negative one as 0); anything else is absent. */
export function readInput(x: unknown): number | undefined {
  if (typeof x !== 'number' || Number.isNaN(x) || !Number.isFinite(x)) return undefined;
  return Math.max(x, 0);
}

/** {@link readInput} of `concentrations[key]`. */
export function oracleInput(
  concentrations: Readonly<Record<string, unknown>>,
  key: string,
): number | undefined {
  return readInput(concentrations[key]);
}

/** §1: the tie order of the dominant pollutant. */
export const TIE_ORDER: readonly string[] = REFERENCE_DOMINANCE_ORDER;

/** §1: the pollutant with the highest value; among equals, the first in {@link TIE_ORDER}. */
export function oracleDominant(values: Readonly<Record<string, number>>): string | null {
  const top = Math.max(...Object.values(values));
  return TIE_ORDER.find((pollutant) => values[pollutant] === top) ?? null;
}

/** §1: the value, level, colour, dominant pollutant and sub-indexes of no data. */
export const NO_DATA_FIELDS = Object.freeze({
  value: null,
  level: 'UNKNOWN',
  color: '#999999',
  dominantPollutant: null,
  subIndexes: Object.freeze({}),
});

/** Asserts the no-data result of `computeIndex` for the index `name`, in English (§1). */
export function expectNoData(actual: unknown, name: string): void {
  expect(actual).toEqual({
    name,
    value: null,
    level: 'UNKNOWN',
    description: 'There is no air quality data for this place or time.',
    advice: null,
    color: '#999999',
    dominantPollutant: null,
    subIndexes: {},
  });
}
