// The hour grid of the naive assessment oracle (assessment-oracle.ts): hours as an array of
// { atMs, value } objects and by time, days from Date.UTC, daily and 8-hour means, the
// nearest-rank percentile, and the metric every family's rules return. Shares no code with
// src/assessment.

/** One hour and one day, in ms. */
export const H = 3_600_000;
export const D = 24 * H;

/** A metric as the oracle's rules return it, in the shape of the library's `Metric`. */
export interface OracleMetric {
  id: string;
  value: number | null;
  unit: string;
  limit: number;
  allowedExceedances?: number;
  exceedances?: number;
  met: boolean | null;
  valid: boolean;
  capture: number;
  level?: string | null;
}

interface Hour {
  atMs: number;
  value: number;
}

/** Arithmetic mean of a non-empty list. */
export const mean = (xs: number[]) => {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
};
/** The k-th value (1-based) of the ascending sort. */
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The valid hours of a series, as objects and by time. */
export class Hours {
  readonly list: Hour[] = [];
  /** `slots[i]` is the hour `startMs + i h`, or undefined when it is missing. */
  readonly slots: (Hour | undefined)[] = [];
  readonly startMs: number;
  readonly dailyMeans = new Map<number, number | null>();
  readonly mda8s = new Map<number, number | null>();
  constructor(
    startMs: number,
    values: ArrayLike<number>,
    convert: (v: number) => number = (v) => v,
  ) {
    this.startMs = startMs;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!Number.isFinite(v)) {
        this.slots.push(undefined);
        continue;
      }
      const hour = { atMs: startMs + i * H, value: convert(v) };
      this.list.push(hour);
      this.slots.push(hour);
    }
  }
  /** Valid values of [fromMs, tillMs) in time order. */
  between(fromMs: number, tillMs: number): number[] {
    const out: number[] = [];
    for (let t = fromMs; t < tillMs; t += H) {
      const hour = this.slots[(t - this.startMs) / H];
      if (hour !== undefined) out.push(hour.value);
    }
    return out;
  }
}

/** Start of the UTC year `y`, and the start of each of its days. */
export const yearMs = (y: number) => Date.UTC(y, 0, 1);
export const daysOf = (y: number) => {
  const days: number[] = [];
  for (let t = yearMs(y); t < yearMs(y + 1); t += D) days.push(t);
  return days;
};

/** Mean of the UTC day from `dayMs` with 18 valid hours, else null. */
export function dailyMean(hours: Hours, dayMs: number): number | null {
  const known = hours.dailyMeans.get(dayMs);
  if (known !== undefined) return known;
  const vals = hours.between(dayMs, dayMs + D);
  const result = vals.length >= 18 ? mean(vals) : null;
  hours.dailyMeans.set(dayMs, result);
  return result;
}

/** MDA8 of the UTC day from `dayMs` (means ending 01:00 … 24:00), else null. */
export function mda8(hours: Hours, dayMs: number): number | null {
  const known = hours.mda8s.get(dayMs);
  if (known !== undefined) return known;
  const means: number[] = [];
  for (let k = 1; k <= 24; k++) {
    const end = dayMs + k * H;
    const vals = hours.between(end - 8 * H, end);
    if (vals.length >= 6) means.push(mean(vals));
  }
  const result = means.length >= 18 ? Math.max(...means) : null;
  hours.mda8s.set(dayMs, result);
  return result;
}

/** Nearest-rank percentile; `milli` is P × 1000. */
export function nearestRankValue(values: number[], milli: number): number {
  const n = values.length;
  const k = Math.min(n, Math.max(1, Math.ceil((milli * n) / 100000)));
  return ascending(values)[k - 1]!;
}

/** The six assessed pollutants. */
export type Pol = 'PM10' | 'PM25' | 'NO2' | 'SO2' | 'O3' | 'CO';
