// Inputs for the CN_AQI tests: computeIndex for CN_AQI by edition, every node of the printed
// tables in µg/m³, and concentrations drawn on, around and between those nodes. The nodes come
// from the oracle's transcription (cn-aqi-oracle.ts), never from src's tables.
import fc from 'fast-check';
import { computeIndex } from '../../src/indexes/compute-index.js';
import {
  CN_EDITIONS,
  CN_NODES,
  CN_POLLUTANTS,
  CN_SO2_24H_NODES,
  type CnOracleEdition,
} from './cn-aqi-oracle.js';

/** Concentrations by key, µg/m³; an omitted key is absent. */
export type Input = Partial<Record<string, number>>;

/** CN_AQI of `concentrations` in `edition` (2026 by default), through computeIndex. */
export const cn = (concentrations: Input, edition: CnOracleEdition = '2026') =>
  computeIndex(concentrations, { indexType: 'CN_AQI', edition });

// µg/m³ per unit of the printed table: CO is printed in mg/m³.
const ugm3PerUnit = (key: string) => (key === 'CO' ? 1000 : 1);

// Every node of a key in µg/m³, over both editions.
export const nodes = (key: string) =>
  key === 'SO2_24H'
    ? CN_SO2_24H_NODES
    : [...new Set(CN_EDITIONS.flatMap((e) => CN_NODES[e][key]!))].map((n) => n * ugm3PerUnit(key));

export const OFFSETS = [0, -0.01, 0.01];
export const EDITION_ARB = fc.constantFrom(...CN_EDITIONS);

// Reported concentrations up to past the last node, the nodes and their neighbours, negatives
// and absurdly high values.
const concentrationArb = (key: string): fc.Arbitrary<number> => {
  const top = Math.max(...nodes(key), key === 'SO2' ? 2620 : 0);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: top * 1300 }).map((t) => t / 1000) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...nodes(key)), fc.constantFrom(...OFFSETS))
        .map(([n, d]) => Math.max(Math.round((n + d) * 100) / 100, 0)),
    },
    { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
  );
};

export const KEYS = [...CN_POLLUTANTS, 'SO2_24H'];
export const inputArb: fc.Arbitrary<Input> = fc.record(
  Object.fromEntries(KEYS.map((k) => [k, concentrationArb(k)])),
  { requiredKeys: [] },
);
