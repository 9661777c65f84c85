// Naive averaging for the world indexes, written straight from world-indexes.md §2 and §3.4
// (and for the seven of more-indexes.md §2, from averaging-oracles-more.ts) without reading
// src/averaging: the table is retyped from the reference's rows, the NowCast
// follows the text's c1…c12 notation (newest first, Math.pow weights), and the running mean
// filters and adds in a plain loop. Slow on purpose and obviously right.

import {
  MORE_ORACLE_EDITIONS,
  MORE_ORACLE_ROWS,
  naiveKrC24e,
  naiveRunningMax,
} from './averaging-oracles-more.js';

/** An hour of a newest-first series: a number, or `undefined` when the hour is missing. */
export type OracleHour = number | undefined;

/** How an input is built, in the references' words. */
export type OracleMethod = 'hour' | 'running' | 'nowcast' | 'max' | 'kr-c24e';

/** One row of the §2 table, as printed: several keys can share a row. */
interface OracleRow {
  readonly index: string;
  readonly editions: readonly string[];
  readonly keys: readonly string[];
  readonly method: OracleMethod;
  /** Period in hours (1 for "1 h", 12 for NowCast). */
  readonly hours: number;
  /** Capture: at least `min` of the `of` newest hours. */
  readonly min: number;
  readonly of: number;
}

const US = ['2024', '2012'];

