import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortBatch } from '../../src/series/sorted-batch.js';
import { samplesArb } from '../helpers/series-arbitraries.js';
import { NaiveSeries } from '../helpers/series-oracle.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

describe('sortBatch', () => {
  it('sorts, keeps the later of equal timestamps, and copies', () => {
    const times = [30, 10, 30];
    const batch = sortBatch('f', times, [1, 2, 3]);
    expect([...batch.atMs]).toEqual([10, 30]);
    expect([...batch.values]).toEqual([2, 3]);
    times[0] = 99;
    expect([...batch.atMs]).toEqual([10, 30]);
  });

  it('turns -0 into 0 so that one instant has one key', () => {
    const batch = sortBatch('f', [-0, 0], [-0, 5]);
    expect(Object.is(batch.atMs[0], 0)).toBe(true);
    expect([...batch.values]).toEqual([5]);
    // Also in a batch that is already in order, which is not sorted again.
    const ordered = sortBatch('f', [-0, 5], [-0, 1]);
    expect(Object.is(ordered.atMs[0], 0)).toBe(true);
    expect(Object.is(ordered.values[0], 0)).toBe(true);
  });

  it('names the function and the parameter that is not an array', () => {
    expect(() => sortBatch('TimeSeries.addBatch', 5 as never, [])).toThrow(
      /^TimeSeries\.addBatch: atMs must be an array or typed array of numbers, got 5$/,
    );
    expect(() => sortBatch('TimeSeries.addBatch', [], 'x' as never)).toThrow(
      /^TimeSeries\.addBatch: values must be an array or typed array of numbers, got "x"$/,
    );
  });

  it('matches a Map with last write wins', () => {
    fc.assert(
      fc.property(samplesArb(), (samples) => {
        const times = samples.map((s) => s.atMs);
        const values = samples.map((s) => s.value);
        const oracle = new NaiveSeries();
        oracle.addBatch(times, values);
        const batch = sortBatch('f', times, values);
        expect([...batch.atMs]).toEqual(oracle.samples().map((s) => s.atMs));
        expect([...batch.values]).toEqual(oracle.samples().map((s) => s.value));
      }),
      SERIES_RUNS,
    );
  });
});
