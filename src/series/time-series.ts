import { checkFiniteNumber } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import {
  CHUNK_SIZE,
  chunkTreeLength,
  meanOfSum,
  refreshChunkTree,
  transplantLeaves,
  windowSum,
} from './chunk-sum-tree.js';
import { lowerBound } from './lower-bound.js';
import { countSharedTimes, mergeFromBack } from './merge-batch.js';
import { invalidSampleError, isValidSample } from './sample-problem.js';
import { type SortedBatch, sortBatch } from './sorted-batch.js';

/** Options of {@link TimeSeries}. */
export interface TimeSeriesOptions {
  /** Samples to reserve room for up front, a non-negative integer. Default 16. */
  readonly initialCapacity?: number;
}

/**
 * Capacity multiplier when a series runs out of room. Below 1.5 on purpose: at 16.5 bytes per
 * sample of capacity, the worst moment right after growing is 16.5 × 1.4 ≈ 23.1 bytes per
 * stored sample, inside the 24-byte budget of the in-memory store; appending stays amortised O(1).
 */
export const TIME_SERIES_GROWTH_FACTOR = 1.4;
/** Largest number of samples one series can hold (8 GiB of timestamps). */
export const TIME_SERIES_MAX_CAPACITY = 2 ** 30;
const DEFAULT_CAPACITY = 16;
// Pruning that leaves the buffer more than this many times too large gives memory back.
const SHRINK_RATIO = 4;
// How the query-bound checks name what they expect.
const EPOCH_MS = 'a finite number of epoch milliseconds';

