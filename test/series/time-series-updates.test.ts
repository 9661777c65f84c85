import { describe, expect, it } from 'vitest';
import { TIME_SERIES_GROWTH_FACTOR, TimeSeries } from '../../src/series/time-series.js';

// The update operations of TimeSeries (add, addBatch, pruneBefore, trimToSize) and the memory
// they take, on worked examples; the same operations mixed at random against the oracle are in
// time-series-update-properties.test.ts.

describe('TimeSeries updates, worked examples', () => {
  it('puts a late sample in its place and replaces a repeated timestamp', () => {
    const series = new TimeSeries();
    series.add(3000, 3);
    series.add(1000, 1);
    series.add(2000, 2);
    series.add(2000, 20);
    expect([...series.toArrays().atMs]).toEqual([1000, 2000, 3000]);
    expect([...series.toArrays().values]).toEqual([1, 20, 3]);
    expect(series.average(0, 4000)).toBe(8);
  });

  it('lets the later of two batch samples at one timestamp win, and a batch replace a stored one', () => {
    const series = new TimeSeries();
    series.addBatch([30, 10, 30], [1, 2, 3]);
    expect([...series.toArrays().values]).toEqual([2, 3]);
    series.addBatch(Float64Array.of(10, 20), Float64Array.of(7, 8));
    expect([...series.toArrays().atMs]).toEqual([10, 20, 30]);
    expect([...series.toArrays().values]).toEqual([7, 8, 3]);
  });

  it('prunes strictly before the instant and reports how many went', () => {
    const series = new TimeSeries();
    series.addBatch([1000, 2000, 3000, 4000], [1, 2, 3, 4]);
    expect(series.pruneBefore(3000)).toBe(2);
    expect(series.firstAtMs).toBe(3000);
    expect(series.average(0, 10_000)).toBe(3.5);
    expect(series.pruneBefore(3000)).toBe(0);
    expect(series.pruneBefore(1e300)).toBe(2);
    expect(series.length).toBe(0);
    expect(series.average(0, 10_000)).toBeUndefined();
    series.add(500, 5);
    expect(series.average(0, 10_000)).toBe(5);
  });

  it('names the invalid sample: its index, time and value', () => {
    const series = new TimeSeries();
    expect(() => series.add(1.5, 3)).toThrow(
      new RangeError(
        'TimeSeries.add: sample (atMs 1.5, value 3) is invalid: atMs must be a whole number of milliseconds, got 1.5',
      ),
    );
    expect(() => series.addBatch([0, 1000, 2000], [1, Number.POSITIVE_INFINITY, 3])).toThrow(
      new RangeError(
        'TimeSeries.addBatch: sample 1 (atMs 1000, value Infinity) is invalid: value must be a finite number, got Infinity',
      ),
    );
    expect(() => series.addBatch([0], [null as never])).toThrow(TypeError);
    expect(() => series.addBatch([0, 1], [1])).toThrow(
      new RangeError('TimeSeries.addBatch: atMs and values must have the same length, got 2 and 1'),
    );
    expect(() => series.addBatch(5 as never, [1])).toThrow(TypeError);
    expect(() => series.add(9e15, 1)).toThrow('Date range');
    expect(series.length).toBe(0);
  });

  it('stores -0 as 0, in time and in value, so that one instant has one key', () => {
    const series = new TimeSeries();
    series.add(-0, -0);
    expect(Object.is(series.firstAtMs, 0)).toBe(true);
    expect(Object.is(series.toArrays().values[0], 0)).toBe(true);
    series.add(0, 5);
    expect(series.length).toBe(1);
    series.add(-0, -0); // a replacement, through the late-sample path
    expect(Object.is(series.toArrays().values[0], 0)).toBe(true);
    expect(Object.is(series.sum(-1, 1), 0)).toBe(true);
  });

  it('hands out copies: changing what toArrays returned changes nothing stored', () => {
    const series = new TimeSeries();
    series.addBatch([1000, 2000], [1, 2]);
    const { atMs, values } = series.toArrays();
    atMs[0] = 5;
    values[0] = 50;
    expect([...series.toArrays().atMs]).toEqual([1000, 2000]);
    expect(series.average(0, 3000)).toBe(1.5);
  });

  it('keeps its memory when a prune removes nothing', () => {
    const series = new TimeSeries({ initialCapacity: 10_000 });
    for (let i = 0; i < 10; i++) series.add(1000 + i, i);
    const before = series.byteLength;
    expect(series.pruneBefore(1000)).toBe(0);
    expect(series.byteLength).toBe(before);
    expect(series.pruneBefore(-1e300)).toBe(0);
    expect(series.byteLength).toBe(before);
  });

  it('validates initialCapacity', () => {
    expect(() => new TimeSeries({ initialCapacity: -1 })).toThrow(
      new RangeError('TimeSeries: initialCapacity must be an integer in [0, 1073741824], got -1'),
    );
    expect(() => new TimeSeries({ initialCapacity: 1.5 })).toThrow(RangeError);
    expect(() => new TimeSeries({ initialCapacity: 2 ** 30 + 1 })).toThrow(
      new RangeError(
        'TimeSeries: initialCapacity must be an integer in [0, 1073741824], got 1073741825',
      ),
    );
    expect(() => new TimeSeries({ initialCapacity: Number.NaN })).toThrow(RangeError);
    expect(new TimeSeries({ initialCapacity: 0 }).byteLength).toBe(16);
    expect(new TimeSeries().byteLength).toBe(16 * 16 + 16);
    expect(new TimeSeries({}).byteLength).toBe(16 * 16 + 16);
  });

  it('grows geometrically and trims to 16.5 bytes per sample', () => {
    const series = new TimeSeries({ initialCapacity: 0 });
    for (let i = 0; i < 10_000; i++) series.add(i * 60_000, i % 97);
    expect(series.byteLength).toBeLessThanOrEqual(10_001 * TIME_SERIES_GROWTH_FACTOR * 16.5 + 64);
    series.trimToSize();
    // 16 bytes per sample plus a tree of 2 × 312 slots (312 full chunks of 32, one leaf each).
    expect(series.byteLength).toBe(10_000 * 16 + 624 * 8);
    expect(series.average(0, 10_000 * 60_000)).toBe(47.9604); // 103 × 4656 + 36 over 10 000
  });

  it('hands memory back when pruning leaves the buffer mostly empty', () => {
    const series = new TimeSeries();
    for (let i = 0; i < 10_000; i++) series.add(i, 1);
    const before = series.byteLength;
    series.pruneBefore(9_900);
    expect(series.byteLength).toBeLessThan(before / 20);
    expect(series.average(0, 20_000)).toBe(1);
    expect(series.count(0, 20_000)).toBe(100);
  });
});
