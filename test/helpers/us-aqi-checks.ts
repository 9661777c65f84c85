// US_AQI through computeIndex, and the check of a worked case of world-indexes.md §3: the
// expected value, level, colour and dominant pollutant, and the oracle of us-aqi-oracle.ts.
// Table values are given in ppb or ppm and converted by the oracle's tables, never src's.
import { expect } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { US_LEVELS, usAqiOracle } from './us-aqi-oracle.js';
import { type UsEdition, type UsInput, usUgm3FromSteps } from './us-aqi-tables.js';

/** Concentrations by key, µg/m³. */
export type Inputs = Record<string, number>;

/** US_AQI of `concentrations`, with computeIndex's defaults for what is not given. */
export function usAqi(concentrations: Inputs, edition?: UsEdition, language?: 'en' | 'pl') {
  return computeIndex(concentrations, {
    indexType: 'US_AQI',
    ...(edition === undefined ? {} : { edition }),
    ...(language === undefined ? {} : { language }),
  });
}

// µg/m³ of a table value: ppb for SO2 and NO2, ppm for O3 and CO (usUgm3FromSteps in steps).
export const ppb = (input: UsInput, value: number) => usUgm3FromSteps(input, value);
export const ppm = (input: UsInput, value: number) =>
  usUgm3FromSteps(input, Math.round(value * (input === 'CO' ? 10 : 1000)));

/** `concentrations` in `edition` is `value` at `level`, dominated by `dominant`, as the oracle says. */
export function expectUsAqi(
  concentrations: Inputs,
  edition: UsEdition,
  value: number | null,
  level: string,
  dominant: string | null,
): void {
  const index = usAqi(concentrations, edition);
  const color = US_LEVELS.find((l) => l.level === level)?.color ?? '#999999';
  expect(index).toMatchObject({ name: 'US_AQI', value, level, color, dominantPollutant: dominant });
  expect(index).toMatchObject(usAqiOracle(concentrations, edition));
}

/** The 2024 US AQI of `concentrations` is `value` dominated by `pollutant`, or no data (`null`). */
export function expectUsAqiOf(
  pollutant: string,
  concentrations: Inputs,
  value: number | null,
): void {
  const dominant = value === null ? null : pollutant;
  expectUsAqi(
    concentrations,
    '2024',
    value,
    value === null ? 'UNKNOWN' : usLevelName(value),
    dominant,
  );
}

/** The §3.3 level name of an integer AQI. */
export function usLevelName(aqi: number): string {
  return US_LEVELS.find((l) => l.min <= aqi && aqi <= l.max)!.level;
}
