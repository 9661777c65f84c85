// Counting the element reads of a typed array, to test the cost bounds that the series
// promise (O(1) on evenly spaced data, O(log n) in general) rather than only their answers.

/** A view of `array` that counts every numeric index read, and the count so far. */
export interface CountedArray {
  /** Pass this where the code under test expects the array. */
  readonly array: Float64Array;
  /** Numeric index reads since creation or the last {@link CountedArray.reset}. */
  reads(): number;
  reset(): void;
}

/**
 * Wraps `array` in a Proxy that counts reads of numeric indexes (writes go through uncounted).
 *
 * @example
 * const counted = countReads(Float64Array.of(1, 2));
 * counted.array[1]; // 2
 * counted.reads(); // 1
 */
export function countReads(array: Float64Array): CountedArray {
  let reads = 0;
  const proxy = new Proxy(array, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        reads++;
        return target[Number(key)];
      }
      const member = Reflect.get(target, key, target) as unknown;
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
  return {
    array: proxy,
    reads: () => reads,
    reset: () => {
      reads = 0;
    },
  };
}

/** `ceil(log2(n))` for n >= 1: the depth of a binary search over n elements. */
export function log2Ceil(n: number): number {
  let depth = 0;
  while (2 ** depth < n) depth++;
  return depth;
}