/**
 * The samples of one (installation, measurement type) pair, kept sorted by time, with O(log n)
 * window means. Storage is flat: timestamps and values in two `Float64Array`s (16 bytes per
 * sample) plus a segment tree of 64-sample chunk sums (at most 0.5 bytes per sample). Queries
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
  #times: Float64Array;
  #values: Float64Array;
  // Segment tree of chunk sums; slot 0 carries the residual of the last window sum.
  #chunkTree: Float64Array;
  // Live samples occupy [#head, #end). Pruning only advances #head, so it is O(log n); no query
  // reads the dead slots (or a tree node over them), and the next compaction reclaims them.
  #head = 0;
  #end = 0;

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
    this.#times = new Float64Array(initialCapacity);
    this.#values = new Float64Array(initialCapacity);
    this.#chunkTree = new Float64Array(chunkTreeLength(initialCapacity));
  }

  /** Number of stored samples. @example new TimeSeries().length; // 0 */
  get length(): number {
    return this.#end - this.#head;
  }

  /** Epoch ms of the oldest sample, `undefined` when empty. @example new TimeSeries().firstAtMs; // undefined */
  get firstAtMs(): number | undefined {
    return this.#end > this.#head ? this.#times[this.#head] : undefined;
  }

  /** Epoch ms of the newest sample, `undefined` when empty. @example new TimeSeries().lastAtMs; // undefined */
  get lastAtMs(): number | undefined {
    return this.#end > this.#head ? this.#times[this.#end - 1] : undefined;
  }

  /**
   * Bytes held by the series' typed arrays, spare capacity included: 16.25 to 16.5 per sample
   * of capacity; growth leaves at most 40 % spare, which {@link TimeSeries.trimToSize} removes.
   *
   * @example
   * new TimeSeries({ initialCapacity: 64 }).byteLength; // 1040 (64 × 16 + 2 × 8)
   */
  get byteLength(): number {
    return this.#times.byteLength + this.#values.byteLength + this.#chunkTree.byteLength;
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
    const time = atMs + 0; // -0 → 0: one instant, one representation
    let end = this.#end;
    if (end > this.#head && time <= this.#times[end - 1]!) {
      this.#insert(time, value + 0); // end - 1 is a live position
      return;
    }
    if (end === this.#times.length) {
      this.#ensureRoom(1);
      end = this.#end;
    }
    this.#times[end] = time;
    this.#values[end] = value + 0;
    this.#end = end + 1;
    if ((this.#end & (CHUNK_SIZE - 1)) === 0) {
      refreshChunkTree(this.#values, this.#chunkTree, Math.floor(end / CHUNK_SIZE), this.#end);
    }
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
    this.#merge(sortBatch('TimeSeries.addBatch', atMs, values));
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
    const from = lowerBound(this.#times, this.#head, this.#end, fromMs);
    const till = lowerBound(this.#times, from, this.#end, tillMs);
    if (till === from) return undefined;
    const sumHi = windowSum(this.#values, this.#chunkTree, from, till);
    return meanOfSum(sumHi, this.#chunkTree[0]!, till - from); // slot 0 always exists
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
    const from = lowerBound(this.#times, this.#head, this.#end, fromMs);
    return lowerBound(this.#times, from, this.#end, tillMs) - from;
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
    const from = lowerBound(this.#times, this.#head, this.#end, fromMs);
    const till = lowerBound(this.#times, from, this.#end, tillMs);
    if (till === from) return 0;
    return windowSum(this.#values, this.#chunkTree, from, till);
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
    const at = lowerBound(this.#times, this.#head, this.#end, atMs);
    return at < this.#end ? this.#times[at] : undefined;
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
    const keepFrom = lowerBound(this.#times, this.#head, this.#end, atMs);
    const removed = keepFrom - this.#head;
    if (removed === 0) return 0;
    this.#head = keepFrom;
    if (this.#head === this.#end) {
      // Empty again: start over at position 0.
      this.#head = 0;
      this.#end = 0;
    }
    const live = this.length;
    if (this.#times.length > SHRINK_RATIO * Math.max(DEFAULT_CAPACITY, live)) {
      this.#relocate(Math.max(DEFAULT_CAPACITY, Math.ceil(live * TIME_SERIES_GROWTH_FACTOR)));
    }
    return removed;
  }

  /**
   * Releases all spare capacity (growth slack and pruned slots), leaving 16 bytes per sample
   * plus at most 0.5 for the chunk tree. Worth calling after a bulk load; the next append grows.
   *
   * @example
   * series.trimToSize(); // series.byteLength ≤ 16.5 × series.length + 16
   */
  trimToSize(): void {
    if (this.#head !== 0 || this.#end !== this.#times.length) this.#relocate(this.length);
  }

  /**
   * Copies of the stored samples in time order, e.g. for persisting or inspecting a series.
   *
   * @example
   * series.toArrays(); // { atMs: Float64Array [...], values: Float64Array [...] }
   */
  toArrays(): { atMs: Float64Array; values: Float64Array } {
    return {
      atMs: this.#times.slice(this.#head, this.#end),
      values: this.#values.slice(this.#head, this.#end),
    };
  }

  /** Out-of-order path of `add`: replace at an existing `atMs`, or shift the tail and insert. */
  #insert(atMs: number, value: number): void {
    let at = lowerBound(this.#times, this.#head, this.#end, atMs);
    if (this.#times[at] !== atMs) {
      this.#ensureRoom(1);
      at = lowerBound(this.#times, this.#head, this.#end, atMs);
      this.#times.copyWithin(at + 1, at, this.#end);
      this.#values.copyWithin(at + 1, at, this.#end);
      this.#times[at] = atMs;
      this.#end++;
    }
    this.#values[at] = value;
    refreshChunkTree(this.#values, this.#chunkTree, Math.floor(at / CHUNK_SIZE), this.#end);
  }

  /** Merges a sorted, de-duplicated batch: O(n + m), one tree refresh from the first change. */
  #merge(batch: SortedBatch): void {
    const incoming = batch.atMs.length;
    if (incoming === 0) return;
    const from = lowerBound(this.#times, this.#head, this.#end, batch.atMs[0]!); // incoming > 0
    const added = incoming - countSharedTimes(this.#times, from, this.#end, batch.atMs);
    this.#ensureRoom(added);
    const lowest = mergeFromBack(this.#times, this.#values, this.#head, this.#end, batch, added);
    this.#end += added;
    refreshChunkTree(this.#values, this.#chunkTree, Math.floor(lowest / CHUNK_SIZE), this.#end);
  }

  /** Makes room for `extra` more samples after #end: compacts in place or grows geometrically. */
  #ensureRoom(extra: number): void {
    if (this.#end + extra <= this.#times.length) return;
    const needed = this.length + extra;
    if (needed > TIME_SERIES_MAX_CAPACITY) {
      throw new RangeError(
        `TimeSeries: cannot hold more than ${TIME_SERIES_MAX_CAPACITY} samples, ${needed} needed`,
      );
    }
    const target = Math.min(
      TIME_SERIES_MAX_CAPACITY,
      Math.max(DEFAULT_CAPACITY, Math.ceil(needed * TIME_SERIES_GROWTH_FACTOR)),
    );
    // Compacting in place only when it frees as much as growing would keeps appends amortised
    // O(1): either way at least needed × 0.4 appends pass before the next O(n) move.
    if (target <= this.#times.length) this.#compactInPlace();
    else this.#relocate(target);
  }

  #compactInPlace(): void {
    this.#times.copyWithin(0, this.#head, this.#end);
    this.#values.copyWithin(0, this.#head, this.#end);
    this.#end -= this.#head;
    this.#head = 0;
    refreshChunkTree(this.#values, this.#chunkTree, 0, this.#end);
  }

  #relocate(capacity: number): void {
    const times = new Float64Array(capacity);
    const values = new Float64Array(capacity);
    times.set(this.#times.subarray(this.#head, this.#end));
    values.set(this.#values.subarray(this.#head, this.#end));
    const tree = new Float64Array(chunkTreeLength(capacity));
    const live = this.#end - this.#head;
    // Unshifted samples keep their chunks, so their sums can move across (growth, trimming);
    // shifted ones (after pruning) are summed again.
    if (this.#head === 0) transplantLeaves(this.#chunkTree, tree, Math.floor(live / CHUNK_SIZE));
    else refreshChunkTree(values, tree, 0, live);
    this.#head = 0;
    this.#end = live;
    this.#times = times;
    this.#values = values;
    this.#chunkTree = tree;
  }
}
