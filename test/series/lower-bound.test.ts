import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../src/series/lower-bound.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

describe('lowerBound', () => {
  it('finds the left edge of [target, …)', () => {
    const sorted = Float64Array.of(10, 20, 30);
    expect(lowerBound(sorted, 0, 3, 20)).toBe(1);
    expect(lowerBound(sorted, 0, 3, 25)).toBe(2);
    expect(lowerBound(sorted, 0, 3, 99)).toBe(3);
    expect(lowerBound(sorted, 0, 3, -1)).toBe(0);
    expect(lowerBound(sorted, 1, 1, 0)).toBe(1);
  });

  it('agrees with a linear scan over any sub-range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 200, size: 'max' }),
        fc.nat(),
        fc.nat(),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (unsorted, a, b, target) => {
          const sorted = Float64Array.from(unsorted).sort();
          const from = Math.min(a, b) % (sorted.length + 1);
          const till = from + (Math.max(a, b) % (sorted.length + 1 - from));
          let expected = from;
          while (expected < till && sorted[expected]! < target) expected++;
          expect(lowerBound(sorted, from, till, target)).toBe(expected);
        },
      ),
      SERIES_RUNS,
    );
  });
});
