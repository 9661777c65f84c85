import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../src/series/lower-bound.js';
import { countReads, log2Ceil } from '../helpers/series-reads.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

/** The oracle: the first position in [from, till) whose element is >= target, by a linear scan. */
function scan(sorted: ArrayLike<number>, from: number, till: number, target: number): number {
  let position = from;
  while (position < till && sorted[position]! < target) position++;
  return position;
}

describe('lowerBound', () => {
  it('finds the left edge of [target, …)', () => {
    const sorted = Float64Array.of(10, 20, 30);
    expect(lowerBound(sorted, 0, 3, 20)).toBe(1);
    expect(lowerBound(sorted, 0, 3, 25)).toBe(2);
    expect(lowerBound(sorted, 0, 3, 30)).toBe(2);
    expect(lowerBound(sorted, 0, 3, 30.5)).toBe(3);
    expect(lowerBound(sorted, 0, 3, 99)).toBe(3);
    expect(lowerBound(sorted, 0, 3, 10)).toBe(0);
    expect(lowerBound(sorted, 0, 3, 10.5)).toBe(1);
    expect(lowerBound(sorted, 0, 3, -1)).toBe(0);
    expect(lowerBound(sorted, 1, 1, 0)).toBe(1);
    expect(lowerBound(sorted, 1, 1, 99)).toBe(1);
    expect(lowerBound(sorted, 1, 3, 15)).toBe(1);
    expect(lowerBound(Float64Array.of(5), 0, 1, 5)).toBe(0);
    expect(lowerBound(Float64Array.of(5), 0, 1, 6)).toBe(1);
  });

  it('finds every element of a gap and a burst, on either side of a wrong guess', () => {
    // Evenly spaced but for a long gap: the interpolation guesses far off, on both sides.
    const times = Float64Array.from({ length: 200 }, (_, i) => (i < 100 ? i : 100_000 + i));
    for (let i = 0; i < 200; i++) {
      expect(lowerBound(times, 0, 200, times[i]!)).toBe(i);
      expect(lowerBound(times, 0, 200, times[i]! + 0.5)).toBe(i + 1);
      expect(lowerBound(times, 0, 200, times[i]! - 0.5)).toBe(i);
    }
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
          expect(lowerBound(sorted, from, till, target)).toBe(scan(sorted, from, till, target));
        },
      ),
      SERIES_RUNS,
    );
  });

  it('reads only [from, till): what lies outside may be in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 100, size: 'max' }),
        fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 20 }),
        fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 20 }),
        fc.integer({ min: -1100, max: 1100 }),
        (inside, before, after, target) => {
          const sorted = Float64Array.from([...before, ...inside.sort((x, y) => x - y), ...after]);
          const from = before.length;
          const till = from + inside.length;
          expect(lowerBound(sorted, from, till, target)).toBe(scan(sorted, from, till, target));
        },
      ),
      SERIES_RUNS,
    );
  });

  it('reads at most 4 elements of evenly spaced times, whatever the target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        fc.nat(),
        fc.integer({ min: -10, max: 3010 }),
        fc.integer({ min: 0, max: 3_599_999 }),
        (length, spacingMs, startMs, a, slot, offsetMs) => {
          const times = Float64Array.from({ length }, (_, i) => startMs + i * spacingMs);
          const counted = countReads(times);
          const from = a % length;
          const target = startMs + slot * spacingMs + (offsetMs % spacingMs);
          expect(lowerBound(counted.array, from, length, target)).toBe(
            scan(times, from, length, target),
          );
          expect(counted.reads()).toBeLessThanOrEqual(4);
        },
      ),
      SERIES_RUNS,
    );
  });

  it('reads O(log n) elements of any sorted data', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), {
          minLength: 1,
          maxLength: 1000,
          size: 'max',
        }),
        fc.double({ min: -1.1e6, max: 1.1e6, noNaN: true }),
        (unsorted, target) => {
          const sorted = Float64Array.from(unsorted).sort();
          const counted = countReads(sorted);
          expect(lowerBound(counted.array, 0, sorted.length, target)).toBe(
            scan(sorted, 0, sorted.length, target),
          );
          expect(counted.reads()).toBeLessThanOrEqual(4 + 2 * log2Ceil(sorted.length));
        },
      ),
      SERIES_RUNS,
    );
  });

  it('reads O(log n) elements when the guess is far off: one outlier at the end', () => {
    // 1,000 evenly spaced times and one far beyond: every guess lands near the start.
    const times = Float64Array.from({ length: 1001 }, (_, i) => (i < 1000 ? i : 1e12));
    for (const target of [1, 2, 3, 500, 998, 999, 999.5]) {
      const counted = countReads(times);
      expect(lowerBound(counted.array, 0, 1001, target)).toBe(Math.ceil(target));
      expect(counted.reads()).toBeLessThanOrEqual(4 + 2 * log2Ceil(1001));
    }
  });
});
