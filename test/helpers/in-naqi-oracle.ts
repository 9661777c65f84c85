/**
 * IN_NAQI as world-indexes.md §6 writes it, transcribed by hand and computed the naive way
 * (find the class that holds the rounded concentration, apply CPCB's formula). Nothing here
 * imports src. The small helpers at the end (the level of a value, the check of a level list)
 * serve the CN_AQI and CA_AQHI tests too; the §1 conventions are in `national-oracle-common.ts`.
 */
import { expect } from 'vitest';
import { EPS, oracleDominant, oracleInput } from './national-oracle-common.js';

/** A level as the reference's level tables print it: an integer range and a colour. */
export interface OracleLevel {
  readonly level: string;
  readonly minValue: number;
  /** `null` for the open top (`≥ 401`). */
  readonly maxValue: number | null;
  readonly color: string;
}

/** The result the reference asks for, or `null` for no data. */
export interface OracleResult {
  readonly value: number;
  readonly subIndexes: Readonly<Record<string, number>>;
  readonly dominantPollutant: string | null;
}

/** §6: the index range of each class, Good to Severe. */
export const NAQI_INDEX_RANGES: readonly (readonly [number, number])[] = [
  [0, 50],
  [51, 100],
  [101, 200],
  [201, 300],
  [301, 400],
  [401, 500],
];

/**
 * §6: the class limits as printed (CO in mg/m³, the rest in µg/m³), Good to Severe, with the
 * *decided* Severe row (one step above Very poor, up to twice its limit).
 */
// biome-ignore format: the table as printed
export const NAQI_CLASSES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  PM10: [[0, 50], [51, 100], [101, 250], [251, 350], [351, 430], [431, 860]],
  PM25: [[0, 30], [31, 60], [61, 90], [91, 120], [121, 250], [251, 500]],
  NO2: [[0, 40], [41, 80], [81, 180], [181, 280], [281, 400], [401, 800]],
  O3: [[0, 50], [51, 100], [101, 168], [169, 208], [209, 748], [749, 1496]],
  CO: [[0, 1.0], [1.1, 2.0], [2.1, 10.0], [10.1, 17.0], [17.1, 34.0], [34.1, 68.0]],
  SO2: [[0, 40], [41, 80], [81, 380], [381, 800], [801, 1600], [1601, 3200]],
};

/** The six NAQI pollutants. */
export const NAQI_POLLUTANTS = Object.keys(NAQI_CLASSES);

/** §6: the levels and their colours. */
export const NAQI_LEVELS: readonly OracleLevel[] = [
  { level: 'GOOD', minValue: 0, maxValue: 50, color: '#00B050' },
  { level: 'SATISFACTORY', minValue: 51, maxValue: 100, color: '#92D050' },
  { level: 'MODERATE', minValue: 101, maxValue: 200, color: '#FFFF00' },
  { level: 'POOR', minValue: 201, maxValue: 300, color: '#FF9900' },
  { level: 'VERY_POOR', minValue: 301, maxValue: 400, color: '#FF0000' },
  { level: 'SEVERE', minValue: 401, maxValue: null, color: '#C00000' },
];

/**
 * §6 step 1: the concentration on the table's resolution, in the table's unit.
 * CO: n = floor(x/100 + 0.5 + ε) tenths of mg/m³; the rest floor(x + 0.5 + ε) µg/m³.
 */
export function naqiTableConcentration(pollutant: string, ugm3: number): number {
  if (pollutant === 'CO') return Math.floor(ugm3 / 100 + 0.5 + EPS) / 10;
  return Math.floor(ugm3 + 0.5 + EPS);
}

/** §6 steps 1–4: one pollutant's integer sub-index. */
export function naqiOracleSubIndex(pollutant: string, ugm3: number): number {
  const classes = NAQI_CLASSES[pollutant]!;
  const c = naqiTableConcentration(pollutant, ugm3);
  const holding = classes.findIndex(([bLo, bHi]) => bLo <= c && c <= bHi);
  const top = classes.length - 1;
  if (holding < 0 && c <= classes[top]![1]) throw new Error(`no class holds ${pollutant} ${c}`);
  // Above the Severe limit the Severe row's formula goes on (step 3).
  const k = holding >= 0 ? holding : top;
  const [bLo, bHi] = classes[k]!;
  const [iLo, iHi] = NAQI_INDEX_RANGES[k]!;
  const ip = ((iHi - iLo) / (bHi - bLo)) * (c - bLo) + iLo;
  return Math.floor(ip + 0.5 + EPS);
}

/** §6: the whole index, or `null` when the minimum (3 pollutants, one a PM) is not met. */
export function naqiOracle(concentrations: Readonly<Record<string, unknown>>): OracleResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of NAQI_POLLUTANTS) {
    const x = oracleInput(concentrations, pollutant);
    if (x !== undefined) subIndexes[pollutant] = naqiOracleSubIndex(pollutant, x);
  }
  const present = Object.keys(subIndexes);
  if (present.length < 3 || !(present.includes('PM25') || present.includes('PM10'))) return null;
  const value = Math.max(...Object.values(subIndexes));
  return { value, subIndexes, dominantPollutant: oracleDominant(subIndexes) };
}

/** The level whose integer range holds `value` (every level of the list checked). */
export function oracleLevel(levels: readonly OracleLevel[], value: number): OracleLevel {
  const holding = levels.filter(
    (l) => value >= l.minValue && (l.maxValue === null || value <= l.maxValue),
  );
  if (holding.length !== 1) throw new Error(`oracleLevel: ${holding.length} levels hold ${value}`);
  return holding[0]!;
}

/** A level as a scale lists it: the transcribed fields plus its texts. */
export interface ListedLevel extends OracleLevel {
  readonly description: Readonly<Record<'en' | 'pl', string>>;
  readonly advice: Readonly<Record<'en' | 'pl', string>>;
}

/**
 * Checks a scale's level list against the transcription: the same ranges and colours, every
 * level frozen with its texts, and an English and a separate Polish text for each.
 */
export function expectLevelList(
  levels: readonly ListedLevel[],
  transcription: readonly OracleLevel[],
): void {
  const listed = levels.map(({ level, minValue, maxValue, color }) => ({
    level,
    minValue,
    maxValue,
    color,
  }));
  expect(listed).toEqual(transcription);
  for (const level of levels) {
    expect([level, level.description, level.advice].every(Object.isFrozen)).toBe(true);
    for (const text of [level.description, level.advice]) {
      expect(text.en.length * text.pl.length).toBeGreaterThan(0);
      expect(text.pl).not.toBe(text.en);
    }
  }
}
