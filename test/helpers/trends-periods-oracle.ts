// Brute-force periods, summaries, wind and rolling means for the trends tests, written from the
// reference (§3–§5) without src/trends: local dates by one naive Intl call per instant, period
// starts found by scanning real instants (an hour at a time, then a minute at a time) for the
// first whose wall clock has reached the local midnight, civil dates through Date's UTC
// fields, and every statistic by filtering, sorting and adding in plain loops.
// Exact to the minute for zones whose transitions fall on whole minutes (every zone the tests
// use, from 1971 on).

import { naiveMedian, naiveQuantile } from './trends-order-oracle.js';
import { naiveLocalDay, naiveWallMs } from './trends-zone-oracle.js';

export type OraclePeriod = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'season' | 'year';
export type OracleZone = number | string;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const midnightMemo = new Map<string, number>();

/** The earliest instant whose wall time is at or after the local midnight of `day`, by scanning. */
export function naiveMidnightInstant(day: number, zone: OracleZone): number {
  const key = `${zone}|${day}`;
  const memo = midnightMemo.get(key);
  if (memo !== undefined) return memo;
  const midnight = day * DAY;
  // Offsets stay within ±18 h: walk real time an hour at a time from 19 h before. Within an
  // hour whose two ends share an offset the wall clock runs straight, so the first instant at
  // or after midnight is read off; an hour whose ends differ holds a transition and is walked
  // a minute at a time (the wall clock may reach midnight and turn back inside it).
  let u = Number.NaN;
  for (let a = midnight - 19 * HOUR; Number.isNaN(u); a += HOUR) {
    const oa = naiveWallMs(a, zone) - a;
    const ob = naiveWallMs(a + HOUR, zone) - (a + HOUR);
    if (oa === ob) {
      const t = Math.max(a, midnight - oa);
      if (t < a + HOUR) u = t;
      continue;
    }
    for (let m = a; m < a + HOUR; m += MINUTE) {
      const om = naiveWallMs(m, zone) - m;
      const t = Math.max(m, midnight - om);
      if (t < m + MINUTE) {
        u = t;
        break;
      }
    }
  }
  midnightMemo.set(key, u);
  return u;
}

function civil(day: number): { y: number; m: number; weekday: number } {
  const d = new Date(day * DAY);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), weekday: (d.getUTCDay() + 6) % 7 };
}

function dayOf(y: number, m: number): number {
  return Date.UTC(y, m, 1) / DAY;
}

/** The first date (day number) of the calendar period holding `day`. */
export function naiveFirstDate(period: OraclePeriod, day: number): number {
  const { y, m, weekday } = civil(day);
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return day - weekday;
    case 'month':
      return dayOf(y, m);
    case 'quarter':
      return dayOf(y, [0, 0, 0, 3, 3, 3, 6, 6, 6, 9, 9, 9][m] as number);
    case 'season':
      // Dec, Jan, Feb belong to the December before.
      if (m === 11) return dayOf(y, 11);
      if (m <= 1) return dayOf(y - 1, 11);
      return dayOf(y, [0, 0, 2, 2, 2, 5, 5, 5, 8, 8, 8][m] as number);
    default:
      return dayOf(y, 0);
  }
}

/** The first date of the period after the one beginning on `first`. */
export function naiveNextFirstDate(period: OraclePeriod, first: number): number {
  if (period === 'day') return first + 1;
  if (period === 'week') return first + 7;
  const { y, m } = civil(first);
  const months = period === 'month' ? 1 : period === 'year' ? 12 : 3;
  return dayOf(y, m + months);
}

