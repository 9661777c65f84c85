import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSharedTimes, mergeFromBack } from '../../src/series/merge-batch.js';
import { sortBatch } from '../../src/series/sorted-batch.js';
import { samplesArb } from '../helpers/series-arbitraries.js';
import { NaiveSeries } from '../helpers/series-oracle.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

describe('merge-batch', () => {
  it('merges [10, 30] with [20, 30] into [10, 20, 30], replacing 30', () => {
    const times = Float64Array.of(10, 30, 0);
    const values = Float64Array.of(1, 3, 0);
    const batch = sortBatch('f', [20, 30], [2, 33]);
    expect(countSharedTimes(times, 0, 2, batch.atMs)).toBe(1);
    expect(mergeFromBack(times, values, 0, 2, batch, 1)).toBe(1);
    expect([...times]).toEqual([10, 20, 30]);
    expect([...values]).toEqual([1, 2, 33]);
  });

  it('equals a Map merge, leaves dead slots before head alone and reports the first change', () => {
    fc.assert(
      fc.property(
        samplesArb(100),
        samplesArb(100),
        fc.nat(20),
        (storedSamples, batchSamples, head) => {
          const stored = sortBatch(
            'f',
            storedSamples.map((s) => s.atMs),
            storedSamples.map((s) => s.value),
          );
          const batch = sortBatch(
            'f',
            batchSamples.map((s) => s.atMs),
            batchSamples.map((s) => s.value),
          );
          const end = head + stored.atMs.length;
          const added =
            batch.atMs.length - countSharedTimes(stored.atMs, 0, stored.atMs.length, batch.atMs);
          const times = new Float64Array(end + added).fill(-1);
          const values = new Float64Array(end + added).fill(-1);
          times.set(stored.atMs, head);
          values.set(stored.values, head);
          const before = [...times];
          const lowest = mergeFromBack(times, values, head, end, batch, added);

          const oracle = new NaiveSeries();
          oracle.addBatch(stored.atMs, stored.values);
          oracle.addBatch(batch.atMs, batch.values);
          const expected = oracle.samples();
          expect([...times.subarray(head)]).toEqual(expected.map((s) => s.atMs));
          expect([...values.subarray(head)]).toEqual(expected.map((s) => s.value));
          expect([...times.subarray(0, head)]).toEqual(before.slice(0, head));
          expect(lowest).toBeGreaterThanOrEqual(head);
          expect([...times.subarray(0, lowest)]).toEqual(before.slice(0, lowest));
        },
      ),
      SERIES_RUNS,
    );
  });
});
