import {
  checkNumberInRange,
  checkObject,
  checkOneOf,
  checkSafeInteger,
} from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkTimedSeries, type TimedSeries } from './trends-series.js';

// Rolling means by time (openair's rollingMean rolls over rows; airq over hours of real time,
// so an absent hour is missing instead of stretching the window back).

/** Options of {@link rollingMean}. */
export interface RollingMeanOptions {
  /** The window length, a whole number of hours ≥ 1. */
  hours: number;
  /** Where the window sits around each stamp t: `'right'` (t − W, t] (default), `'left'` [t, t + W), `'centre'` [t − c, t − c + W) with c = ⌊(hours − 1)/2⌋ h. */
  align?: 'right' | 'left' | 'centre';
  /** The least fraction of the window's base intervals with a valid value, in [0, 1]; default 0.75. */
  minCapture?: number;
  /** The series' base interval in ms, dividing one hour; default 3 600 000. */
  intervalMs?: number;
}

/** One mean per input stamp, and how many valid values its window held. */
export interface RollingMean {
  values: Float64Array;
  count: Uint32Array;
}

const HOUR_MS = 3_600_000;
const ALIGNMENTS = Object.freeze(['right', 'left', 'centre'] as const);

/**
 * The mean of the valid values whose stamps lie in a window of `hours` hours around each stamp,
 * when at least `minCapture` of the window's `hours · 3 600 000 / intervalMs` base intervals
 * hold one (NaN otherwise).
 *
 * @param series - stamps (epoch ms, strictly increasing) and values; not finite = missing
 * @param options - see {@link RollingMeanOptions}
 * @returns `values` and `count`, one per input element
 * @throws TypeError / RangeError naming the parameter and value on misuse
 * @example
 * const atMs = [0, 1, 2, 3].map((h) => h * 3_600_000);
 * rollingMean({ atMs, values: [1, 2, 3, 4] }, { hours: 2, minCapture: 1 }).values;
 * // Float64Array [NaN, 1.5, 2.5, 3.5]
 */
export function rollingMean(series: TimedSeries, options: RollingMeanOptions): RollingMean {
  const name = 'rollingMean';
  checkTimedSeries(name, series);
  checkObject(name, 'options', options);
  const { hours, align = 'right', minCapture = 0.75, intervalMs = HOUR_MS } = options;
  checkSafeInteger(name, 'options.hours', hours);
  if (hours < 1)
    throw argumentError(RangeError, name, 'options.hours', 'must be at least 1', hours);
  checkOneOf(name, 'options.align', align, ALIGNMENTS);
  checkNumberInRange(name, 'options.minCapture', minCapture, 0, 1);
  checkSafeInteger(name, 'options.intervalMs', intervalMs);
  if (!(intervalMs > 0 && HOUR_MS % intervalMs === 0)) {
    const expectation = `must be a positive integer dividing ${HOUR_MS}`;
    throw argumentError(RangeError, name, 'options.intervalMs', expectation, intervalMs);
  }

  const { atMs, values: source } = series;
  const n = atMs.length;
  const widthMs = hours * HOUR_MS;
  const possible = widthMs / intervalMs;
  // The window of stamp t is [t + leadMs, t + leadMs + W) for left and centre alignment and
  // (t − W, t] for right: the same width, moving forward with t, so two indices slide along.
  const leadMs = align === 'left' ? 0 : -Math.floor((hours - 1) / 2) * HOUR_MS;
  const right = align === 'right';
  const values = new Float64Array(n);
  const count = new Uint32Array(n);
  let low = 0;
  let high = 0;
  let valid = 0;
  // A compensated running sum (Neumaier): values leave the window as well as enter it, and the
  // compensation keeps a large value that has left from spoiling the small ones that remain.
  let sum = 0;
  let compensation = 0;
  const add = (v: number) => {
    const total = sum + v;
    compensation += Math.abs(sum) >= Math.abs(v) ? sum - total + v : v - total + sum;
    sum = total;
  };
  for (let i = 0; i < n; i++) {
    const t = atMs[i] as number;
    // Right: (t − W, t]; others: [t + lead, t + lead + W).
    const startMs = right ? t - widthMs : t + leadMs;
    const endMs = right ? t : t + leadMs + widthMs;
    while (high < n && (right ? (atMs[high] as number) <= endMs : (atMs[high] as number) < endMs)) {
      const v = source[high] as number;
      if (v - v === 0) {
        add(v);
        valid++;
      }
      high++;
    }
    while (
      low < high &&
      (right ? (atMs[low] as number) <= startMs : (atMs[low] as number) < startMs)
    ) {
      const v = source[low] as number;
      if (v - v === 0) {
        add(-v);
        valid--;
      }
      low++;
    }
    count[i] = valid;
    values[i] =
      valid > 0 && valid / possible >= minCapture ? (sum + compensation) / valid : Number.NaN;
    // An empty window starts the sum afresh, so no rounding is carried across gaps.
    if (valid === 0) {
      sum = 0;
      compensation = 0;
    }
  }
  return { values, count };
}
