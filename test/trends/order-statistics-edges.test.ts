// The edges of the order statistics (src/trends/order-statistics.ts) that random arrays rarely
// reach: a run of no values inside a longer array, zeros of either sign, elements past
// `length` that must not be read, every arrangement of small arrays, and inputs that keep the
// quickselect's partitions lopsided until it falls back to sorting. Every expected value comes
// from the naive oracles (a copy sorted in full), compared with Object.is (toBe), so -0 and +0
// differ.
import { describe, expect, it } from 'vitest';
import {
  medianOfSorted,
  quantileOfSorted,
  selectKth,
  selectMedian,
  selectQuantile,
} from '../../src/trends/order-statistics.js';
import { naiveMedian, naiveQuantile, naiveSorted } from '../helpers/trends-order-oracle.js';

const QS = [0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1];

/** Every arrangement of `values` (n! of them), in lexicographic order of positions. */
function permutations(values: readonly number[]): number[][] {
  if (values.length <= 1) return [[...values]];
  return values.flatMap((v, i) =>
    permutations([...values.slice(0, i), ...values.slice(i + 1)]).map((rest) => [v, ...rest]),
  );
}

describe('an empty run is NaN, wherever it lies in the array', () => {
  it('for the sorted-run quantile and median', () => {
    const sorted = [1, 2, 3, 4];
    for (const at of [0, 2, 4]) {
      for (const q of QS) expect(quantileOfSorted(sorted, q, at, at)).toBeNaN();
      expect(medianOfSorted(sorted, at, at)).toBeNaN();
    }
  });

  it('for selection over no leading elements of a longer array', () => {
    for (const q of QS) expect(selectQuantile(Float64Array.of(5, 6), q, 0)).toBeNaN();
    expect(selectMedian(Float64Array.of(5, 6), 0)).toBeNaN();
    expect(selectMedian(Float64Array.of(5), 0)).toBeNaN();
  });
});

describe('an order statistic of zeros is +0', () => {
  it('whichever zeros it was taken from, as the oracle says', () => {
    for (const zeros of [[-0], [-0, -0], [-0, -0, -0], [-0, 0], [0, -0, -0]]) {
      const sorted = naiveSorted(zeros);
      expect(naiveMedian(zeros)).toBe(0);
      expect(medianOfSorted(sorted)).toBe(0);
      expect(selectMedian(Float64Array.from(zeros))).toBe(0);
      for (const q of QS) {
        expect(naiveQuantile(zeros, q)).toBe(0);
        expect(quantileOfSorted(sorted, q)).toBe(0);
        expect(selectQuantile(Float64Array.from(zeros), q)).toBe(0);
      }
    }
  });
});

describe('selection reads only the first `length` elements', () => {
  it('whatever lies after them', () => {
    for (const junk of [-1e9, 1e9, 0]) {
      const values = Float64Array.of(3, 1, 4, 2, junk, junk);
      expect(selectQuantile(values.slice(), 0.75, 4)).toBe(naiveQuantile([3, 1, 4, 2], 0.75));
      expect(selectQuantile(values.slice(), 0.5, 4)).toBe(naiveQuantile([3, 1, 4, 2], 0.5));
      expect(selectMedian(values.slice(), 4)).toBe(naiveMedian([3, 1, 4, 2]));
      expect(selectMedian(values.slice(), 3)).toBe(naiveMedian([3, 1, 4]));
    }
  });
});

describe('selection over every arrangement of small arrays', () => {
  // Distinct values, ties, and the values a type-7 quantile interpolates between; one element
  // smaller than all of them follows the run and must be ignored.
  const sets = [
    [0, 1, 2, 3, 4, 5],
    [0, 0, 1, 1, 2, 2],
    [-3, 7.5, 7.5, 10, 1e6, -2],
  ];

  it('the quantile equals the oracle at every q', () => {
    const wrong: string[] = [];
    for (const set of sets) {
      const want = QS.map((q) => naiveQuantile(set, q));
      for (const arrangement of permutations(set)) {
        QS.forEach((q, i) => {
          const got = selectQuantile(Float64Array.from([...arrangement, -1e12]), q, set.length);
          if (!Object.is(got, want[i])) wrong.push(`${arrangement} at ${q}: ${got}`);
        });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the median and every rank equal the oracle', () => {
    const wrong: string[] = [];
    for (const set of sets) {
      const sorted = naiveSorted(set);
      const median = naiveMedian(set);
      for (const arrangement of permutations(set)) {
        const got = selectMedian(Float64Array.from([...arrangement, -1e12]), set.length);
        if (!Object.is(got, median)) wrong.push(`median of ${arrangement}: ${got}`);
        for (let k = 0; k < set.length; k++) {
          const kth = selectKth(Float64Array.from(arrangement), k);
          if (!Object.is(kth, sorted[k])) wrong.push(`rank ${k} of ${arrangement}: ${kth}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('selection when the partitions stay lopsided', () => {
  // An organ pipe, 0 1 2 … 2 1 0: the median of the first, middle and last element is a small
  // value round after round, so the quickselect keeps cutting off a few elements at a time and
  // falls back to sorting what is left (from 152 values on, at some ranks).
  const organPipe = (n: number) =>
    Float64Array.from({ length: n }, (_, i) => Math.min(i, n - 1 - i));

  it('every rank of organ pipes of 152 to 260 values equals sorting', () => {
    for (const n of [152, 153, 200, 256, 260]) {
      const sorted = naiveSorted([...organPipe(n)]);
      const wrong: string[] = [];
      for (let k = 0; k < n; k++) {
        const values = organPipe(n);
        const got = selectKth(values, k);
        // Everything before rank k is at most the k-th, everything after at least.
        const partitioned = values.every((v, i) => (i < k ? v <= got : i > k ? v >= got : true));
        if (got !== sorted[k] || !partitioned) wrong.push(`n ${n}, k ${k}: ${got}`);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('the median and quantiles of organ pipes equal the oracle', () => {
    for (let n = 150; n <= 400; n += 25) {
      const plain = [...organPipe(n)];
      expect(selectMedian(organPipe(n))).toBe(naiveMedian(plain));
      for (const q of QS) expect(selectQuantile(organPipe(n), q)).toBe(naiveQuantile(plain, q));
    }
  });
});
