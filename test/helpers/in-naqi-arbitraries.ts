// Inputs for the IN_NAQI tests: computeIndex for IN_NAQI, every printed class limit in µg/m³
// with the offsets around it, and concentrations drawn on, around and between those limits. The
// limits come from the oracle's transcription (in-naqi-oracle.ts), never from src's tables.
import fc from 'fast-check';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { NAQI_CLASSES, NAQI_POLLUTANTS } from './in-naqi-oracle.js';

/** Concentrations by key, µg/m³; an omitted key is absent. */
export type Input = Partial<Record<string, number>>;

/** IN_NAQI of `concentrations`, through computeIndex. */
export const naqi = (concentrations: Input) =>
  computeIndex(concentrations, { indexType: 'IN_NAQI' });

// µg/m³ per unit of the printed table: CO is printed in mg/m³.
const UGM3_PER_UNIT = (pollutant: string) => (pollutant === 'CO' ? 1000 : 1);

// Every printed class limit, in µg/m³.
export const bounds = (pollutant: string) =>
  NAQI_CLASSES[pollutant]!.flat().map((b) => Math.round(b * UGM3_PER_UNIT(pollutant)));

// Around a limit: on it, ±0.01, and the rounding edges (half a table step away).
export const offsets = (pollutant: string) =>
  pollutant === 'CO'
    ? [0, -0.01, 0.01, -10, 10, -50, -49.99, 50]
    : [0, -0.01, 0.01, -0.5, 0.49, 0.5];

// A concentration: reported values over the table and beyond, the limits and their
// neighbours, negatives, and absurdly high values.
const concentrationArb = (pollutant: string): fc.Arbitrary<number> => {
  const top = NAQI_CLASSES[pollutant]!.at(-1)![1] * UGM3_PER_UNIT(pollutant);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: top * 1300 }).map((t) => t / 1000) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...bounds(pollutant)), fc.constantFrom(...offsets(pollutant)))
        .map(([b, d]) => Math.round((b + d) * 100) / 100),
    },
    { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
  );
};

export const inputArb: fc.Arbitrary<Input> = fc.record(
  Object.fromEntries(NAQI_POLLUTANTS.map((p) => [p, concentrationArb(p)])),
  { requiredKeys: [] },
);
