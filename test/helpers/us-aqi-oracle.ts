// An independent US AQI, written straight from world-indexes.md §3 without importing src: the
// rules of steps 5 and 6, the levels of §3.3 and the index of a set of concentrations, over the
// tables and the exact step arithmetic of us-aqi-tables.ts.

import { NO_DATA_FIELDS, oracleDominant } from './national-oracle-common.js';
import { type UsEdition, type UsInput, usRows, usStepAqi, usSteps } from './us-aqi-tables.js';

/** The sub-index of a plain input (PM25, PM10, CO, NO2) or `undefined` when absent. */
function plain(edition: UsEdition, input: UsInput, c: Record<string, unknown>) {
  const steps = usSteps(input, c[input]);
  return steps === undefined ? undefined : usStepAqi(usRows(edition, input), steps);
}

// Step 5, as written: 1-h O3 counts from 0.125 ppm; O3 = max(8-h, 1-h); above 0.200 ppm the
// 8-h value gives way to a counting 1-h value, else its 201–300 row continues.
function ozone(edition: UsEdition, c: Record<string, unknown>): number | undefined {
  const eight = usSteps('O3', c.O3);
  const one = usSteps('O3_1H', c.O3_1H);
  const oneAqi =
    one !== undefined && one >= 125 ? usStepAqi(usRows(edition, 'O3_1H'), one) : undefined;
  if (eight === undefined) return oneAqi;
  const eightAqi = usStepAqi(usRows(edition, 'O3'), eight);
  if (eight > 200) return oneAqi ?? eightAqi;
  return oneAqi === undefined ? eightAqi : Math.max(eightAqi, oneAqi);
}

// Step 6, as written: 1-h SO2 up to 304 ppb; from 305 ppb the 24-h value when it is ≥ 305 ppb,
// otherwise 200; SO2_24H alone counts for nothing.
function sulphurDioxide(edition: UsEdition, c: Record<string, unknown>): number | undefined {
  const one = usSteps('SO2', c.SO2);
  if (one === undefined) return undefined;
  if (one <= 304) return usStepAqi(usRows(edition, 'SO2'), one);
  const day = usSteps('SO2_24H', c.SO2_24H);
  return day !== undefined && day >= 305 ? usStepAqi(usRows(edition, 'SO2_24H'), day) : 200;
}

/** §3.3 as printed. */
export const US_LEVELS = [
  { level: 'GOOD', min: 0, max: 50, color: '#00E400' },
  { level: 'MODERATE', min: 51, max: 100, color: '#FFFF00' },
  { level: 'UNHEALTHY_FOR_SENSITIVE_GROUPS', min: 101, max: 150, color: '#FF7E00' },
  { level: 'UNHEALTHY', min: 151, max: 200, color: '#FF0000' },
  { level: 'VERY_UNHEALTHY', min: 201, max: 300, color: '#8F3F97' },
  { level: 'HAZARDOUS', min: 301, max: Number.POSITIVE_INFINITY, color: '#7E0023' },
] as const;

/** The §3.3 row holding an integer AQI. */
export function usLevel(aqi: number): (typeof US_LEVELS)[number] {
  return US_LEVELS.find((l) => l.min <= aqi && aqi <= l.max)!;
}

/** What the oracle expects from `computeIndex(c, { indexType: 'US_AQI', edition })`. */
export interface UsExpected {
  readonly value: number | null;
  readonly level: string;
  readonly color: string;
  readonly dominantPollutant: string | null;
  readonly subIndexes: Readonly<Record<string, number>>;
}

/** The US AQI of `c` (µg/m³ by key) in `edition`, from the reference's text alone. */
export function usAqiOracle(c: Record<string, unknown>, edition: UsEdition = '2024'): UsExpected {
  const all: Record<string, number | undefined> = {
    PM25: plain(edition, 'PM25', c),
    PM10: plain(edition, 'PM10', c),
    O3: ozone(edition, c),
    NO2: plain(edition, 'NO2', c),
    SO2: sulphurDioxide(edition, c),
    CO: plain(edition, 'CO', c),
  };
  const subIndexes: Record<string, number> = {};
  for (const [key, value] of Object.entries(all)) if (value !== undefined) subIndexes[key] = value;
  const values = Object.values(subIndexes);
  if (values.length === 0) return { ...NO_DATA_FIELDS, subIndexes };
  const value = Math.max(...values);
  const dominant = oracleDominant(subIndexes)!;
  const { level, color } = usLevel(value);
  return { value, level, color, dominantPollutant: dominant, subIndexes };
}
