import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../src/series/lower-bound.js';
import { countReads, log2Ceil } from '../helpers/series-reads.js';

// Every sub-range and every target (each element, and just below and above it) of a few small
// arrays shaped to send the interpolation's guess too low, too high, or right, checked against a
// linear scan and a read bound. Deterministic: it does not depend on the property-run count.

function scan(sorted: Float64Array, from: number, till: number, target: number): number {
  let position = from;
  while (position < till && sorted[position]! < target) position++;
  return position;
}

const SHAPES: Record<string, Float64Array> = {
  even: Float64Array.from({ length: 24 }, (_, i) => 10 * i), // the guess is right
  // A burst at the start: guesses land too far right for most targets.
  burstFirst: Float64Array.from({ length: 24 }, (_, i) => (i < 18 ? i : 1000 * i)),
  // A burst at the end: guesses land too far left.
  burstLast: Float64Array.from({ length: 24 }, (_, i) => (i < 6 ? 1000 * i : 10_000 + i)),
  repeats: Float64Array.from({ length: 24 }, (_, i) => Math.floor(i / 5)),
  squares: Float64Array.from({ length: 24 }, (_, i) => i * i),
};

describe('lowerBound, exhaustively on small arrays', () => {
  for (const [shape, sorted] of Object.entries(SHAPES)) {
    it(`agrees with a linear scan on every sub-range of ${shape} data, in O(log n) reads`, () => {
      const counted = countReads(sorted);
      const wrong: string[] = [];
      const targets = [...sorted].flatMap((t) => [t - 0.5, t, t + 0.5]);
      for (let from = 0; from <= sorted.length; from++) {
        for (let till = from; till <= sorted.length; till++) {
          const bound = till === from ? 0 : 4 + 2 * log2Ceil(till - from);
          for (const target of targets) {
            counted.reset();
            const found = lowerBound(counted.array, from, till, target);
            const expected = scan(sorted, from, till, target);
            if (found !== expected || counted.reads() > bound) {
              wrong.push(`${target} in [${from}, ${till}): ${found}, ${counted.reads()} reads`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('reads 1 element for a target at or below the start, 2 past the end, 4 when the guess is right', () => {
    const even = countReads(Float64Array.from({ length: 40 }, (_, i) => 10 * i));
    expect(lowerBound(even.array, 0, 40, -1)).toBe(0);
    expect(even.reads()).toBe(1);
    even.reset();
    expect(lowerBound(even.array, 0, 40, 391)).toBe(40);
    expect(even.reads()).toBe(2);
    even.reset();
    expect(lowerBound(even.array, 0, 40, 200)).toBe(20);
    expect(even.reads()).toBe(4);
    even.reset();
    expect(lowerBound(even.array, 0, 40, 195)).toBe(20);
    expect(even.reads()).toBe(4);
  });
});
