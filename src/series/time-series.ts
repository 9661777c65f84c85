import { checkFiniteNumber } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { meanOfSum, windowSum } from './chunk-sum-tree.js';
import { lowerBound } from './lower-bound.js';
import { invalidSampleError, isValidSample } from './sample-problem.js';
import { DEFAULT_CAPACITY, SeriesBuffer, TIME_SERIES_MAX_CAPACITY } from './series-buffer.js';
import { sortBatch } from './sorted-batch.js';

export { TIME_SERIES_GROWTH_FACTOR, TIME_SERIES_MAX_CAPACITY } from './series-buffer.js';

/** Options of {@link TimeSeries}. */
export interface TimeSeriesOptions {
  /** Samples to reserve room for up front, a non-negative integer. Default 16. */
  readonly initialCapacity?: number;
}

// How the query-bound checks name what they expect.
const EPOCH_MS = 'a finite number of epoch milliseconds';

/**
 * The samples of one (installation, measurement type) pair, kept sorted by time, with O(log n)
 * window means. Storage is flat: timestamps and values in two `Float64Array`s (16 bytes per
 * sample) plus a segment tree of 32-sample chunk sums (at most 0.5 bytes per sample). Queries
 * allocate nothing.
 *
 * - `add` in time order is amortised O(1); a late sample is moved into place (O(distance from
 *   the end)); a second sample at the same `atMs` replaces the first.
 * - `average`, `count` and `sum` take a half-open window `[fromMs, tillMs)`: a sample at
 *   `fromMs` counts, one at `tillMs` does not.
 * - A window's sum is built only from samples inside it, added with compensation: its error is
 *   a few units in the last place of Σ|v| over the window, whatever came before. A constant
 *   window gives exactly the constant, a window of zeros exactly 0, and a mean never leaves
 *   the window's [min, max].
 *
 * @example
 * const series = new TimeSeries();
 * series.add(Date.UTC(2026, 10, 21, 9, 0), 10);
 * series.add(Date.UTC(2026, 10, 21, 9, 30), 20);
 * series.add(Date.UTC(2026, 10, 21, 10, 0), 99);
 * series.average(Date.UTC(2026, 10, 21, 9), Date.UTC(2026, 10, 21, 10)); // 15 (10:00 excluded)
 * series.average(Date.UTC(2026, 10, 21, 11), Date.UTC(2026, 10, 21, 12)); // undefined
 */
export class TimeSeries {
  readonly #buffer: SeriesBuffer;

  /**
   * @param options - `initialCapacity` (default 16 samples)
   * @throws RangeError when `initialCapacity` is not an integer in [0, 2^30]
   * @example
   * new TimeSeries({ initialCapacity: 43_200 }).length; // 0
   */
  constructor(options: TimeSeriesOptions = {}) {
    const { initialCapacity = DEFAULT_CAPACITY } = options;
    if (
      !Number.isInteger(initialCapacity) ||
      initialCapacity < 0 ||
      initialCapacity > TIME_SERIES_MAX_CAPACITY
    ) {
      throw argumentError(
        RangeError,
        'TimeSeries',
        'initialCapacity',
        `must be an integer in [0, ${TIME_SERIES_MAX_CAPACITY}]`,
        initialCapacity,
      );
    }
    this.#buffer = new SeriesBuffer(initialCapacity);
  }

  /** Number of stored samples. @example new TimeSeries().length; // 0 */
  get length(): number {
    return this.#buffer.end - this.#buffer.head;
  }

  /** Epoch ms of the oldest sample, `undefined` when empty. @example new TimeSeries().firstAtMs; // undefined */
  get firstAtMs(): number | undefined {
    const { times, head, end } = this.#buffer;
    return end > head ? times[head] : undefined;
  }

  /** Epoch ms of the newest sample, `undefined` when empty. @example new TimeSeries().lastAtMs; // undefined */
  get lastAtMs(): number | undefined {
    const { times, head, end } = this.#buffer;
    return end > head ? times[end - 1] : undefined;
  }

  /**
   * Bytes held by the series' typed arrays, spare capacity included: at most 16.5 per sample of
   * capacity from a capacity of 32 on (16 for the two arrays, 0.5 for the tree: two slots per
   * complete chunk of 32); growth leaves at most 40 % spare, which
   * {@link TimeSeries.trimToSize} removes.
   *
   * @example
   * new TimeSeries({ initialCapacity: 64 }).byteLength; // 1056 (64 × 16 + 4 × 8)
   */
  get byteLength(): number {
    return this.#buffer.byteLength;
  }

  /**
   * Stores one sample. Appending in time order is the fast path; a late sample lands in its
   * place; a sample at an `atMs` already present replaces that value.
   *
   * @param atMs - epoch milliseconds, a whole number within the `Date` range
   * @param value - a finite number with `|value| <= 1e15`
   * @throws TypeError / RangeError naming the sample when it is invalid (see `sampleProblem`);
   *   the series is then unchanged
   * @example
   * series.add(1795251600000, 12.5);
   */
  add(atMs: number, value: number): void {
    if (!isValidSample(atMs, value)) {
      throw invalidSampleError('TimeSeries.add', undefined, atMs, value);
    }
    this.#buffer.put(atMs + 0, value + 0); // -0 → 0: one instant, one representation
  }

