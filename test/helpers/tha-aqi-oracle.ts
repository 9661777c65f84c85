/**
 * THA_AQI as more-indexes.md §9 writes it, transcribed by hand and computed the naive way:
 * convert with the §1 molar masses, truncate, find the printed row that holds the value in a
 * plain loop (or the open top row), interpolate, round half up. Nothing here imports src.
 */
import type { NaiveIndexResult } from './eaqi-oracle.js';
import { naivePpb, naiveResult, type ReferenceLevel } from './more-indexes-oracle-a.js';
import { EPS, readInput } from './national-oracle-common.js';

/** §9: one column: unit, decimals kept, the four closed rows, the open row's first value. */
export interface ThaAqiReferenceColumn {
  readonly unit: 'ugm3' | 'ppb' | 'ppm';
  readonly decimals: number;
  readonly rows: readonly (readonly [number, number])[];
  readonly openFrom: number;
}

/** §9: the AQI range of each closed row. */
export const THA_AQI_REFERENCE_RANGES = [
  [0, 25],
  [26, 50],
  [51, 100],
  [101, 200],
] as const;

/** §9: the columns as printed (PM25 0.1 µg/m³, PM10 1 µg/m³, gases 1 ppb, CO 0.1 ppm). */
// biome-ignore format: the printed columns
export const THA_AQI_REFERENCE_COLUMNS: Record<string, ThaAqiReferenceColumn> = {
  PM25: { unit: 'ugm3', decimals: 1, rows: [[0.0, 15.0], [15.1, 25.0], [25.1, 37.5], [37.6, 75.0]], openFrom: 75.1 },
  PM10: { unit: 'ugm3', decimals: 0, rows: [[0, 50], [51, 80], [81, 120], [121, 180]], openFrom: 181 },
  O3: { unit: 'ppb', decimals: 0, rows: [[0, 35], [36, 50], [51, 70], [71, 120]], openFrom: 121 },
  CO: { unit: 'ppm', decimals: 1, rows: [[0.0, 4.4], [4.5, 6.4], [6.5, 9.0], [9.1, 30.0]], openFrom: 30.1 },
  NO2: { unit: 'ppb', decimals: 0, rows: [[0, 60], [61, 106], [107, 170], [171, 340]], openFrom: 341 },
  SO2: { unit: 'ppb', decimals: 0, rows: [[0, 100], [101, 200], [201, 300], [301, 400]], openFrom: 401 },
};

/** §9: levels and colours. */
export const THA_AQI_REFERENCE_LEVELS: readonly ReferenceLevel[] = [
  { level: 'VERY_GOOD', minValue: 0, maxValue: 25, color: '#3CCCFF' },
  { level: 'GOOD', minValue: 26, maxValue: 50, color: '#92D051' },
  { level: 'MODERATE', minValue: 51, maxValue: 100, color: '#FFFF00' },
  { level: 'STARTING_TO_AFFECT_HEALTH', minValue: 101, maxValue: 200, color: '#FFA202' },
  { level: 'AFFECTS_HEALTH', minValue: 201, maxValue: null, color: '#F04645' },
];

/** §9 step 1: the concentration in the column's unit, truncated to its decimals. */
export function thaAqiTruncated(pollutant: string, ugm3: number): number {
  const { unit, decimals } = THA_AQI_REFERENCE_COLUMNS[pollutant]!;
  const x = unit === 'ugm3' ? ugm3 : naivePpb(pollutant, ugm3) / (unit === 'ppm' ? 1000 : 1);
  return Math.floor(x * 10 ** decimals + EPS) / 10 ** decimals;
}

/** §9: one pollutant's integer AQI (unbounded above; absurd values capped at MAX_VALUE). */
export function naiveThaAqiSubIndex(pollutant: string, ugm3: number): number {
  const { rows, openFrom } = THA_AQI_REFERENCE_COLUMNS[pollutant]!;
  const x = thaAqiTruncated(pollutant, ugm3);
  const [lo4, hi4] = rows[3]!;
  let aqi: number | undefined;
  if (x >= openFrom - EPS) aqi = 201 + ((200 - 101) / (hi4 - lo4)) * (x - openFrom);
  rows.forEach(([lo, hi], j) => {
    const [iLo, iHi] = THA_AQI_REFERENCE_RANGES[j]!;
    if (lo <= x && x <= hi) aqi = ((iHi - iLo) / (hi - lo)) * (x - lo) + iLo;
  });
  if (aqi === undefined) throw new Error(`naiveThaAqiSubIndex: no row holds ${pollutant} ${x}`);
  return Math.min(Math.floor(aqi + 0.5 + EPS), Number.MAX_VALUE);
}

/** §9: the Thai AQI of a set of concentrations; `null` for no data. */
export function naiveThaAqi(
  concentrations: Readonly<Record<string, unknown>>,
): NaiveIndexResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of Object.keys(THA_AQI_REFERENCE_COLUMNS)) {
    const c = readInput(concentrations[pollutant]);
    if (c !== undefined) subIndexes[pollutant] = naiveThaAqiSubIndex(pollutant, c);
  }
  return naiveResult(THA_AQI_REFERENCE_LEVELS, subIndexes);
}
