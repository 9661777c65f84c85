/**
 * First position in `sorted[from..till)` whose element is `>= target` (or `till` when none
 * is): the left edge of a half-open window `[target, …)`. Binary search, O(log n), no allocation.
 *
 * @param sorted - ascending within `[from, till)`
 * @param target - any number; a fraction or a value outside the stored range is fine
 * @example
 * lowerBound(Float64Array.of(10, 20, 30), 0, 3, 20); // 1
 * lowerBound(Float64Array.of(10, 20, 30), 0, 3, 25); // 2
 * lowerBound(Float64Array.of(10, 20, 30), 0, 3, 99); // 3
 */
export function lowerBound(
  sorted: Float64Array,
  from: number,
  till: number,
  target: number,
): number {
  let low = from;
  let high = till;
  while (low < high) {
    const middle = (low + high) >>> 1;
    // low <= middle < high <= length
    if (sorted[middle]! < target) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}