/** Every period [start, end) that holds an instant of [fromMs, lastMs] (closed) or [fromMs, tillMs). */
export function naivePeriods(
  period: OraclePeriod,
  zone: OracleZone,
  fromMs: number,
  endMs: number,
  closed: boolean,
): Array<[number, number]> {
  const inRange = (s: number) => s < endMs || (closed && s === endMs);
  const out: Array<[number, number]> = [];
  if (period === 'hour') {
    const wall = naiveWallMs(fromMs, zone);
    const mod = ((wall % HOUR) + HOUR) % HOUR;
    for (let s = fromMs - mod; inRange(s); s += HOUR) out.push([s, s + HOUR]);
    return out;
  }
  // Start a period early and keep those that hold an instant of the range.
  let first = naiveFirstDate(period, naiveFirstDate(period, naiveLocalDay(fromMs, zone)) - 1);
  const starts: number[] = [];
  for (;;) {
    const s = naiveMidnightInstant(first, zone);
    starts.push(s);
    if (!inRange(s)) break;
    first = naiveNextFirstDate(period, first);
  }
  for (let k = 0; k + 1 < starts.length; k++) {
    const s = starts[k] as number;
    const e = starts[k + 1] as number;
    if (e > s && e > fromMs && inRange(s)) out.push([s, e]);
  }
  return out;
}

export interface OracleAggregate {
  startMs: number[];
  endMs: number[];
  values: number[];
  count: number[];
  possible: number[];
  /** Stamp indices of each period (valid or not). */
  members: number[][];
}

export interface OracleOptions {
  period: OraclePeriod;
  timeZone?: OracleZone;
  intervalMs?: number;
  from?: number;
  till?: number;
  minCapture?: number;
  denominator?: 'calendar' | 'observed-span';
  statistic?: string;
  percentile?: number;
}

/** aggregatePeriods by brute force (§4.1–4.3). */
export function naiveAggregate(
  atMs: readonly number[],
  values: readonly number[],
  options: OracleOptions,
): OracleAggregate {
  const zone = options.timeZone ?? 0;
  const interval = options.intervalMs ?? HOUR;
  const minCapture = options.minCapture ?? 0;
  const statistic = options.statistic ?? 'mean';
  const ranged = options.from !== undefined && options.till !== undefined;
  const from = options.from ?? Number.NEGATIVE_INFINITY;
  const till = options.till ?? Number.POSITIVE_INFINITY;
  const inRange = atMs.map((_, i) => i).filter((i) => atMs[i]! >= from && atMs[i]! < till);
  const out: OracleAggregate = {
    startMs: [],
    endMs: [],
    values: [],
    count: [],
    possible: [],
    members: [],
  };
  let periods: Array<[number, number]>;
  if (ranged) periods = naivePeriods(options.period, zone, from, till, false);
  else if (atMs.length === 0) return out;
  else periods = naivePeriods(options.period, zone, atMs[0]!, atMs[atMs.length - 1]!, true);
  const t0 = inRange.length > 0 ? atMs[inRange[0]!]! : Number.NaN;
  const tL = inRange.length > 0 ? atMs[inRange[inRange.length - 1]!]! : Number.NaN;
  // The observed grid t0 + k·interval up to tL, walked once beside the periods.
  const grid: number[] = [];
  if (options.denominator === 'observed-span' && inRange.length > 0) {
    for (let k = 0; t0 + k * interval <= tL; k++) grid.push(t0 + k * interval);
  }
  let g = 0;
  for (const [s, e] of periods) {
    const members = inRange.filter((i) => atMs[i]! >= s && atMs[i]! < e);
    const valid = members.map((i) => values[i]!).filter((v) => Number.isFinite(v));
    const a = Math.max(s, from);
    const b = Math.min(e, till);
    let possible = 0;
    if (options.denominator === 'observed-span') {
      while (g < grid.length && grid[g]! < a) g++;
      for (let h = g; h < grid.length && grid[h]! < b; h++) possible++;
    } else possible = Math.round((b - a) / interval);
    const n = valid.length;
    let value: number;
    if (statistic === 'count') value = n;
    else if (statistic === 'capture') value = n / possible;
    else if (n === 0 || n / possible < minCapture) value = Number.NaN;
    else value = naiveStatistic(valid, statistic, options.percentile);
    out.startMs.push(s);
    out.endMs.push(e);
    out.values.push(value);
    out.count.push(n);
    out.possible.push(possible);
    out.members.push(members);
  }
  return out;
}

