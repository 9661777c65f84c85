// Inputs for the THA_AQI tests: computeIndex with THA_AQI_INDEX, a printed value as the µg/m³
// that reads as it, and concentrations drawn on, beside and between the printed values. The
// values come from the oracle's transcription (tha-aqi-oracle.ts), never from src's tables.
import fc from 'fast-check';
import { computeIndex } from '../../src/indexes/compute-index.js';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import { THA_AQI_INDEX } from '../../src/indexes/tha-aqi.js';
import { absentValueArb, concentrationArb } from './index-arbitraries.js';
import { naiveUgm3 } from './more-indexes-oracle-a.js';
import { THA_AQI_REFERENCE_COLUMNS } from './tha-aqi-oracle.js';

/** The six pollutants of §9, in the table's column order. */
export const THA_POLLUTANTS: readonly string[] = Object.keys(THA_AQI_REFERENCE_COLUMNS);

/** THA_AQI of `concentrations` (µg/m³ by key), through computeIndex. */
export function thaAqi(concentrations: Readonly<Record<string, unknown>>, language?: 'en' | 'pl') {
  return computeIndex(concentrations as Concentrations, { indexType: THA_AQI_INDEX, language });
}

/** A value in the column's unit (µg/m³, ppb, ppm) as the µg/m³ input that reads as it. */
export function thaInputFor(pollutant: string, x: number): number {
  const { unit } = THA_AQI_REFERENCE_COLUMNS[pollutant]!;
  if (unit === 'ugm3') return x;
  return naiveUgm3(pollutant, unit === 'ppm' ? x * 1000 : x);
}

/** Every printed concentration of a column: row ends and the open row's first value. */
export function thaPrinted(pollutant: string): number[] {
  const { rows, openFrom } = THA_AQI_REFERENCE_COLUMNS[pollutant]!;
  return [...rows.flat(), openFrom];
}

// Per pollutant: anywhere, on a printed value (so sub-indexes tie), a hair beside one, up to
// twice the open row's start, or absent.
function valueArb(pollutant: string): fc.Arbitrary<number> {
  const printed = thaPrinted(pollutant);
  const top = thaInputFor(pollutant, THA_AQI_REFERENCE_COLUMNS[pollutant]!.openFrom);
  return fc.oneof(
    { weight: 2, arbitrary: concentrationArb },
    { weight: 3, arbitrary: fc.double({ min: 0, max: 2 * top, noNaN: true }) },
    { weight: 2, arbitrary: fc.constantFrom(...printed.map((x) => thaInputFor(pollutant, x))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...printed), fc.constantFrom(-1e-6, -1e-11, 1e-6))
        .map(([x, hair]) => thaInputFor(pollutant, Math.max(x + hair, 0))),
    },
    { weight: 1, arbitrary: absentValueArb },
  );
}

/** Concentrations of any of the six pollutants, each drawn by {@link valueArb}. */
export const thaConcentrationsArb: fc.Arbitrary<Partial<Record<string, number>>> = fc.record(
  Object.fromEntries(THA_POLLUTANTS.map((p) => [p, valueArb(p)])),
  { requiredKeys: [] },
);
