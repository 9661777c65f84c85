import { checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { medianOfSorted, quantileOfSorted } from './order-statistics.js';
import { layOutPeriods, type PeriodOptions } from './period-layout.js';
import { checkTimedSeries, type TimedSeries } from './trends-series.js';

// Calendar summaries of a series (openair's timeAverage, Carslaw & Ropkins 2012): one value
// per period from the period's valid values, NaN where the data do not cover enough of it.

/** What `aggregatePeriods` computes over each period's valid values. */
export type PeriodStatistic =
  | 'mean'
  | 'median'
  | 'min'
  | 'max'
  | 'sum'
  | 'sd'
  | 'count'
  | 'capture'
  | 'percentile';

/** Options of {@link aggregatePeriods}: the periods, and the statistic. */
export interface AggregateOptions extends PeriodOptions {
  /** Default `'mean'`. */
  statistic?: PeriodStatistic;
  /** In [0, 100]; required with `statistic: 'percentile'`, refused with any other. */
  percentile?: number;
}

/** One row per period: its instants, value, valid values and possible base intervals. */
export interface PeriodSeries {
  /** Each period's first instant, epoch ms. */
  startMs: Float64Array;
  /** Each period's end (exclusive), epoch ms: the next period's start. */
  endMs: Float64Array;
  values: Float64Array;
  /** Valid (finite) values of the period in range. */
  count: Uint32Array;
  /** Base intervals the period could hold (the capture denominator). */
  possible: Uint32Array;
}

const STATISTICS: readonly PeriodStatistic[] = Object.freeze([
  'mean',
  'median',
  'min',
  'max',
  'sum',
  'sd',
  'count',
  'capture',
  'percentile',
] as const);

/**
 * Summarises a series by calendar periods in a time zone: hours, days, ISO weeks, months,
 * quarters, meteorological seasons (DJF labelled by its December) or years. A period with no
 * valid value, or with `count / possible` below `minCapture`, gets NaN (except for the
 * statistics `'count'` and `'capture'`); periods without data are present with `count` 0.
 *
 * Statistics: mean; median and percentile as type-7 quantiles (R's default); min; max; sum;
 * sd (sample, n − 1; NaN below two values); count; capture (`count / possible`, a fraction).
 * `possible` counts the period's base intervals inside the range (`denominator: 'calendar'`),
 * or the slots from the first to the last stamp in range as openair does (`'observed-span'`).
 *
 * @param series - stamps (epoch ms, hour-beginning, strictly increasing) and values; a value
 *   that is not finite is missing
 * @param options - see {@link AggregateOptions}
 * @returns one row per period, in time order; empty arrays for an empty series without a range
 * @throws TypeError / RangeError naming the parameter and value on misuse
 * @example
 * const H = Date.UTC(2024, 0, 1);
 * const atMs = [0, 1, 2, 3, 4, 5, 24, 25, 26].map((h) => H + h * 3_600_000);
 * const daily = aggregatePeriods({ atMs, values: [1, 2, 3, 4, NaN, 6, 10, 20, 30] }, { period: 'day' });
 * // daily.values → Float64Array [3.2, 20], daily.count → [5, 3], daily.possible → [24, 24]
 */
export function aggregatePeriods(series: TimedSeries, options: AggregateOptions): PeriodSeries {
  const name = 'aggregatePeriods';
  checkTimedSeries(name, series);
  const layout = layOutPeriods(name, series.atMs, options);
  const { statistic = 'mean', percentile } = options;
  checkOneOf(name, 'options.statistic', statistic, STATISTICS);
  checkPercentile(name, statistic, percentile);
  const { startMs, endMs, firstIndex, possible, minCapture } = layout;
  const periods = startMs.length;
  const source = series.values;
  const values = new Float64Array(periods);
  const count = new Uint32Array(periods);
  // The valid values of one period at a time, sorted for the order statistics.
  const sorts = statistic === 'median' || statistic === 'percentile';
  const scratch = sorts ? new Float64Array(longestPeriod(firstIndex)) : undefined;
  const q = (percentile ?? 0) / 100;
  const plain =
    statistic === 'mean' || statistic === 'sum' || statistic === 'count' || statistic === 'capture';
  for (let k = 0; k < periods; k++) {
    const first = firstIndex[k] as number;
    const last = firstIndex[k + 1] as number;
    let n = 0;
    let sum = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    if (plain) {
      // The common case (mean, sum, count, capture) in its own tight loop.
      for (let i = first; i < last; i++) {
        const v = source[i] as number;
        if (v - v === 0) {
          n++;
          sum += v;
        }
      }
    } else
      for (let i = first; i < last; i++) {
        const v = source[i] as number;
        // NaN and ±Infinity fail this test: missing.
        if (!(v - v === 0)) continue;
        if (scratch !== undefined) scratch[n] = v;
        n++;
        sum += v;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    count[k] = n;
    const capture = n / (possible[k] as number);
    if (statistic === 'count') values[k] = n;
    else if (statistic === 'capture') values[k] = capture;
    else if (n === 0 || capture < minCapture) values[k] = Number.NaN;
    else if (statistic === 'mean') values[k] = sum / n;
    else if (statistic === 'sum') values[k] = sum;
    else if (statistic === 'min') values[k] = min;
    else if (statistic === 'max') values[k] = max;
    else if (statistic === 'sd') values[k] = sampleSd(source, first, last, sum / n, n);
    else if (scratch !== undefined) {
      const sorted = scratch.subarray(0, n).sort();
      // The median as (a + b) / 2, not through the quantile expression at 0.5, whose
      // a + 0.5·(b − a) can round differently.
      values[k] =
        statistic === 'median' ? medianOfSorted(sorted, 0, n) : quantileOfSorted(sorted, q, 0, n);
    }
  }
  return { startMs, endMs, values, count, possible };
}

// Two-pass sample standard deviation over the valid values of [first, last).
function sampleSd(
  source: ArrayLike<number>,
  first: number,
  last: number,
  mean: number,
  n: number,
): number {
  if (n < 2) return Number.NaN;
  let squares = 0;
  for (let i = first; i < last; i++) {
    const v = source[i] as number;
    if (!(v - v === 0)) continue;
    squares += (v - mean) * (v - mean);
  }
  return Math.sqrt(squares / (n - 1));
}

function longestPeriod(firstIndex: Uint32Array): number {
  let longest = 0;
  for (let k = 0; k + 1 < firstIndex.length; k++) {
    longest = Math.max(longest, (firstIndex[k + 1] as number) - (firstIndex[k] as number));
  }
  return longest;
}

function checkPercentile(name: string, statistic: PeriodStatistic, percentile: unknown): void {
  if (statistic !== 'percentile') {
    if (percentile === undefined) return;
    const expectation = "must be absent unless options.statistic is 'percentile'";
    throw argumentError(RangeError, name, 'options.percentile', expectation, percentile);
  }
  if (typeof percentile === 'number' && percentile >= 0 && percentile <= 100) return;
  const ErrorType =
    typeof percentile === 'number' || percentile === undefined ? RangeError : TypeError;
  const expectation = "must be a number in [0, 100] with options.statistic 'percentile'";
  throw argumentError(ErrorType, name, 'options.percentile', expectation, percentile);
}
