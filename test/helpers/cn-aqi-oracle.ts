/**
 * CN_AQI as world-indexes.md §7 writes it, transcribed by hand and computed the naive way
 * (find the two nodes around the concentration, interpolate, round up). Nothing here imports
 * src.
 */
import type { OracleLevel, OracleResult } from './in-naqi-oracle.js';
import { EPS, oracleDominant, oracleInput } from './national-oracle-common.js';

/** The two editions, the default first. */
export const CN_EDITIONS = ['2026', '2012'] as const;

/** One of {@link CN_EDITIONS}. */
export type CnOracleEdition = (typeof CN_EDITIONS)[number];

/** §7: the IAQI of every node. */
export const CN_IAQI_NODES = [0, 50, 100, 150, 200, 300, 400, 500];

// §7: the gas nodes, the same in both editions.
const CN_GAS_NODES: Readonly<Record<string, readonly number[]>> = {
  SO2: [0, 150, 500, 650, 800],
  NO2: [0, 100, 200, 700, 1200, 2340, 3090, 3840],
  CO: [0, 5, 10, 35, 60, 90, 120, 150],
  O3: [0, 160, 200, 300, 400, 800, 1000, 1200],
};

/** §7: the concentration nodes per edition, as printed (CO in mg/m³, the rest µg/m³). */
export const CN_NODES: Readonly<
  Record<CnOracleEdition, Readonly<Record<string, readonly number[]>>>
> = {
  '2026': {
    PM25: [0, 35, 60, 115, 150, 250, 350, 500],
    PM10: [0, 50, 120, 250, 350, 420, 500, 600],
    ...CN_GAS_NODES,
  },
  '2012': {
    PM25: [0, 35, 75, 115, 150, 250, 350, 500],
    PM10: [0, 50, 150, 250, 350, 420, 500, 600],
    ...CN_GAS_NODES,
  },
};

/** §7: the 24-h SO2 nodes that edition 2012 reads for `SO2_24H`. */
export const CN_SO2_24H_NODES = [0, 50, 150, 475, 800, 1600, 2100, 2620];

/** The six pollutants of CN_AQI. */
export const CN_POLLUTANTS = ['PM25', 'PM10', 'SO2', 'NO2', 'CO', 'O3'];

/** §7: the levels and their colours. */
export const CN_LEVELS: readonly OracleLevel[] = [
  { level: 'EXCELLENT', minValue: 0, maxValue: 50, color: '#00E400' },
  { level: 'GOOD', minValue: 51, maxValue: 100, color: '#FFFF00' },
  { level: 'LIGHTLY_POLLUTED', minValue: 101, maxValue: 150, color: '#FF7E00' },
  { level: 'MODERATELY_POLLUTED', minValue: 151, maxValue: 200, color: '#FF0000' },
  { level: 'HEAVILY_POLLUTED', minValue: 201, maxValue: 300, color: '#99004C' },
  { level: 'SEVERELY_POLLUTED', minValue: 301, maxValue: null, color: '#7E0023' },
];

/** The unrounded IAQI: between the two nodes around `c`, or on the last segment above. */
export function cnRawIaqi(nodes: readonly number[], c: number): number {
  let k = 1;
  while (k < nodes.length - 1 && c > nodes[k]!) k++;
  const [cLo, cHi] = [nodes[k - 1]!, nodes[k]!];
  const [iLo, iHi] = [CN_IAQI_NODES[k - 1]!, CN_IAQI_NODES[k]!];
  return iLo + ((iHi - iLo) * (c - cLo)) / (cHi - cLo);
}

/** §1: round up, float-safe: ceil(x − ε), never −0. */
export function cnCeil(x: number): number {
  const up = Math.ceil(x - EPS);
  return up === 0 ? 0 : up;
}

/** §7: one pollutant's IAQI (µg/m³ in; CO turned into mg/m³ here), SO2's rule included. */
export function cnOracleIaqi(
  edition: CnOracleEdition,
  pollutant: string,
  ugm3: number,
  so2Daily: number | undefined,
): number {
  if (pollutant === 'SO2' && ugm3 > 800) {
    if (edition === '2012' && so2Daily !== undefined) {
      return cnCeil(cnRawIaqi(CN_SO2_24H_NODES, so2Daily));
    }
    return 200;
  }
  const c = pollutant === 'CO' ? ugm3 / 1000 : ugm3;
  return cnCeil(cnRawIaqi(CN_NODES[edition][pollutant]!, c));
}

/** §7: the whole AQI, or `null` when none of the six pollutants is present. */
export function cnOracle(
  concentrations: Readonly<Record<string, unknown>>,
  edition: CnOracleEdition = '2026',
): OracleResult | null {
  const so2Daily = oracleInput(concentrations, 'SO2_24H');
  const subIndexes: Record<string, number> = {};
  for (const pollutant of CN_POLLUTANTS) {
    const x = oracleInput(concentrations, pollutant);
    if (x !== undefined) subIndexes[pollutant] = cnOracleIaqi(edition, pollutant, x, so2Daily);
  }
  if (Object.keys(subIndexes).length === 0) return null;
  const value = Math.max(...Object.values(subIndexes));
  const dominantPollutant = value > 50 ? oracleDominant(subIndexes) : null;
  return { value, subIndexes, dominantPollutant };
}
