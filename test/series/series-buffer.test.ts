import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';

// Edges of the storage behind TimeSeries (src/series/series-buffer.ts), through the public API.
// The oracles are written here: the samples that were added, and sums of small integers, which
// plain addition gets exactly, so a window's sum must equal the loop below to the last bit.

/** A series holding value i at atMs i for i in [0, count), appended one by one. */
function integers(count: number, initialCapacity?: number): TimeSeries {
  const series =
    initialCapacity === undefined ? new TimeSeries() : new TimeSeries({ initialCapacity });
  for (let i = 0; i < count; i++) series.add(i, i);
  return series;
}

/**
 * Every window [from, till) of whole milliseconds in [first, last] whose `sum` or `count`
 * differs from the integers from..till-1 (the series holds value i at atMs offsetMs + i).
 */
function wrongWindows(series: TimeSeries, first: number, last: number, offsetMs = 0): string[] {
  const wrong: string[] = [];
  for (let from = first; from <= last; from++) {
    let exact = 0;
    for (let till = from + 1; till <= last; till++) {
      exact += till - 1;
      const sum = series.sum(offsetMs + from, offsetMs + till);
      const count = series.count(offsetMs + from, offsetMs + till);
      if (sum !== exact || count !== till - from) {
        wrong.push(`[${from}, ${till}): sum ${sum}, count ${count}`);
      }
    }
  }
  return wrong;
}

describe('SeriesBuffer through TimeSeries', () => {
  it('stores a sample at epoch 0 in a new series, whose spare slots hold 0', () => {
    const series = new TimeSeries();
    series.add(0, 5);
    expect(series.length).toBe(1);
    expect(series.average(0, 1)).toBe(5);
    const later = new TimeSeries();
    later.add(-60_000, 1);
    later.add(0, 2); // the newest: appended, although the next spare slot already holds 0
    expect(later.length).toBe(2);
    expect(later.toArrays()).toEqual({
      atMs: Float64Array.of(-60_000, 0),
      values: Float64Array.of(1, 2),
    });
  });

  it('stores samples again at the times of samples pruned away, which their slots still hold', () => {
    const series = integers(3); // times 0, 1, 2 in slots 0, 1, 2
    expect(series.pruneBefore(3)).toBe(3);
    expect(series.length).toBe(0);
    series.add(0, 10); // the slot of the pruned sample at 0
    series.add(1, 11); // the newest, at the time a spare slot still holds
    series.add(2, 12);
    expect(series.length).toBe(3);
    expect(series.toArrays()).toEqual({
      atMs: Float64Array.of(0, 1, 2),
      values: Float64Array.of(10, 11, 12),
    });
    expect(series.sum(0, 3)).toBe(33);
  });

  it('starts over at position 0 when pruned empty: the whole capacity is room again', () => {
    const series = integers(10, 64); // 64 slots: no shrink when emptied (64 ≤ 4 × 16)
    expect(series.pruneBefore(10)).toBe(10);
    for (let i = 0; i < 64; i++) series.add(100 + i, i);
    // 64 samples in 64 slots: nothing grew. Left at position 10, the 55th sample would have
    // found the end taken and grown the buffer to ⌈55 × 1.4⌉ = 77 slots.
    expect(series.length).toBe(64);
    expect(series.byteLength).toBe(16 * 64 + 16 * 2);
    expect(wrongWindows(series, 0, 64, 100)).toEqual([]);
  });

  it('sums from the shifted samples after pruning shrinks the buffer', () => {
    const series = integers(300); // capacity above 300
    expect(series.pruneBefore(240)).toBe(240); // 60 live: more than 4 × too large, so it shrinks
    expect(series.byteLength).toBeLessThan(16 * 120);
    expect(series.length).toBe(60);
    expect(wrongWindows(series, 240, 300)).toEqual([]);
  });

  it('sums from the shifted samples after a buffer with a pruned head grows', () => {
    const series = integers(100, 100); // full
    expect(series.pruneBefore(10)).toBe(10); // 90 live from position 10: no shrink (100 ≤ 360)
    series.add(100, 100); // no room at the end, and compacting would free too little: grows
    expect(series.byteLength).toBeGreaterThan(16 * 100);
    expect(wrongWindows(series, 10, 101)).toEqual([]);
  });

  it('sums from the shifted samples after trimming a buffer with a pruned head', () => {
    const series = integers(100, 128);
    expect(series.pruneBefore(20)).toBe(20); // 80 live from position 20
    series.trimToSize();
    expect(series.byteLength).toBe(16 * 80 + 16 * 2); // 80 slots, 2 complete chunks
    expect(wrongWindows(series, 20, 100)).toEqual([]);
  });

  it('compacts in place when that frees as much as growing would, with the same sums', () => {
    const series = integers(128, 128); // full
    expect(series.pruneBefore(40)).toBe(40); // 88 live; ⌈89 × 1.4⌉ = 125 ≤ 128 slots
    series.add(128, 128); // no room at the end: compacts into the 128 slots
    expect(series.byteLength).toBe(16 * 128 + 16 * 4);
    expect(wrongWindows(series, 40, 129)).toEqual([]);
  });
});
