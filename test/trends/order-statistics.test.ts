import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  medianOfSorted,
  quantileOfSorted,
  selectKth,
  selectMedian,
  selectQuantile,
} from '../../src/trends/order-statistics.js';
import { RUNS } from '../helpers/property-runs.js';
import { naiveMedian, naiveQuantile, naiveSorted } from '../helpers/trends-order-oracle.js';

// Rounded data has many ties; wide floats test the arithmetic.
const valuesArb = fc.oneof(
  fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 60 }),
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
);
const qArb = fc.oneof(fc.constantFrom(0, 0.25, 0.5, 0.75, 0.9, 1), fc.double({ min: 0, max: 1 }));

describe('order statistics examples', () => {
  it('computes type-7 quantiles and medians of sorted runs', () => {
    expect(quantileOfSorted([1, 2, 3, 4, 10], 0.9)).toBeCloseTo(7.6, 12);
    expect(quantileOfSorted([1, 2, 3, 4, 10], 1)).toBe(10);
    expect(quantileOfSorted([1, 2, 3, 4, 10], 0)).toBe(1);
    expect(quantileOfSorted([7], 0.3)).toBe(7);
    expect(quantileOfSorted([], 0.5)).toBeNaN();
    expect(quantileOfSorted([99, 1, 2, 3, 99], 0.5, 1, 4)).toBe(2);
    expect(medianOfSorted([1, 2, 3, 10])).toBe(2.5);
    expect(medianOfSorted([1, 2, 3, 4, 10])).toBe(3);
    expect(medianOfSorted([0, 5, 6, 0], 1, 3)).toBe(5.5);
    expect(medianOfSorted([])).toBeNaN();
  });

  it('selects without sorting', () => {
    expect(selectKth(Float64Array.of(5, 1, 4, 2, 3), 1)).toBe(2);
    expect(selectMedian(Float64Array.of(10, 3, 1, 2))).toBe(2.5);
    expect(selectMedian(Float64Array.of(10, 3, 1, 2, 99), 4)).toBe(2.5);
    expect(selectMedian(new Float64Array(0))).toBeNaN();
    expect(selectQuantile(Float64Array.of(10, 3, 1, 2, 4), 0.9)).toBeCloseTo(7.6, 12);
    expect(selectQuantile(new Float64Array(0), 0.5)).toBeNaN();
  });

  it('selects in sorted, reversed, constant and two-valued runs of 200,000', () => {
    const n = 200_000;
    const kinds = [
      Float64Array.from({ length: n }, (_, i) => i),
      Float64Array.from({ length: n }, (_, i) => n - i),
      new Float64Array(n).fill(3),
      Float64Array.from({ length: n }, (_, i) => i % 2),
    ];
    for (const values of kinds) {
      const want = naiveMedian([...values]);
      expect(selectMedian(values)).toBe(want);
    }
  });
});

// `selectKth` hands back an element as it is, and compares with `<`, for which −0 and +0 are
// one number: which of the two it returns when both are in a run may differ from the naive
// sort's. Any other value must match exactly (medians and quantiles of zeros are +0 in both).
function expectSameNumber(actual: number, expected: number): void {
  if (actual === 0 && expected === 0) return;
  expect(actual).toBe(expected);
}

describe('order statistics properties', () => {
  it('the sorted-run quantile and median follow the canonical expressions', () => {
    fc.assert(
      fc.property(valuesArb, qArb, (values, q) => {
        const sorted = naiveSorted(values);
        expect(quantileOfSorted(sorted, q)).toBe(naiveQuantile(values, q));
        expect(medianOfSorted(sorted)).toBe(naiveMedian(values));
        // A run inside a longer array reads only its own elements.
        const padded = [Number.NaN, ...sorted, Number.NaN];
        expect(quantileOfSorted(padded, q, 1, sorted.length + 1)).toBe(naiveQuantile(values, q));
        expect(medianOfSorted(padded, 1, sorted.length + 1)).toBe(naiveMedian(values));
      }),
      RUNS,
    );
  });

  it('selection gives the same numbers as sorting, and partitions around the rank', () => {
    fc.assert(
      fc.property(valuesArb, qArb, fc.nat(), (values, q, r) => {
        const sorted = naiveSorted(values);
        const k = r % values.length;
        const scratch = Float64Array.from(values);
        expectSameNumber(selectKth(scratch, k), sorted[k] as number);
        for (let i = 0; i < values.length; i++) {
          if (i < k) expect(scratch[i]).toBeLessThanOrEqual(scratch[k] as number);
          if (i > k) expect(scratch[i]).toBeGreaterThanOrEqual(scratch[k] as number);
        }
        expect(naiveSorted([...scratch])).toEqual(sorted);
        expect(selectMedian(Float64Array.from(values))).toBe(naiveMedian(values));
        expect(selectQuantile(Float64Array.from(values), q)).toBe(naiveQuantile(values, q));
        // Only the leading `length` elements take part.
        const longer = Float64Array.from([...values, -1e300, 1e300]);
        expect(selectMedian(longer, values.length)).toBe(naiveMedian(values));
      }),
      RUNS,
    );
  });
});
