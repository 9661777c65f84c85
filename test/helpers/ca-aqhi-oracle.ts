/**
 * CA_AQHI as world-indexes.md §8 writes it: Stieb's formula read straight from the text, the
 * unit conversion of §1 and the 11-step colour scale, transcribed by hand. Nothing here
 * imports src.
 */
import type { OracleLevel } from './in-naqi-oracle.js';
import { EPS, oracleDominant, oracleInput } from './national-oracle-common.js';

/** §1: molar masses (g/mol) of the two gases the formula takes in ppb. */
export const AQHI_MOLAR_MASS = { O3: 47.9982, NO2: 46.0055 } as const;

/** §1: µg/m³ → ppb at 25 °C. */
export function oraclePpb(gas: keyof typeof AQHI_MOLAR_MASS, ugm3: number): number {
  return (ugm3 * 24.45) / AQHI_MOLAR_MASS[gas];
}

/** The inverse, ppb → µg/m³, for the round trips. */
export function oracleUgm3(gas: keyof typeof AQHI_MOLAR_MASS, ppb: number): number {
  return (ppb * AQHI_MOLAR_MASS[gas]) / 24.45;
}

/** §8: level by value (1…10 one entry each, then ≥ 11) with its colour. */
export const AQHI_LEVELS: readonly OracleLevel[] = [
  { level: 'LOW', minValue: 1, maxValue: 1, color: '#00CCFF' },
  { level: 'LOW', minValue: 2, maxValue: 2, color: '#0099CC' },
  { level: 'LOW', minValue: 3, maxValue: 3, color: '#006699' },
  { level: 'MODERATE', minValue: 4, maxValue: 4, color: '#FFFF00' },
  { level: 'MODERATE', minValue: 5, maxValue: 5, color: '#FFCC00' },
  { level: 'MODERATE', minValue: 6, maxValue: 6, color: '#FF9933' },
  { level: 'HIGH', minValue: 7, maxValue: 7, color: '#FF6666' },
  { level: 'HIGH', minValue: 8, maxValue: 8, color: '#FF0000' },
  { level: 'HIGH', minValue: 9, maxValue: 9, color: '#CC0000' },
  { level: 'HIGH', minValue: 10, maxValue: 10, color: '#990000' },
  { level: 'VERY_HIGH', minValue: 11, maxValue: null, color: '#660000' },
];

/** The oracle's answer: the raw formula value besides the rounded one. */
export interface AqhiOracleResult {
  readonly raw: number;
  readonly value: number;
  /** Each pollutant's term × 10/10.4 × 100, unrounded. */
  readonly terms: Readonly<Record<string, number>>;
  readonly dominantPollutant: string;
}

/** §8 with O3 and NO2 already in ppb and PM25 in µg/m³. */
export function aqhiFromPpb(o3Ppb: number, no2Ppb: number, pm25: number): AqhiOracleResult {
  const o3Term = Math.exp(0.000537 * o3Ppb) - 1;
  const no2Term = Math.exp(0.000871 * no2Ppb) - 1;
  const pm25Term = Math.exp(0.000487 * pm25) - 1;
  const raw = (10 / 10.4) * 100 * (o3Term + no2Term + pm25Term);
  // At least 1 (§8); airq keeps the value finite, so a raw beyond the largest double (the
  // exponentials overflow only on absurd input) shows as that double.
  const value = Math.min(Math.max(1, Math.floor(raw + 0.5 + EPS)), Number.MAX_VALUE);
  const terms = {
    O3: (10 / 10.4) * 100 * o3Term,
    NO2: (10 / 10.4) * 100 * no2Term,
    PM25: (10 / 10.4) * 100 * pm25Term,
  };
  // §8: the largest exponential term (the scaled terms are only what airq shows).
  const dominantPollutant = oracleDominant({ O3: o3Term, NO2: no2Term, PM25: pm25Term })!;
  return { raw, value, terms, dominantPollutant };
}

/** §8 on µg/m³ inputs, or `null` unless O3, NO2 and PM25 are all present. */
export function aqhiOracle(
  concentrations: Readonly<Record<string, unknown>>,
): AqhiOracleResult | null {
  const o3 = oracleInput(concentrations, 'O3');
  const no2 = oracleInput(concentrations, 'NO2');
  const pm25 = oracleInput(concentrations, 'PM25');
  if (o3 === undefined || no2 === undefined || pm25 === undefined) return null;
  return aqhiFromPpb(oraclePpb('O3', o3), oraclePpb('NO2', no2), pm25);
}

/** The sub-index airq shows for a term: half up to 2 decimals (as the CA_AQHI JSDoc says). */
export function aqhiShownTerm(term: number): number {
  return Math.floor(term * 100 + 0.5 + EPS) / 100;
}
