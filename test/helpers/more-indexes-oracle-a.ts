/**
 * DEU_UBA, FRA_ATMO and AUS_AQC as more-indexes.md §1, §3, §4 and §8 write them, transcribed by
 * hand, and each computed the naive way: scan the printed rows in a plain loop, convert gases
 * with the §1 molar masses. THA_AQI (§9) builds on this file in `tha-aqi-oracle.ts`. Nothing
 * here imports src; the level texts of the four indexes (airq's own words, not facts of the
 * reference) are the golden fixture `test/indexes/__fixtures__/more-indexes-a-level-texts.json`.
 */
import { readFileSync } from 'node:fs';
import type { NaiveIndexResult } from './eaqi-oracle.js';
import type { GoldenLevelTexts } from './index-level-texts.js';
import { EPS, oracleDominant, readInput } from './national-oracle-common.js';

/** A level of a reference table: its value range (`null` = open) and colour. */
export interface ReferenceLevel {
  readonly level: string;
  readonly minValue: number;
  readonly maxValue: number | null;
  readonly color: string;
}

// §1: molar masses in g/mol; one mole takes 24.45 L at 25 °C and 1 atm.
const MOLAR_MASS: Readonly<Record<string, number>> = {
  NO2: 46.0055,
  O3: 47.9982,
  SO2: 64.066,
  CO: 28.01,
};

/** §1: µg/m³ → ppb at 25 °C, 1 atm (ppm = ppb / 1000). */
export function naivePpb(gas: string, ugm3: number): number {
  return (ugm3 * 24.45) / MOLAR_MASS[gas]!;
}

/** §1, inverse of {@link naivePpb}: the µg/m³ that reads as `ppb`. */
export function naiveUgm3(gas: string, ppb: number): number {
  return (ppb * MOLAR_MASS[gas]!) / 24.45;
}

// Levels whose value is the class number, the last open.
function classLevels(rows: readonly (readonly [string, string])[]): ReferenceLevel[] {
  return rows.map(([level, color], i) => ({
    level,
    minValue: i + 1,
    maxValue: i === rows.length - 1 ? null : i + 1,
    color,
  }));
}

/** The level row holding an integer `value`. */
export function referenceLevelOf(levels: readonly ReferenceLevel[], value: number): ReferenceLevel {
  return levels.find((l) => value >= l.minValue && (l.maxValue === null || value <= l.maxValue))!;
}

/** A result from sub-indexes, or `null` for none (§1 no data, overall = max, tie order). */
export function naiveResult(
  levels: readonly ReferenceLevel[],
  subIndexes: Record<string, number>,
): NaiveIndexResult | null {
  if (Object.keys(subIndexes).length === 0) return null;
  const value = Math.max(...Object.values(subIndexes));
  const { level, color } = referenceLevelOf(levels, value);
  return { value, level, color, dominantPollutant: oracleDominant(subIndexes), subIndexes };
}

// The class on upper-inclusive bounds: the first k with c ≤ bound_k + ε, else the open one.
function upperInclusive(bounds: readonly number[], c: number): number {
  for (let k = 0; k < bounds.length; k++) if (c <= bounds[k]! + EPS) return k + 1;
  return bounds.length + 1;
}

// ---------------------------------------------------------------- §3 DEU_UBA

/** §1.1: DEU_UBA's editions, the default first. */
export const DEU_UBA_REFERENCE_EDITIONS = ['2025', '2019'] as const;
/** A DEU_UBA edition. */
export type DeuUbaReferenceEdition = (typeof DEU_UBA_REFERENCE_EDITIONS)[number];

/** §3: upper bounds of classes 1–4 (µg/m³) per edition and pollutant, as printed. */
// biome-ignore format: the printed columns
export const DEU_UBA_REFERENCE_BOUNDS: Record<DeuUbaReferenceEdition, Record<string, number[]>> = {
  '2025': { PM10: [9, 27, 54, 90], PM25: [5, 15, 30, 50], O3: [24, 72, 144, 240], NO2: [10, 30, 60, 100], SO2: [10, 30, 60, 100] },
  '2019': { NO2: [20, 40, 100, 200], PM10: [20, 35, 50, 100], PM25: [10, 20, 25, 50], O3: [60, 120, 180, 240] },
};

/** §3: levels and colours, the same in both editions. */
export const DEU_UBA_REFERENCE_LEVELS: readonly ReferenceLevel[] = classLevels([
  ['VERY_GOOD', '#50F0E6'],
  ['GOOD', '#50CCAA'],
  ['MODERATE', '#F0E641'],
  ['POOR', '#FF5050'],
  ['VERY_POOR', '#960032'],
]);

/** §3: one pollutant's class, or `undefined` where the edition does not count it. */
export function naiveDeuUbaClass(edition: DeuUbaReferenceEdition, pollutant: string, c: number) {
  const bounds = DEU_UBA_REFERENCE_BOUNDS[edition][pollutant];
  return bounds === undefined ? undefined : upperInclusive(bounds, c);
}

/** §3: the LQI of a set of concentrations; `null` for no data. */
export function naiveDeuUba(
  concentrations: Readonly<Record<string, unknown>>,
  edition: DeuUbaReferenceEdition,
): NaiveIndexResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of Object.keys(DEU_UBA_REFERENCE_BOUNDS[edition])) {
    const c = readInput(concentrations[pollutant]);
    if (c !== undefined) subIndexes[pollutant] = naiveDeuUbaClass(edition, pollutant, c)!;
  }
  return naiveResult(DEU_UBA_REFERENCE_LEVELS, subIndexes);
}

