import {
  checkFiniteNumber,
  checkNumberInRange,
  checkObject,
  checkOneOf,
  checkSafeInteger,
} from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { PERIODS, type Period, periodBoundaries } from './calendar-periods.js';
import { type TimeZone, zoneOffsetReader } from './time-zone.js';

// The part of aggregatePeriods and aggregateWind that does not depend on the values: the
// options, the periods over the range, which stamps fall in each, and the capture denominator
// (openair's timeAverage, with airq's calendar denominator as the default).

/** How `possible` counts the base intervals of a period (see {@link PeriodOptions}). */
export type CaptureDenominator = 'calendar' | 'observed-span';

/** The periods of `aggregatePeriods` and `aggregateWind`. */
export interface PeriodOptions {
  /** The period length: `'hour'`, `'day'`, `'week'` (ISO, Monday), `'month'`, `'quarter'`, `'season'` (DJF, MAM, JJA, SON) or `'year'`. */
  period: Period;
  /** Minutes east of UTC or an IANA name; default 0 (UTC). */
  timeZone?: TimeZone;
  /** The series' base interval in ms, dividing one day (one hour for `'hour'`); default 3 600 000. */
  intervalMs?: number;
  /** Start of the range, epoch ms (with `till`); default: the start of the first stamp's period. */
  from?: number;
  /** End of the range (exclusive), epoch ms (with `from`); default: the end of the last stamp's period. */
  till?: number;
  /** The least `count / possible` for a value, a fraction in [0, 1]; default 0. */
  minCapture?: number;
  /** `'calendar'` (default): base intervals of the period in range; `'observed-span'`: only those from the first to the last stamp in range (openair). */
  denominator?: CaptureDenominator;
}

/** The periods over a series, their stamps and their capture denominators. */
export interface PeriodLayout {
  startMs: Float64Array;
  endMs: Float64Array;
  /** The stamps of period k are the indices `firstIndex[k]` to `firstIndex[k + 1] − 1`. */
  firstIndex: Uint32Array;
  possible: Uint32Array;
  minCapture: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DENOMINATORS: readonly CaptureDenominator[] = Object.freeze([
  'calendar',
  'observed-span',
] as const);

/**
 * Checks the period options and lays the periods over the stamps (already checked: finite and
 * strictly increasing). Without `from`/`till` an empty series gives no periods.
 *
 * @throws TypeError / RangeError naming `functionName`, the option and its value (§11)
 * @example
 * layOutPeriods('aggregatePeriods', [0, 3_600_000], { period: 'day' }).possible; // Uint32Array [24]
 */
export function layOutPeriods(
  functionName: string,
  atMs: ArrayLike<number>,
  options: PeriodOptions,
): PeriodLayout {
  checkObject(functionName, 'options', options);
  const { period, timeZone, intervalMs = HOUR_MS, from, till } = options;
  const { minCapture = 0, denominator = 'calendar' } = options;
  checkOneOf(functionName, 'options.period', period, PERIODS);
  const offsetMs = zoneOffsetReader(functionName, timeZone);
  checkIntervalMs(functionName, intervalMs, period === 'hour' ? HOUR_MS : DAY_MS);
  checkRange(functionName, from, till);
  checkNumberInRange(functionName, 'options.minCapture', minCapture, 0, 1);
  checkOneOf(functionName, 'options.denominator', denominator, DENOMINATORS);

  const n = atMs.length;
  let lo = 0;
  let hi = n;
  let boundaries: Float64Array;
  if (from !== undefined && till !== undefined) {
    lo = lowerBound(atMs, from, 0);
    hi = lowerBound(atMs, till, lo);
    boundaries = periodBoundaries(period, from, till, offsetMs);
  } else if (n === 0) {
    boundaries = new Float64Array(1);
  } else {
    boundaries = periodBoundaries(period, atMs[0] as number, atMs[n - 1] as number, offsetMs, true);
  }
  const count = boundaries.length - 1;
  const rangeFrom = from ?? Number.NEGATIVE_INFINITY;
  const rangeTill = till ?? Number.POSITIVE_INFINITY;
  const startMs = boundaries.slice(0, count);
  const endMs = boundaries.slice(1);
  const firstIndex = new Uint32Array(count + 1);
  const possible = new Uint32Array(count);
  let i = lo;
  for (let k = 0; k < count; k++) {
    firstIndex[k] = i;
    const endK = endMs[k] as number;
    while (i < hi && (atMs[i] as number) < endK) i++;
  }
  firstIndex[count] = hi;
  // The observed grid: t0 + j·intervalMs for j = 0 … jLast, t0 and tL the first and last stamp
  // in range (openair pads from the first to the last row on the series' interval).
  const observed = denominator === 'observed-span';
  const t0 = hi > lo ? (atMs[lo] as number) : 0;
  const jLast = hi > lo ? Math.floor(((atMs[hi - 1] as number) - t0) / intervalMs) : -1;
  for (let k = 0; k < count; k++) {
    const fromK = Math.max(startMs[k] as number, rangeFrom);
    const tillK = Math.min(endMs[k] as number, rangeTill);
    if (!observed) {
      possible[k] = Math.round((tillK - fromK) / intervalMs);
      continue;
    }
    // Grid points in [fromK, tillK): j ≥ ⌈(fromK − t0)/I⌉ and j < ⌈(tillK − t0)/I⌉.
    const jFirst = Math.max(0, Math.ceil((fromK - t0) / intervalMs));
    const jEnd = Math.min(jLast + 1, Math.ceil((tillK - t0) / intervalMs));
    possible[k] = Math.max(0, jEnd - jFirst);
  }
  return { startMs, endMs, firstIndex, possible, minCapture };
}

function checkIntervalMs(functionName: string, intervalMs: unknown, unitMs: number): void {
  checkSafeInteger(functionName, 'options.intervalMs', intervalMs);
  if (intervalMs > 0 && unitMs % intervalMs === 0) return;
  const expectation = `must be a positive integer dividing ${unitMs}`;
  throw argumentError(RangeError, functionName, 'options.intervalMs', expectation, intervalMs);
}

function checkRange(functionName: string, from: unknown, till: unknown): void {
  if (from === undefined && till === undefined) return;
  if (from === undefined || till === undefined) {
    const [missing, other] = from === undefined ? ['from', 'till'] : ['till', 'from'];
    const expectation = `must be given with options.${other}`;
    throw argumentError(RangeError, functionName, `options.${missing}`, expectation, undefined);
  }
  checkFiniteNumber(functionName, 'options.from', from, 'a finite number of epoch milliseconds');
  checkFiniteNumber(functionName, 'options.till', till, 'a finite number of epoch milliseconds');
  if (till <= from) {
    const expectation = `must be after options.from (${from})`;
    throw argumentError(RangeError, functionName, 'options.till', expectation, till);
  }
}

// The first index at or after `start` whose stamp is ≥ `atMs` (binary search).
function lowerBound(atMs: ArrayLike<number>, target: number, start: number): number {
  let low = start;
  let high = atMs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((atMs[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
