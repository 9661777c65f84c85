import {
  CHUNK_SIZE,
  chunkTreeLength,
  refreshChunkTree,
  transplantLeaves,
} from './chunk-sum-tree.js';
import { lowerBound } from './lower-bound.js';
import { countSharedTimes, mergeFromBack } from './merge-batch.js';
import type { SortedBatch } from './sorted-batch.js';

// The storage behind TimeSeries: where samples live, how they get in and out, and how much
// room they take. Queries read the fields directly (time-series.ts); only this file writes them.

/**
 * Capacity multiplier when a series runs out of room. Below 1.5 on purpose: at 16.5 bytes per
 * sample of capacity, the worst moment right after growing is 16.5 × 1.4 ≈ 23.1 bytes per
 * stored sample, inside the 24-byte budget of the in-memory store; appending stays amortised O(1).
 */
export const TIME_SERIES_GROWTH_FACTOR = 1.4;
/** Largest number of samples one series can hold (8 GiB of timestamps). */
export const TIME_SERIES_MAX_CAPACITY = 2 ** 30;
/** Capacity of a new series, and the least a series shrinks to. */
export const DEFAULT_CAPACITY = 16;
// Pruning that leaves the buffer more than this many times too large gives memory back.
const SHRINK_RATIO = 4;

/**
 * Sorted samples in two `Float64Array`s plus the chunk-sum tree over their values. Live samples
 * occupy `[head, end)`: pruning only advances `head` (O(log n)); no query reads the dead slots
 * (or a tree node over them), and the next compaction reclaims them. Inputs are validated by
 * the caller ({@link TimeSeries}); this class only keeps the arrays consistent.
 *
 * @example
 * const buffer = new SeriesBuffer(16);
 * buffer.put(1795251600000, 12.5);
 * buffer.end - buffer.head; // 1
 */
export class SeriesBuffer {
  times: Float64Array;
  values: Float64Array;
  // Segment tree of chunk sums; slot 0 carries the residual of the last window sum.
  chunkTree: Float64Array;
  head = 0;
  end = 0;

  /** @param capacity - samples to reserve room for, an integer in [0, 2^30] */
  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
    this.chunkTree = new Float64Array(chunkTreeLength(capacity));
  }

  /** Bytes held by the three arrays. @example new SeriesBuffer(64).byteLength; // 1056 */
  get byteLength(): number {
    return this.times.byteLength + this.values.byteLength + this.chunkTree.byteLength;
  }

  /**
   * Stores one valid sample: appended when it is the newest (amortised O(1)), moved into place
   * when late, or replacing the value already stored at `time`.
   *
   * @param time - epoch ms, not -0
   * @param value - not -0
   * @example
   * buffer.put(1795251600000, 12.5);
   */
  put(time: number, value: number): void {
    let end = this.end;
    if (end > this.head && time <= this.times[end - 1]!) {
      this.#insert(time, value); // end - 1 is a live position
      return;
    }
    if (end === this.times.length) {
      this.#ensureRoom(1);
      end = this.end;
    }
    this.times[end] = time;
    this.values[end] = value;
    this.end = end + 1;
    if ((this.end & (CHUNK_SIZE - 1)) === 0) {
      refreshChunkTree(this.values, this.chunkTree, Math.floor(end / CHUNK_SIZE), this.end);
    }
  }

  /**
   * Merges a sorted, de-duplicated batch: O(n + m), one tree refresh from the first change.
   *
   * @example
   * buffer.merge(sortBatch('f', [1795251600000], [12.5]));
   */
  merge(batch: SortedBatch): void {
    const incoming = batch.atMs.length;
    if (incoming === 0) return;
    const from = lowerBound(this.times, this.head, this.end, batch.atMs[0]!); // incoming > 0
    const added = incoming - countSharedTimes(this.times, from, this.end, batch.atMs);
    this.#ensureRoom(added);
    const lowest = mergeFromBack(this.times, this.values, this.head, this.end, batch, added);
    this.end += added;
    refreshChunkTree(this.values, this.chunkTree, Math.floor(lowest / CHUNK_SIZE), this.end);
  }

  /**
   * Drops the samples before `atMs` (a sample at `atMs` stays); shrinks the arrays when they
   * become more than 4 × too large.
   *
   * @returns how many samples were removed
   * @example
   * buffer.pruneBefore(1795251600000); // e.g. 0
   */
  pruneBefore(atMs: number): number {
    const keepFrom = lowerBound(this.times, this.head, this.end, atMs);
    const removed = keepFrom - this.head;
    if (removed === 0) return 0;
    this.head = keepFrom;
    if (this.head === this.end) {
      // Empty again: start over at position 0.
      this.head = 0;
      this.end = 0;
    }
    const live = this.end - this.head;
    if (this.times.length > SHRINK_RATIO * Math.max(DEFAULT_CAPACITY, live)) {
      this.#relocate(Math.max(DEFAULT_CAPACITY, Math.ceil(live * TIME_SERIES_GROWTH_FACTOR)));
    }
    return removed;
  }

  /** Releases all spare capacity. @example buffer.trimToSize(); */
  trimToSize(): void {
    if (this.head !== 0 || this.end !== this.times.length) this.#relocate(this.end - this.head);
  }

  /** Out-of-order path of `put`: replace at an existing time, or shift the tail and insert. */
  #insert(time: number, value: number): void {
    let at = lowerBound(this.times, this.head, this.end, time);
    if (this.times[at] !== time) {
      this.#ensureRoom(1);
      at = lowerBound(this.times, this.head, this.end, time);
      this.times.copyWithin(at + 1, at, this.end);
      this.values.copyWithin(at + 1, at, this.end);
      this.times[at] = time;
      this.end++;
    }
    this.values[at] = value;
    refreshChunkTree(this.values, this.chunkTree, Math.floor(at / CHUNK_SIZE), this.end);
  }

  /** Makes room for `extra` more samples after `end`: compacts in place or grows geometrically. */
  #ensureRoom(extra: number): void {
    if (this.end + extra <= this.times.length) return;
    const needed = this.end - this.head + extra;
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
    if (target <= this.times.length) this.#compactInPlace();
    else this.#relocate(target);
  }

  #compactInPlace(): void {
    this.times.copyWithin(0, this.head, this.end);
    this.values.copyWithin(0, this.head, this.end);
    this.end -= this.head;
    this.head = 0;
    refreshChunkTree(this.values, this.chunkTree, 0, this.end);
  }

  #relocate(capacity: number): void {
    const times = new Float64Array(capacity);
    const values = new Float64Array(capacity);
    times.set(this.times.subarray(this.head, this.end));
    values.set(this.values.subarray(this.head, this.end));
    const tree = new Float64Array(chunkTreeLength(capacity));
    const live = this.end - this.head;
    // Unshifted samples keep their chunks, so their sums can move across (growth, trimming);
    // shifted ones (after pruning) are summed again.
    if (this.head === 0) transplantLeaves(this.chunkTree, tree, Math.floor(live / CHUNK_SIZE));
    else refreshChunkTree(values, tree, 0, live);
    this.head = 0;
    this.end = live;
    this.times = times;
    this.values = values;
    this.chunkTree = tree;
  }
}
