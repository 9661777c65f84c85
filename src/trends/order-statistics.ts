// Order statistics shared by airq/trends: the type-7 quantile and the median of a sorted run
// of numbers, written exactly as the canonical expressions (Hyndman & Fan 1996, type 7, R's
// default), and a k-th smallest selection for medians of many pair slopes (Sen 1968) without
// a full sort. Callers pass finite numbers only; missing values are filtered out before.

/**
 * The type-7 quantile of `sorted[start … end − 1]` (ascending) at `q`: with n values,
 * `h = (n − 1) * q`, `lo = Math.floor(h)`, `s[lo] + (h − lo) * (s[lo + 1] − s[lo])`, and
 * `s[n − 1]` when `lo = n − 1`.
 *
 * @param sorted - ascending finite numbers
 * @param q - the probability, in [0, 1]
 * @param start - first index of the run; default 0
 * @param end - one past its last index; default `sorted.length`
 * @returns the quantile; NaN for an empty run
 * @example
 * quantileOfSorted([1, 2, 3, 4, 10], 0.9); // 7.6
 */
export function quantileOfSorted(
  sorted: ArrayLike<number>,
  q: number,
  start = 0,
  end: number = sorted.length,
): number {
  const n = end - start;
  if (n <= 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const low = sorted[start + lo] as number;
  // + 0: an order statistic of zeros is +0, whichever zeros it was taken from.
  if (lo >= n - 1) return (sorted[end - 1] as number) + 0;
  return low + (h - lo) * ((sorted[start + lo + 1] as number) - low) + 0;
}

/**
 * The median of `sorted[start … end − 1]` (ascending): the middle value, or `(a + b) / 2` of
 * the two middle values for an even count.
 *
 * @returns the median; NaN for an empty run
 * @example
 * medianOfSorted([1, 2, 3, 10]); // 2.5
 */
export function medianOfSorted(
  sorted: ArrayLike<number>,
  start = 0,
  end: number = sorted.length,
): number {
  const n = end - start;
  if (n <= 0) return Number.NaN;
  const middle = start + (n >> 1);
  if (n % 2 === 1) return (sorted[middle] as number) + 0;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2 + 0;
}

/**
 * Rearranges `values[0 … length − 1]` in place so that `values[k]` holds the k-th smallest
 * (0-based), everything before it is ≤ and everything after it is ≥; returns that value.
 * Expected O(length): a three-way quickselect with median-of-three pivots, which falls back to
 * sorting the remaining run when partitions keep coming out lopsided (so O(n log n) at worst).
 *
 * @param values - scratch holding finite numbers; reordered
 * @param k - the rank, an integer in [0, length)
 * @param length - how many leading elements take part; default `values.length`
 * @example
 * selectKth(Float64Array.of(5, 1, 4, 2, 3), 1); // 2
 */
export function selectKth(values: Float64Array, k: number, length: number = values.length): number {
  let left = 0;
  let right = length - 1;
  // About 2·log2(n) rounds of halving are expected; many more means bad pivots.
  let budget = 2 * Math.ceil(Math.log2(length + 1)) + 8;
  while (right > left) {
    if (budget-- === 0) {
      values.subarray(left, right + 1).sort();
      break;
    }
    const pivot = medianOfThree(values, left, right);
    // Three-way partition (Dijkstra): [left, lt) < pivot, [lt, gt] = pivot, (gt, right] > pivot,
    // so runs of equal values (ties are common in rounded data) end the search at once.
    let lt = left;
    let gt = right;
    let i = left;
    while (i <= gt) {
      const v = values[i] as number;
      if (v < pivot) {
        values[i] = values[lt] as number;
        values[lt] = v;
        lt++;
        i++;
      } else if (v > pivot) {
        values[i] = values[gt] as number;
        values[gt] = v;
        gt--;
      } else i++;
    }
    if (k < lt) right = lt - 1;
    else if (k > gt) left = gt + 1;
    else break;
  }
  return values[k] as number;
}

/**
 * The median of `values[0 … length − 1]` by selection (reordering them): the middle value, or
 * `(a + b) / 2` of the two middle values for an even count, as {@link medianOfSorted}.
 *
 * @returns the median; NaN when `length` is 0
 * @example
 * selectMedian(Float64Array.of(10, 3, 1, 2)); // 2.5
 */
export function selectMedian(values: Float64Array, length: number = values.length): number {
  if (length <= 0) return Number.NaN;
  const middle = length >> 1;
  const upper = selectKth(values, middle, length);
  // + 0: a zero is +0, whichever of -0 and +0 the selection met (sorting puts -0 first).
  if (length % 2 === 1) return upper + 0;
  // After selection everything below `middle` is ≤ values[middle]: its maximum is the other
  // middle order statistic.
  let lower = values[0] as number;
  for (let i = 1; i < middle; i++) {
    const v = values[i] as number;
    if (v > lower) lower = v;
  }
  return (lower + upper) / 2 + 0;
}

/**
 * The type-7 quantile of `values[0 … length − 1]` at `q` by selection (reordering them): the
 * same number as {@link quantileOfSorted} of the sorted values.
 *
 * @returns the quantile; NaN when `length` is 0
 * @example
 * selectQuantile(Float64Array.of(10, 3, 1, 2, 4), 0.9); // 7.6
 */
export function selectQuantile(
  values: Float64Array,
  q: number,
  length: number = values.length,
): number {
  if (length <= 0) return Number.NaN;
  const h = (length - 1) * q;
  const lo = Math.floor(h);
  const low = selectKth(values, lo, length);
  if (lo >= length - 1) return low + 0;
  // Everything after `lo` is ≥ values[lo]: its minimum is the next order statistic.
  let next = values[lo + 1] as number;
  for (let i = lo + 2; i < length; i++) {
    const v = values[i] as number;
    if (v < next) next = v;
  }
  return low + (h - lo) * (next - low) + 0;
}

// The median of values[left], values[middle], values[right]: a pivot that sorted or reversed
// runs cannot push to the end of the range.
function medianOfThree(values: Float64Array, left: number, right: number): number {
  const a = values[left] as number;
  const b = values[left + ((right - left) >> 1)] as number;
  const c = values[right] as number;
  return a < b ? Math.min(b, Math.max(a, c)) : Math.max(b, Math.min(a, c));
}
