/**
 * KOR_CAI, SGP_PSI and HKG_AQHI as more-indexes.md §1 and §5–7 write them, transcribed by hand
 * from the reference's tables and computed the naive way: search the printed row or node pair
 * that holds the value, apply the formula, round as §1 says. Nothing here imports src.
 */
import type { OracleLevel, OracleResult } from './in-naqi-oracle.js';
import { EPS, oracleDominant, oracleInput } from './national-oracle-common.js';

/** §1: molar masses in g/mol. */
// biome-ignore format: one line, as §1 lists them
const MOLAR_MASS: Readonly<Record<string, number>> = { NO2: 46.0055, O3: 47.9982, SO2: 64.066, CO: 28.01 };

/** §1: µg/m³ → ppb at 25 °C. */
export function oraclePpb(gas: string, ugm3: number): number {
  return (ugm3 * 24.45) / MOLAR_MASS[gas]!;
}

/** §1: ppb → µg/m³, the inverse, for placing inputs on a ppm breakpoint. */
export function oracleUgm3FromPpb(gas: string, ppb: number): number {
  return (ppb * MOLAR_MASS[gas]!) / 24.45;
}

/** §1: round half up to an integer. */
export function halfUp(x: number): number {
  return Math.floor(x + 0.5 + EPS);
}

// ---- §5 KOR_CAI ----
/** §5: the index range of each grade, 좋음 … 매우나쁨. */
// biome-ignore format: one line, as the table prints them
export const CAI_GRADES: readonly (readonly [number, number])[] = [[0, 50], [51, 100], [101, 250], [251, 500]];

/** §5: the rows as printed: gases in ppm, PM in µg/m³. */
// biome-ignore format: the table as printed
export const CAI_ROWS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  SO2: [[0, 0.02], [0.021, 0.05], [0.051, 0.15], [0.151, 1.0]],
  NO2: [[0, 0.03], [0.031, 0.06], [0.061, 0.2], [0.201, 2.0]],
  CO: [[0, 2.0], [2.01, 9.0], [9.01, 15.0], [15.01, 50.0]],
  O3: [[0, 0.03], [0.031, 0.09], [0.091, 0.15], [0.151, 0.6]],
  PM10: [[0, 30], [31, 80], [81, 150], [151, 600]],
  PM25: [[0, 15], [16, 35], [36, 75], [76, 500]],
};

/** §5 step 1: decimals kept after conversion (PM µg/m³ integers; ppm 0.001, CO 0.01). */
// biome-ignore format: one line, as §5 step 1 lists them
export const CAI_DECIMALS: Readonly<Record<string, number>> = { SO2: 3, NO2: 3, CO: 2, O3: 3, PM10: 0, PM25: 0 };

/** The six CAI pollutants. */
export const CAI_POLLUTANTS: readonly string[] = ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO'];

/** §5: the levels and their colours. */
export const CAI_LEVELS: readonly OracleLevel[] = [
  { level: 'GOOD', minValue: 0, maxValue: 50, color: '#0000FF' },
  { level: 'MODERATE', minValue: 51, maxValue: 100, color: '#00FF00' },
  { level: 'UNHEALTHY', minValue: 101, maxValue: 250, color: '#FFFF00' },
  { level: 'VERY_UNHEALTHY', minValue: 251, maxValue: null, color: '#FF0000' },
];

/** §5 step 1: the concentration in the table's unit, truncated to its resolution. */
export function caiTableConcentration(pollutant: string, ugm3: number): number {
  const scale = 10 ** CAI_DECIMALS[pollutant]!;
  const c = pollutant.startsWith('PM') ? ugm3 : oraclePpb(pollutant, ugm3) / 1000;
  return Math.floor(c * scale + EPS) / scale;
}

/** §5 step 2: one pollutant's sub-index. */
export function caiOracleSubIndex(pollutant: string, ugm3: number): number {
  const rows = CAI_ROWS[pollutant]!;
  const c = caiTableConcentration(pollutant, ugm3);
  let k = rows.findIndex(([lo, hi]) => lo <= c && c <= hi);
  if (k < 0) {
    if (c <= rows[3]![1]) throw new Error(`no CAI row holds ${pollutant} ${c}`);
    k = 3; // above the top row its slope continues
  }
  const [lo, hi] = rows[k]!;
  const [iLo, iHi] = CAI_GRADES[k]!;
  return halfUp(((iHi - iLo) / (hi - lo)) * (c - lo) + iLo);
}

