// The tables of the independent US AQI (us-aqi-oracle.ts), written straight from
// world-indexes.md §3 without importing src. They are transcribed as the reference prints them
// (one line per AQI band, one column per input), and all arithmetic after the truncation is
// exact: every table value becomes an integer in the input's smallest step (PM25 in 0.1 µg/m³,
// O3 in 0.001 ppm, CO in 0.1 ppm), so the interpolation is a fraction of integers and "round
// half up" is decided with BigInt.

import { EPS, readInput } from './national-oracle-common.js';

/** The inputs of the US AQI, primary and secondary. */
export const US_INPUTS = ['PM25', 'PM10', 'O3', 'O3_1H', 'CO', 'SO2', 'SO2_24H', 'NO2'] as const;
export type UsInput = (typeof US_INPUTS)[number];
export type UsEdition = '2024' | '2012';
export const US_EDITIONS: readonly UsEdition[] = ['2024', '2012'];

type Range = readonly [number, number];
type Band = { readonly aqi: Range } & Readonly<Partial<Record<UsInput, Range>>>;

// §3.2, edition 2024: "–" cells are left out.
const BANDS_2024: readonly Band[] = [
  {
    aqi: [0, 50],
    PM25: [0.0, 9.0],
    PM10: [0, 54],
    O3: [0.0, 0.054],
    CO: [0.0, 4.4],
    SO2: [0, 35],
    NO2: [0, 53],
  },
  {
    aqi: [51, 100],
    PM25: [9.1, 35.4],
    PM10: [55, 154],
    O3: [0.055, 0.07],
    CO: [4.5, 9.4],
    SO2: [36, 75],
    NO2: [54, 100],
  },
  {
    aqi: [101, 150],
    PM25: [35.5, 55.4],
    PM10: [155, 254],
    O3: [0.071, 0.085],
    O3_1H: [0.125, 0.164],
    CO: [9.5, 12.4],
    SO2: [76, 185],
    NO2: [101, 360],
  },
  {
    aqi: [151, 200],
    PM25: [55.5, 125.4],
    PM10: [255, 354],
    O3: [0.086, 0.105],
    O3_1H: [0.165, 0.204],
    CO: [12.5, 15.4],
    SO2: [186, 304],
    NO2: [361, 649],
  },
  {
    aqi: [201, 300],
    PM25: [125.5, 225.4],
    PM10: [355, 424],
    O3: [0.106, 0.2],
    O3_1H: [0.205, 0.404],
    CO: [15.5, 30.4],
    SO2_24H: [305, 604],
    NO2: [650, 1249],
  },
  {
    aqi: [301, 500],
    PM25: [225.5, 325.4],
    PM10: [425, 604],
    O3_1H: [0.405, 0.604],
    CO: [30.5, 50.4],
    SO2_24H: [605, 1004],
    NO2: [1250, 2049],
  },
];

// §3.2, edition 2012: the older PM25 rows, and the Hazardous band split in two.
const PM25_2012: readonly Range[] = [
  [0.0, 12.0],
  [12.1, 35.4],
  [35.5, 55.4],
  [55.5, 150.4],
  [150.5, 250.4],
];
const BANDS_2012: readonly Band[] = [
  ...BANDS_2024.slice(0, 5).map((band, i) => ({ ...band, PM25: PM25_2012[i]! })),
  {
    aqi: [301, 400],
    PM25: [250.5, 350.4],
    PM10: [425, 504],
    O3_1H: [0.405, 0.504],
    CO: [30.5, 40.4],
    SO2_24H: [605, 804],
    NO2: [1250, 1649],
  },
  {
    aqi: [401, 500],
    PM25: [350.5, 500.4],
    PM10: [505, 604],
    O3_1H: [0.505, 0.604],
    CO: [40.5, 50.4],
    SO2_24H: [805, 1004],
    NO2: [1650, 2049],
  },
];

// §3.1 step 1 and §1: the unit of each table and its smallest step (steps per unit).
const MOLAR_MASS: Readonly<Record<string, number>> = {
  NO2: 46.0055,
  O3: 47.9982,
  SO2: 64.066,
  CO: 28.01,
};
const UNIT: Readonly<Record<UsInput, { gas: string | null; ppm: boolean; steps: number }>> = {
  PM25: { gas: null, ppm: false, steps: 10 },
  PM10: { gas: null, ppm: false, steps: 1 },
  O3: { gas: 'O3', ppm: true, steps: 1000 },
  O3_1H: { gas: 'O3', ppm: true, steps: 1000 },
  CO: { gas: 'CO', ppm: true, steps: 10 },
  SO2: { gas: 'SO2', ppm: false, steps: 1 },
  SO2_24H: { gas: 'SO2', ppm: false, steps: 1 },
  NO2: { gas: 'NO2', ppm: false, steps: 1 },
};

/** One table row in integer steps of its input. */
export interface StepRow {
  readonly lo: number;
  readonly hi: number;
  readonly iLo: number;
  readonly iHi: number;
}

/** The rows of `input` in `edition`, lowest first, in integer steps (PM25 9.0 → 90). */
export function usRows(edition: UsEdition, input: UsInput): readonly StepRow[] {
  const steps = UNIT[input].steps;
  const rows: StepRow[] = [];
  for (const band of edition === '2024' ? BANDS_2024 : BANDS_2012) {
    const range = band[input];
    if (range === undefined) continue;
    const [lo, hi] = range.map((c) => Math.round(c * steps)) as [number, number];
    rows.push({ lo, hi, iLo: band.aqi[0], iHi: band.aqi[1] });
  }
  return rows;
}

/**
 * Step 1: µg/m³ → ppb (× 24.45 / M) → ppm (/ 1000) where the table says so, then truncated
 * with the reference's ε, as an integer count of steps. Absent (`undefined`) for NaN, ±Infinity
 * and non-numbers; a negative value counts as 0.
 */
export function usSteps(input: UsInput, ugm3: unknown): number | undefined {
  const x = readInput(ugm3);
  if (x === undefined) return undefined;
  const { gas, ppm, steps } = UNIT[input];
  let c = x;
  if (gas !== null) c = (c * 24.45) / MOLAR_MASS[gas]!;
  if (ppm) c = c / 1000;
  return Math.floor(c * steps + EPS);
}

/** The inverse of step 1: the µg/m³ of a table value given in integer steps. */
export function usUgm3FromSteps(input: UsInput, count: number): number {
  const { gas, ppm, steps } = UNIT[input];
  let c = count / steps;
  if (ppm) c = c * 1000;
  if (gas !== null) c = (c * MOLAR_MASS[gas]!) / 24.45;
  return c;
}

/**
 * Steps 2–4 exactly: the row with lo ≤ C ≤ hi (the top row above the table), the linear
 * interpolation and the half-up rounding, in integers.
 */
export function usStepAqi(rows: readonly StepRow[], c: number): number {
  const top = rows[rows.length - 1]!;
  const row = rows.find((r) => r.lo <= c && c <= r.hi) ?? (c > top.hi ? top : undefined);
  if (row === undefined) throw new Error(`usStepAqi: ${c} falls between the rows`);
  // I = iLo + num / den; half up: iLo + floor((2 num + den) / (2 den)).
  const num = BigInt(row.iHi - row.iLo) * BigInt(c - row.lo);
  const den = BigInt(row.hi - row.lo);
  return row.iLo + Number((2n * num + den) / (2n * den));
}