  /**
   * Stores many samples at once, all or nothing: every sample is validated before anything
   * changes. Order within the batch does not matter; for a repeated `atMs` the later sample in
   * the batch wins, and a batch sample replaces a stored one at the same `atMs`. O(n + m log m).
   *
   * @param atMs - epoch milliseconds per sample
   * @param values - `values[i]` belongs to `atMs[i]`; same length as `atMs`
   * @throws TypeError / RangeError naming the first invalid sample (its index, time and
   *   value), or when the lengths differ; the series is then unchanged
   * @example
   * series.addBatch([1795251600000, 1795251660000], [12.5, 13]);
   */
  addBatch(atMs: ArrayLike<number>, values: ArrayLike<number>): void {
    this.#buffer.merge(sortBatch('TimeSeries.addBatch', atMs, values));
  }

  /**
   * Mean of the samples with `fromMs <= atMs < tillMs`. O(log n) and allocation-free.
   *
   * @param fromMs - window start, epoch milliseconds (inclusive)
   * @param tillMs - window end, epoch milliseconds (exclusive)
   * @returns the mean, or `undefined` when the window holds no sample (also when
   *   `fromMs >= tillMs`); never `NaN`
   * @throws TypeError / RangeError when a bound is not a finite number
   * @example
   * series.average(Date.UTC(2026, 10, 21, 9), Date.UTC(2026, 10, 21, 10)); // e.g. 15
   */
  average(fromMs: number, tillMs: number): number | undefined {
    checkFiniteNumber('TimeSeries.average', 'fromMs', fromMs, EPOCH_MS);
    checkFiniteNumber('TimeSeries.average', 'tillMs', tillMs, EPOCH_MS);
    const { times, values, chunkTree, head, end } = this.#buffer;
    const from = lowerBound(times, head, end, fromMs);
    const till = lowerBound(times, from, end, tillMs);
    if (till === from) return undefined;
    const sumHi = windowSum(values, chunkTree, from, till);
    return meanOfSum(sumHi, chunkTree[0]!, till - from); // slot 0 always exists
  }

  /**
   * Number of samples with `fromMs <= atMs < tillMs`; 0 for an empty window. O(log n).
   *
   * @throws TypeError / RangeError when a bound is not a finite number
   * @example
   * series.count(Date.UTC(2026, 10, 21, 9), Date.UTC(2026, 10, 21, 10)); // e.g. 2
   */
  count(fromMs: number, tillMs: number): number {
    checkFiniteNumber('TimeSeries.count', 'fromMs', fromMs, EPOCH_MS);
    checkFiniteNumber('TimeSeries.count', 'tillMs', tillMs, EPOCH_MS);
    const { times, head, end } = this.#buffer;
    const from = lowerBound(times, head, end, fromMs);
    return lowerBound(times, from, end, tillMs) - from;
  }

  /**
   * Compensated sum of the samples with `fromMs <= atMs < tillMs`; 0 for an empty window.
   * O(log n) and allocation-free.
   *
   * @throws TypeError / RangeError when a bound is not a finite number
   * @example
   * series.sum(Date.UTC(2026, 10, 21, 9), Date.UTC(2026, 10, 21, 10)); // e.g. 30
   */
  sum(fromMs: number, tillMs: number): number {
    checkFiniteNumber('TimeSeries.sum', 'fromMs', fromMs, EPOCH_MS);
    checkFiniteNumber('TimeSeries.sum', 'tillMs', tillMs, EPOCH_MS);
    const { times, values, chunkTree, head, end } = this.#buffer;
    const from = lowerBound(times, head, end, fromMs);
    return windowSum(values, chunkTree, from, lowerBound(times, from, end, tillMs)); // 0 if empty
  }

  /**
   * Epoch ms of the first sample at or after `atMs`: the instant a window whose edge sits at
   * `atMs` next changes as the edge moves forward. O(log n) and allocation-free.
   *
   * @returns the timestamp, or `undefined` when no sample is that late
   * @throws TypeError / RangeError when `atMs` is not a finite number
   * @example
   * series.firstAtOrAfter(Date.UTC(2026, 10, 21, 9, 10)); // Date.UTC(2026, 10, 21, 9, 30)
   */
  firstAtOrAfter(atMs: number): number | undefined {
    checkFiniteNumber('TimeSeries.firstAtOrAfter', 'atMs', atMs, EPOCH_MS);
    const { times, head, end } = this.#buffer;
    const at = lowerBound(times, head, end, atMs);
    return at < end ? times[at] : undefined;
  }

  /**
   * Drops every sample older than `atMs` (strictly: a sample at `atMs` stays). O(log n); the
   * space is reused by later appends, and handed back when the buffer becomes mostly empty.
   *
   * @param atMs - epoch milliseconds
   * @returns how many samples were removed
   * @throws TypeError / RangeError when `atMs` is not a finite number
   * @example
   * series.pruneBefore(Date.UTC(2026, 10, 20)); // e.g. 1440
   */
  pruneBefore(atMs: number): number {
    checkFiniteNumber('TimeSeries.pruneBefore', 'atMs', atMs, EPOCH_MS);
    return this.#buffer.pruneBefore(atMs);
  }

  /**
   * Releases all spare capacity (growth slack and pruned slots), leaving 16 bytes per sample
   * plus at most 0.5 for the chunk tree. Worth calling after a bulk load; the next append grows.
   *
   * @example
   * series.trimToSize(); // series.byteLength ≤ 16.5 × series.length + 16
   */
  trimToSize(): void {
    this.#buffer.trimToSize();
  }

  /**
   * Copies of the stored samples in time order, e.g. for persisting or inspecting a series.
   *
   * @example
   * series.toArrays(); // { atMs: Float64Array [...], values: Float64Array [...] }
   */
  toArrays(): { atMs: Float64Array; values: Float64Array } {
    const { times, values, head, end } = this.#buffer;
    return { atMs: times.slice(head, end), values: values.slice(head, end) };
  }
}