/** §5 step 3: the bonus for the number of sub-indexes of 101 or more. */
export function caiBonus(subIndexes: Readonly<Record<string, number>>): number {
  const bad = Object.values(subIndexes).filter((i) => i >= 101).length;
  if (bad === 2) return 50;
  return bad >= 3 ? 75 : 0;
}

/** §5: the whole index, or `null` without all of PM10, PM25, NO2 and O3 (step 4). */
export function caiOracle(concentrations: Readonly<Record<string, unknown>>): OracleResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of CAI_POLLUTANTS) {
    const x = oracleInput(concentrations, pollutant);
    if (x !== undefined) subIndexes[pollutant] = caiOracleSubIndex(pollutant, x);
  }
  if (!['PM10', 'PM25', 'NO2', 'O3'].every((p) => p in subIndexes)) return null;
  const value = Math.max(...Object.values(subIndexes)) + caiBonus(subIndexes);
  return { value, subIndexes, dominantPollutant: oracleDominant(subIndexes) };
}

// ---- §6 SGP_PSI ----
/** §6: the PSI nodes. */
export const PSI_NODES: readonly number[] = [0, 50, 100, 200, 300, 400, 500];

/**
 * §6: the concentration at each node, µg/m³ (CO mg/m³), `null` where the table has "–".
 * O3 is the 8-h column, O3_1H the 1-h one.
 */
// biome-ignore format: the table as printed, one column per line
export const PSI_COLUMNS: Readonly<Record<string, readonly (number | null)[]>> = {
  PM25: [0, 12, 55, 150, 250, 350, 500],
  PM10: [0, 50, 150, 350, 420, 500, 600],
  SO2: [0, 80, 365, 800, 1600, 2100, 2620],
  CO: [0, 5.0, 10.0, 17.0, 34.0, 46.0, 57.5],
  O3: [0, 118, 157, 235, 785, null, null],
  O3_1H: [null, null, null, null, 785, 980, 1180],
  NO2: [null, null, null, 1130, 2260, 3000, 3750],
};

/** §6: the levels and their colours. */
export const PSI_LEVELS: readonly OracleLevel[] = [
  { level: 'GOOD', minValue: 0, maxValue: 50, color: '#79C466' },
  { level: 'MODERATE', minValue: 51, maxValue: 100, color: '#63BAE8' },
  { level: 'UNHEALTHY', minValue: 101, maxValue: 200, color: '#FED630' },
  { level: 'VERY_UNHEALTHY', minValue: 201, maxValue: 300, color: '#F4A331' },
  { level: 'HAZARDOUS', minValue: 301, maxValue: null, color: '#EC1A31' },
];

/** The nodes of one column that exist, as [concentration, PSI] pairs. */
export function psiNodes(column: string): readonly (readonly [number, number])[] {
  const pairs: [number, number][] = [];
  PSI_COLUMNS[column]!.forEach((c, i) => {
    if (c !== null) pairs.push([c, PSI_NODES[i]!]);
  });
  return pairs;
}

/** §6: the unrounded sub-index of `c` (the column's own unit) on `column`. */
export function psiRaw(column: string, c: number): number {
  const nodes = psiNodes(column);
  let k = nodes.findIndex(([cLo], i) => i + 1 < nodes.length && cLo <= c && c <= nodes[i + 1]![0]);
  if (k < 0) k = c > nodes.at(-1)![0] ? nodes.length - 2 : 0; // above: the last segment goes on
  const [cLo, iLo] = nodes[k]!;
  const [cHi, iHi] = nodes[k + 1]!;
  return iLo + ((iHi - iLo) * (c - cLo)) / (cHi - cLo);
}

/** §6: the whole index (value, sub-indexes, dominant), or `null` without a sub-index. */
export function psiOracle(concentrations: Readonly<Record<string, unknown>>): OracleResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of ['PM25', 'PM10', 'SO2']) {
    const x = oracleInput(concentrations, pollutant);
    if (x !== undefined) subIndexes[pollutant] = halfUp(psiRaw(pollutant, x));
  }
  const co = oracleInput(concentrations, 'CO');
  if (co !== undefined) subIndexes.CO = halfUp(psiRaw('CO', co / 1000));
  const o3 = oracleInput(concentrations, 'O3');
  const o31h = oracleInput(concentrations, 'O3_1H');
  const oneHourCounts = o31h !== undefined && o31h >= 785 - EPS;
  if (o3 !== undefined && o3 <= 785 + EPS) subIndexes.O3 = halfUp(psiRaw('O3', o3));
  else if (oneHourCounts) subIndexes.O3 = halfUp(Math.max(300, psiRaw('O3_1H', o31h)));
  else if (o3 !== undefined) subIndexes.O3 = halfUp(psiRaw('O3', o3));
  const no2 = oracleInput(concentrations, 'NO2');
  if (no2 !== undefined && no2 >= 1130 - EPS)
    subIndexes.NO2 = halfUp(Math.max(200, psiRaw('NO2', no2)));
  const values = Object.values(subIndexes);
  if (values.length === 0) return null;
  return {
    value: Math.max(...values),
    subIndexes,
    dominantPollutant: oracleDominant(subIndexes),
  };
}