/** §2 row by row (US_AQI and CN_AQI rows apply to every edition unless the row names one). */
// biome-ignore format: one printed row a line, so the table can be read against the reference
export const ORACLE_ROWS: readonly OracleRow[] = [
  { index: 'US_AQI', editions: US, keys: ['PM25', 'PM10'], method: 'nowcast', hours: 12, min: 2, of: 3 },
  { index: 'US_AQI', editions: US, keys: ['O3'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'US_AQI', editions: US, keys: ['O3_1H'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'US_AQI', editions: US, keys: ['CO'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'US_AQI', editions: US, keys: ['SO2', 'NO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'US_AQI', editions: US, keys: ['SO2_24H'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'EAQI', editions: ['2025'], keys: ['PM25', 'PM10', 'NO2', 'O3', 'SO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'EAQI', editions: ['2019'], keys: ['PM25', 'PM10'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'EAQI', editions: ['2019'], keys: ['NO2', 'O3', 'SO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'UK_DAQI', editions: ['2013'], keys: ['O3'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'UK_DAQI', editions: ['2013'], keys: ['NO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'UK_DAQI', editions: ['2013'], keys: ['SO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'UK_DAQI', editions: ['2013'], keys: ['PM25', 'PM10'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'IN_NAQI', editions: ['2014'], keys: ['PM25', 'PM10', 'NO2', 'SO2'], method: 'running', hours: 24, min: 16, of: 24 },
  { index: 'IN_NAQI', editions: ['2014'], keys: ['O3', 'CO'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'CN_AQI', editions: ['2026', '2012'], keys: ['PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'CN_AQI', editions: ['2012'], keys: ['SO2_24H'], method: 'running', hours: 24, min: 20, of: 24 },
  { index: 'CA_AQHI', editions: ['2008'], keys: ['O3', 'NO2', 'PM25'], method: 'running', hours: 3, min: 2, of: 3 },
  ...MORE_ORACLE_ROWS,
];

/** §1.1: every index with its editions, the default first. */
export const ORACLE_EDITIONS: Readonly<Record<string, readonly string[]>> = {
  US_AQI: ['2024', '2012'],
  EAQI: ['2025', '2019'],
  UK_DAQI: ['2013'],
  IN_NAQI: ['2014'],
  CN_AQI: ['2026', '2012'],
  CA_AQHI: ['2008'],
  ...MORE_ORACLE_EDITIONS,
};

/** One input of one index edition, as the oracle reads §2. */
export interface OracleRule {
  readonly key: string;
  readonly source: string;
  readonly method: OracleMethod;
  readonly hours: number;
  readonly min: number;
  readonly of: number;
}

/** The pollutant a key reads: O3_1H and O3_4H read O3, SO2_24H reads SO2 (§1), the rest themselves. */
export function oracleSource(key: string): string {
  if (key === 'O3_1H' || key === 'O3_4H') return 'O3';
  if (key === 'SO2_24H') return 'SO2';
  return key;
}

/** The rules of one index edition, one per key, from {@link ORACLE_ROWS}. */
export function oracleRules(index: string, edition: string): OracleRule[] {
  const rules: OracleRule[] = [];
  for (const row of ORACLE_ROWS) {
    if (row.index !== index || !row.editions.includes(edition)) continue;
    for (const key of row.keys) {
      const { method, hours, min, of } = row;
      rules.push({ key, source: oracleSource(key), method, hours, min, of });
    }
  }
  return rules;
}

/**
 * A series given oldest first, NaN (or any non-finite value) for a missing hour, turned
 * newest first with `undefined` for a missing hour.
 */
export function newestFirst(oldestFirst: ArrayLike<unknown>): OracleHour[] {
  const out: OracleHour[] = [];
  for (let k = oldestFirst.length - 1; k >= 0; k--) {
    const v = oldestFirst[k];
    out.push(typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  }
  return out;
}

/**
 * §3.4 as written: c1…c12 newest first, negatives as 0, w* = 1 − (max − min)/max over the
 * available hours, w = max(w*, 0.5), Σ w^(i−1)·c_i / Σ w^(i−1) over the available hours, valid
 * only with 2 of c1, c2, c3; max = 0 gives 0.
 */
export function naiveNowCast(hours: readonly OracleHour[]): number | undefined {
  const c = (i: number): OracleHour => {
    const v = hours[i - 1];
    return v === undefined ? undefined : Math.max(v, 0);
  };
  const recent = [c(1), c(2), c(3)].filter((v) => v !== undefined).length;
  if (recent < 2) return undefined;
  const available: number[] = [];
  for (let i = 1; i <= 12; i++) if (c(i) !== undefined) available.push(c(i)!);
  const max = Math.max(...available);
  const min = Math.min(...available);
  if (max === 0) return 0;
  const wStar = 1 - (max - min) / max;
  const w = Math.max(wStar, 0.5);
  let numerator = 0;
  let denominator = 0;
  for (let i = 1; i <= 12; i++) {
    const ci = c(i);
    if (ci === undefined) continue;
    numerator += w ** (i - 1) * ci;
    denominator += w ** (i - 1);
  }
  return numerator / denominator;
}

/** The mean of the present hours among the `hours` newest, when at least `min` are present. */
export function naiveRunningMean(
  series: readonly OracleHour[],
  hours: number,
  min: number,
): number | undefined {
  const present = series.slice(0, hours).filter((v): v is number => v !== undefined);
  if (present.length < min) return undefined;
  let total = 0;
  for (const v of present) total += v;
  return total / present.length;
}

/** One rule's value from a newest-first series; the capture rule is checked on its own here. */
export function naiveInput(rule: OracleRule, series: readonly OracleHour[]): number | undefined {
  const captured = series.slice(0, rule.of).filter((v) => v !== undefined).length;
  if (captured < rule.min) return undefined;
  if (rule.method === 'nowcast') return naiveNowCast(series);
  if (rule.method === 'kr-c24e') return naiveKrC24e(series, rule.source);
  if (rule.method === 'max') return naiveRunningMax(series, rule.hours, 1);
  if (rule.method === 'hour') return series[0];
  return naiveRunningMean(series, rule.hours, 1);
}

/** The inputs of an index edition: every rule whose source has a series and whose value exists. */
export function naiveIndexInputs(
  index: string,
  edition: string,
  hourly: Readonly<Record<string, ArrayLike<number> | undefined>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const rule of oracleRules(index, edition)) {
    const series = hourly[rule.source];
    if (series === undefined) continue;
    const value = naiveInput(rule, newestFirst(series));
    if (value !== undefined) out[rule.key] = value;
  }
  return out;
}

/** Whether `actual` equals `expected` up to float noise (relative 1e-9, absolute 1e-9). */
export function closeTo(actual: number | undefined, expected: number | undefined): boolean {
  if (actual === undefined || expected === undefined) return actual === expected;
  return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}