function naiveStatistic(valid: number[], statistic: string, percentile?: number): number {
  const n = valid.length;
  let sum = 0;
  for (const v of valid) sum += v;
  switch (statistic) {
    case 'mean':
      return sum / n;
    case 'sum':
      return sum;
    case 'min':
      return Math.min(...valid);
    case 'max':
      return Math.max(...valid);
    case 'median':
      return naiveMedian(valid);
    case 'percentile':
      return naiveQuantile(valid, (percentile as number) / 100);
    case 'sd': {
      if (n < 2) return Number.NaN;
      const mean = sum / n;
      let squares = 0;
      for (const v of valid) squares += (v - mean) ** 2;
      return Math.sqrt(squares / (n - 1));
    }
    default:
      throw new Error(`unknown statistic ${statistic}`);
  }
}

/** aggregateWind by brute force (§4.4): the same periods, vector means of the valid records. */
export function naiveWind(
  atMs: readonly number[],
  direction: readonly number[],
  speed: readonly number[] | undefined,
  options: OracleOptions,
): {
  startMs: number[];
  direction: number[];
  resultant: number[];
  count: number[];
  possible: number[];
} {
  const base = naiveAggregate(atMs, direction, { ...options, statistic: 'count' });
  const minCapture = options.minCapture ?? 0;
  const dirs: number[] = [];
  const res: number[] = [];
  const counts: number[] = [];
  base.members.forEach((members, k) => {
    const valid = members.filter(
      (i) =>
        Number.isFinite(direction[i]) &&
        (speed === undefined || (Number.isFinite(speed[i]) && speed[i]! >= 0)),
    );
    counts.push(valid.length);
    if (valid.length === 0 || valid.length / base.possible[k]! < minCapture) {
      dirs.push(Number.NaN);
      res.push(Number.NaN);
      return;
    }
    let u = 0;
    let v = 0;
    for (const i of valid) {
      const w = speed === undefined ? 1 : speed[i]!;
      u += w * Math.sin((direction[i]! * Math.PI) / 180);
      v += w * Math.cos((direction[i]! * Math.PI) / 180);
    }
    u /= valid.length;
    v /= valid.length;
    res.push(Math.sqrt(u * u + v * v));
    if (u === 0 && v === 0) dirs.push(0);
    else {
      let d = (Math.atan2(u, v) * 180) / Math.PI;
      if (d < 0) d += 360;
      dirs.push(d === 360 ? 0 : d);
    }
  });
  return {
    startMs: base.startMs,
    direction: dirs,
    resultant: res,
    count: counts,
    possible: base.possible,
  };
}

/** rollingMean by brute force (§5): every stamp tested against every window. */
export function naiveRolling(
  atMs: readonly number[],
  values: readonly number[],
  hours: number,
  align: 'right' | 'left' | 'centre',
  minCapture: number,
  intervalMs: number,
): { values: number[]; count: number[] } {
  const w = hours * HOUR;
  const c = Math.floor((hours - 1) / 2) * HOUR;
  const outValues: number[] = [];
  const outCount: number[] = [];
  for (const t of atMs) {
    const inside = (s: number) =>
      align === 'right'
        ? s > t - w && s <= t
        : align === 'left'
          ? s >= t && s < t + w
          : s >= t - c && s < t - c + w;
    const valid = atMs
      .map((s, j) => [s, values[j]!] as const)
      .filter(([s, v]) => inside(s) && Number.isFinite(v))
      .map(([, v]) => v);
    let sum = 0;
    for (const v of valid) sum += v;
    outCount.push(valid.length);
    outValues.push(
      valid.length > 0 && valid.length / (w / intervalMs) >= minCapture
        ? sum / valid.length
        : Number.NaN,
    );
  }
  return { values: outValues, count: outCount };
}

/** §2's agreement: |got − want| ≤ 1e-9·max(1, |want|), NaN in the same places. */
export function agrees(got: number, want: number, relative = 1e-9): boolean {
  if (Number.isNaN(want)) return Number.isNaN(got);
  if (!Number.isFinite(want)) return got === want;
  return Math.abs(got - want) <= relative * Math.max(1, Math.abs(want));
}