// ---- §7 HKG_AQHI ----
/** §7: β per µg/m³. */
// biome-ignore format: one line, as §7 lists them
export const AQHI_BETA: Readonly<Record<string, number>> = { NO2: 0.0004462559, SO2: 0.0001393235, O3: 0.0005116328, PM10: 0.0002821751, PM25: 0.0002180567 };

/** §7: the %AR bands 1 … 10 as printed; 11 is "≥ 19.38". */
// biome-ignore format: the bands as printed
export const AQHI_BANDS: readonly (readonly [number, number])[] = [
  [0, 1.88], [1.89, 3.76], [3.77, 5.64], [5.65, 7.52], [7.53, 9.41],
  [9.42, 11.29], [11.3, 12.91], [12.92, 15.07], [15.08, 17.22], [17.23, 19.37],
];

/** §7: the levels by value with their colours. */
export const HK_AQHI_LEVELS: readonly OracleLevel[] = [
  { level: 'LOW', minValue: 1, maxValue: 3, color: '#00E400' },
  { level: 'MODERATE', minValue: 4, maxValue: 6, color: '#FF9F00' },
  { level: 'HIGH', minValue: 7, maxValue: 7, color: '#F70000' },
  { level: 'VERY_HIGH', minValue: 8, maxValue: 10, color: '#7F3710' },
  { level: 'SERIOUS', minValue: 11, maxValue: null, color: '#000000' },
];

/** §7: one pollutant's %AR term. */
export function aqhiTerm(pollutant: string, ugm3: number): number {
  return (Math.exp(AQHI_BETA[pollutant]! * ugm3) - 1) * 100;
}

/** §1: %AR rounded half up to 0.01. */
export function roundedRisk(risk: number): number {
  return Math.floor(100 * risk + 0.5 + EPS) / 100;
}

/** §7: the band of a total %AR. */
export function aqhiBand(risk: number): number {
  const r = roundedRisk(risk);
  const k = AQHI_BANDS.findIndex(([lo, hi]) => lo - EPS <= r && r <= hi + EPS);
  if (k >= 0) return k + 1;
  if (r >= 19.38 - EPS) return 11;
  throw new Error(`no AQHI band holds ${r}`);
}

/** The oracle's answer for HKG_AQHI: the terms and the total besides the result. */
export interface AqhiOracleResult extends OracleResult {
  readonly terms: Readonly<Record<string, number>>;
  readonly risk: number;
}

/** §7: the whole index, or `null` without NO2, O3 and one of PM25/PM10. */
export function hkAqhiOracle(
  concentrations: Readonly<Record<string, unknown>>,
): AqhiOracleResult | null {
  const terms: Record<string, number> = {};
  for (const pollutant of Object.keys(AQHI_BETA)) {
    const x = oracleInput(concentrations, pollutant);
    if (x !== undefined) terms[pollutant] = aqhiTerm(pollutant, x);
  }
  const { NO2, SO2, O3, PM10, PM25 } = terms;
  if (NO2 === undefined || O3 === undefined || (PM10 === undefined && PM25 === undefined)) {
    return null;
  }
  const risk = NO2 + (SO2 ?? 0) + O3 + Math.max(PM10 ?? 0, PM25 ?? 0);
  const subIndexes: Record<string, number> = {};
  for (const [pollutant, term] of Object.entries(terms)) {
    // Shown to 3 decimals, as §7's table prints the terms; airq keeps them finite, so a term
    // beyond the largest double (absurd input) shows as that double, unrounded.
    const finite = Math.min(term, Number.MAX_VALUE);
    subIndexes[pollutant] =
      finite >= Number.MAX_VALUE / 1000 ? finite : Math.floor(finite * 1000 + 0.5 + EPS) / 1000;
  }
  return {
    value: aqhiBand(risk),
    subIndexes,
    dominantPollutant: oracleDominant(terms),
    terms,
    risk,
  };
}