// ---------------------------------------------------------------- §4 FRA_ATMO

/** §4: upper bounds of qualifiers 1–5 (µg/m³) per pollutant, as printed. */
export const FRA_ATMO_REFERENCE_BOUNDS: Record<string, number[]> = {
  SO2: [100, 200, 350, 500, 750],
  NO2: [40, 90, 120, 230, 340],
  O3: [50, 100, 130, 240, 380],
  PM10: [20, 40, 50, 100, 150],
  PM25: [10, 20, 25, 50, 75],
};

/** §4: qualifiers and colours. */
export const FRA_ATMO_REFERENCE_LEVELS: readonly ReferenceLevel[] = classLevels([
  ['GOOD', '#50F0E6'],
  ['FAIR', '#50CCAA'],
  ['DEGRADED', '#F0E641'],
  ['POOR', '#FF5050'],
  ['VERY_POOR', '#960032'],
  ['EXTREMELY_POOR', '#872181'],
]);

/** §4: the ATMO index of a set of concentrations; `null` for no data. */
export function naiveFraAtmo(
  concentrations: Readonly<Record<string, unknown>>,
): NaiveIndexResult | null {
  const subIndexes: Record<string, number> = {};
  for (const [pollutant, bounds] of Object.entries(FRA_ATMO_REFERENCE_BOUNDS)) {
    const c = readInput(concentrations[pollutant]);
    if (c !== undefined) subIndexes[pollutant] = upperInclusive(bounds, c);
  }
  return naiveResult(FRA_ATMO_REFERENCE_LEVELS, subIndexes);
}

// ---------------------------------------------------------------- §8 AUS_AQC

/** §8: one input's row: the pollutant it reports as, its unit, the lower edges of 2–5. */
export interface AusAqcReferenceRow {
  readonly key: string;
  readonly pollutant: string;
  readonly unit: 'ugm3' | 'ppb' | 'ppm';
  readonly edges: readonly number[];
}

/** §8: the table, row by row as printed. */
// biome-ignore format: the printed rows
export const AUS_AQC_REFERENCE_ROWS: readonly AusAqcReferenceRow[] = [
  { key: 'O3', pollutant: 'O3', unit: 'ppb', edges: [67, 100, 150, 200] },
  { key: 'O3_4H', pollutant: 'O3', unit: 'ppb', edges: [54, 80, 120, 160] },
  { key: 'NO2', pollutant: 'NO2', unit: 'ppb', edges: [80, 120, 180, 240] },
  { key: 'SO2', pollutant: 'SO2', unit: 'ppb', edges: [133, 200, 300, 400] },
  { key: 'CO', pollutant: 'CO', unit: 'ppm', edges: [6.0, 9.0, 13.5, 18.0] },
  { key: 'PM25', pollutant: 'PM25', unit: 'ugm3', edges: [25, 50, 100, 300] },
  { key: 'PM10', pollutant: 'PM10', unit: 'ugm3', edges: [50, 100, 200, 600] },
];

/** §8: categories and colours. */
export const AUS_AQC_REFERENCE_LEVELS: readonly ReferenceLevel[] = classLevels([
  ['GOOD', '#41A93B'],
  ['FAIR', '#EEC800'],
  ['POOR', '#E47301'],
  ['VERY_POOR', '#B70027'],
  ['EXTREMELY_POOR', '#590018'],
]);

/** §8: an input row's value in its table unit. */
export function ausAqcTableValue(row: AusAqcReferenceRow, ugm3: number): number {
  if (row.unit === 'ugm3') return ugm3;
  const ppb = naivePpb(row.pollutant, ugm3);
  return row.unit === 'ppm' ? ppb / 1000 : ppb;
}

/** §8: the category of a table value: the highest k whose lower edge it reaches (x ≥ e − ε). */
export function naiveAusAqcCategory(edges: readonly number[], x: number): number {
  for (let k = edges.length; k >= 1; k--) if (x >= edges[k - 1]! - EPS) return k + 1;
  return 1;
}

/** §8: the categories of a set of concentrations; `null` for no data. */
export function naiveAusAqc(
  concentrations: Readonly<Record<string, unknown>>,
): NaiveIndexResult | null {
  const subIndexes: Record<string, number> = {};
  for (const row of AUS_AQC_REFERENCE_ROWS) {
    const c = readInput(concentrations[row.key]);
    if (c === undefined) continue;
    const category = naiveAusAqcCategory(row.edges, ausAqcTableValue(row, c));
    subIndexes[row.pollutant] = Math.max(category, subIndexes[row.pollutant] ?? 1);
  }
  return naiveResult(AUS_AQC_REFERENCE_LEVELS, subIndexes);
}

/** The golden level texts of the four indexes, by index and level. */
export const MORE_INDEXES_A_LEVEL_TEXTS: Readonly<
  Record<string, Readonly<Record<string, GoldenLevelTexts>>>
> = JSON.parse(
  readFileSync(
    new URL('../indexes/__fixtures__/more-indexes-a-level-texts.json', import.meta.url),
    'utf8',
  ),
);
