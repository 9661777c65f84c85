// The search behind every window query. Sampled series are nearly evenly spaced (a reading a
// minute, say), so the position of a time is first guessed by interpolating between the two
// ends of the range, as on a ruler. On evenly spaced data that guess is right and the search
// reads 4 elements instead of the ~16 of a binary search over a month of minutes. Where the
// data is uneven (gaps, bursts), a gallop of doubling steps from the guess brackets the answer
// in O(log d) reads, d being the guess's distance from it, and a binary search inside the
// bracket finishes: never more than about 3 × log2(n) reads, whatever the data.

/**
 * First position in `sorted[from..till)` whose element is `>= target` (or `till` when none
 * is): the left edge of a half-open window `[target, …)`. O(1) reads on evenly spaced data,
 * O(log n) on any data; no allocation.
 *
 * @param sorted - ascending within `[from, till)`
 * @param target - any finite number; a fraction or a value outside the stored range is fine
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
  if (from === till) return from;
  const first = sorted[from]!; // from < till <= length
  if (target <= first) return from;
  const lastAt = till - 1;
  const last = sorted[lastAt]!;
  if (target > last) return till;
  // first < target <= last, so the answer is in [from + 1, lastAt]. The share is in (0, 1], so
  // the guess is in [from, lastAt]: at from only when the share underflows to 0, which the
  // gallop handles like any guess that is too low.
  const share = (target - first) / (last - first);
  const guess = from + Math.floor(share * (lastAt - from));
  if (sorted[guess]! < target) return gallopUp(sorted, guess, lastAt, target);
  // sorted[guess] >= target > first, so guess > from and guess - 1 is in range.
  if (sorted[guess - 1]! < target) return guess;
  return gallopDown(sorted, from + 1, guess - 1, target);
}

// The two ways out of a wrong guess, kept out of lowerBound so that the common case (a right
// guess) stays small enough for the engine to inline into every query.

/** sorted[guess] < target <= sorted[lastAt]: steps of 1, 2, 4, … up from guess, then halving. */
function gallopUp(sorted: Float64Array, guess: number, lastAt: number, target: number): number {
  let low = guess + 1;
  let high = lastAt;
  let step = 1;
  for (let probe = low; probe < high; probe = guess + step) {
    if (sorted[probe]! >= target) {
      high = probe;
      break;
    }
    low = probe + 1;
    step *= 2;
  }
  return bisect(sorted, low, high, target);
}

/** sorted[low - 1] < target <= sorted[high]: steps of 1, 2, 4, … down from high, then halving. */
function gallopDown(sorted: Float64Array, low: number, high: number, target: number): number {
  const start = high;
  let step = 1;
  for (let probe = start - 1; probe >= low; probe = start - step) {
    if (sorted[probe]! < target) {
      low = probe + 1;
      break;
    }
    high = probe;
    step *= 2;
  }
  return bisect(sorted, low, high, target);
}

/** The answer within [low, high], where sorted[low - 1] < target <= sorted[high]. */
function bisect(sorted: Float64Array, low: number, high: number, target: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1; // low <= middle < high
    if (sorted[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
