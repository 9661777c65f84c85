// Window sums in O(log n) whose error depends only on the samples inside the window.
//
// A running prefix sum would answer a window as the difference of two large prefixes, so a
// window of PM ~5 after months of pressure ~1013 would keep only the digits the prefixes had
// room for, and an hour of zeros after a windy month would come out as ±1e-20, not 0. Instead,
// samples are grouped into chunks of CHUNK_SIZE, and a bottom-up segment tree (one leaf per
// complete chunk, any number of leaves) holds chunk sums. A window is the samples before its first
// full chunk, a handful of tree nodes covering the full chunks, and the samples after the last
// one: every term is a sum of samples inside the window, nothing is subtracted. The terms are
// added with an error-free two-sum into a (hi, lo) pair.
//
// Consequences: the error is at most a few units in the last place times Σ|v| of the window;
// a window of zeros sums to exactly 0; a constant window sums to exactly n × c (chunk and node
// sizes are powers of two, so their sums of one constant are exact); and node sums of values
// in [min, max] stay within [size × min, size × max], so a mean never leaves [min, max].
//
// The leaf count is not rounded up to a power of two, which keeps the tree at 0.5 bytes per
// sample with chunks of 32. Some inner nodes then mix a leaf with an inner node; a query never
// reads one: the nodes it adds lie wholly inside the window's complete chunks, so each is the
// sum of 2^k consecutive leaves. Chunks of 32, not 64, halve the loose samples an hour of
// 1-minute samples adds one by one (the hot path, bench/series.bench.ts).

/** log2 of {@link CHUNK_SIZE}: chunk numbers are positions shifted right by this. */
export const CHUNK_BITS = 5;
/** Samples per chunk: the most a window edge costs in direct additions (minus one). */
export const CHUNK_SIZE = 1 << CHUNK_BITS;

/**
 * Length of the tree array for a capacity: 2 × the number of leaves, one leaf per complete
 * chunk (at least 1). Slot 0 is not a tree node; it is the output slot of {@link windowSum}.
 * At most 0.5 bytes per sample of capacity (from a capacity of one chunk on).
 *
 * @example
 * chunkTreeLength(10_000); // 624 (312 chunks → 312 leaves)
 */
export function chunkTreeLength(capacity: number): number {
  return 2 * Math.max(1, Math.floor(capacity / CHUNK_SIZE));
}

/**
 * Recomputes the leaves of the complete chunks from `fromChunk` on, and their ancestors,
 * after the samples from `fromChunk × CHUNK_SIZE` onwards changed. The leaf of the incomplete
 * last chunk is left stale: no query reads it until the chunk completes and is refreshed.
 *
 * @param values - sample values by physical position
 * @param tree - node k at index k, leaves at `tree.length / 2 + chunk`
 * @param fromChunk - the first chunk whose contents changed
 * @param end - one past the last physical position in use
 * @example
 * refreshChunkTree(values, tree, 0, 128); // leaves 0 and 1 and their parents are current
 */
export function refreshChunkTree(
  values: Float64Array,
  tree: Float64Array,
  fromChunk: number,
  end: number,
): void {
  const leaves = tree.length / 2;
  const tillChunk = Math.floor(end / CHUNK_SIZE);
  if (fromChunk >= tillChunk) return;
  for (let chunk = fromChunk; chunk < tillChunk; chunk++) {
    let hi = 0;
    let lo = 0;
    const stop = (chunk + 1) * CHUNK_SIZE;
    for (let i = stop - CHUNK_SIZE; i < stop; i++) {
      const v = values[i]!; // i < end <= values.length
      const s = hi + v;
      const back = s - hi;
      lo += hi - (s - back) + (v - back);
      hi = s;
    }
    tree[leaves + chunk] = hi + lo;
  }
  refreshAncestors(tree, leaves + fromChunk, leaves + tillChunk);
}

/**
 * Moves the leaves of the first `chunkCount` complete chunks into a tree of another size and
 * rebuilds its inner nodes: O(chunks) instead of re-adding every sample, for a series whose
 * samples moved to new arrays without shifting (head at position 0 before and after).
 *
 * @example
 * transplantLeaves(oldTree, newTree, 156); // newTree answers like oldTree for chunks 0..155
 */
export function transplantLeaves(
  source: Float64Array,
  target: Float64Array,
  chunkCount: number,
): void {
  const sourceLeaves = source.length / 2;
  const targetLeaves = target.length / 2;
  if (chunkCount === 0) return;
  target.set(source.subarray(sourceLeaves, sourceLeaves + chunkCount), targetLeaves);
  refreshAncestors(target, targetLeaves, targetLeaves + chunkCount);
}

// Recomputes every inner node above the slots [from, till) (nonempty), level by level up to the
// root. The leaf count need not be a power of two, so an inner node may have a leaf and an inner
// node as children, and one level's range can reach the root (node 1) before another's: the loop
// runs until the range is empty above the root, and a node recomputed early is recomputed again
// one level up, after its children.
function refreshAncestors(tree: Float64Array, from: number, till: number): void {
  let low = from >>> 1;
  let high = (till - 1) >>> 1;
  while (high >= 1) {
    for (let node = Math.max(low, 1); node <= high; node++) {
      tree[node] = tree[2 * node]! + tree[2 * node + 1]!;
    }
    low >>>= 1;
    high >>>= 1;
  }
}

/**
 * Compensated sum of `values[from..till)` using the tree for the full chunks in between.
 * Returns the rounded sum (`hi`) and leaves the residual (`lo`) in `tree[0]`, so that a mean
 * can use both without any allocation. A window without a complete chunk (every window of up
 * to 32 samples but an aligned one) is one plain loop; a longer one adds at most 2 × 31 samples
 * and 2 per tree level (about log2(leaves) levels).
 *
 * @param from - first physical position (inclusive)
 * @param till - last physical position (exclusive), `from <= till <= end`
 * @example
 * windowSum(values, tree, 3, 500); // Σ values[3..500); tree[0] holds what rounding left over
 */
export function windowSum(
  values: Float64Array,
  tree: Float64Array,
  from: number,
  till: number,
): number {
  let hi = 0;
  let lo = 0;
  const firstChunk = (from + CHUNK_SIZE - 1) >>> CHUNK_BITS;
  const tillChunk = till >>> CHUNK_BITS;
  if (firstChunk >= tillChunk) {
    for (let i = from; i < till; i++) {
      const v = values[i]!; // i < till <= values.length
      const s = hi + v;
      const back = s - hi;
      lo += hi - (s - back) + (v - back);
      hi = s;
    }
  } else {
    // The loose samples before the first complete chunk, then the tree nodes that cover the
    // complete chunks, then the loose samples after them.
    for (let i = from; i < firstChunk * CHUNK_SIZE; i++) {
      const v = values[i]!; // i < till
      const s = hi + v;
      const back = s - hi;
      lo += hi - (s - back) + (v - back);
      hi = s;
    }
    const leaves = tree.length / 2;
    for (let left = leaves + firstChunk, right = leaves + tillChunk; left < right; ) {
      if (left & 1) {
        const v = tree[left++]!; // left < right <= tree.length
        const s = hi + v;
        const back = s - hi;
        lo += hi - (s - back) + (v - back);
        hi = s;
      }
      if (right & 1) {
        const v = tree[--right]!; // right > left >= 1
        const s = hi + v;
        const back = s - hi;
        lo += hi - (s - back) + (v - back);
        hi = s;
      }
      left >>>= 1;
      right >>>= 1;
    }
    for (let i = tillChunk * CHUNK_SIZE; i < till; i++) {
      const v = values[i]!; // i < till
      const s = hi + v;
      const back = s - hi;
      lo += hi - (s - back) + (v - back);
      hi = s;
    }
  }
  const s = hi + lo;
  const back = s - hi;
  tree[0] = hi - (s - back) + (lo - back);
  return s;
}

// 2^27 + 1: Veltkamp's constant for splitting a double into two 26-bit halves.
const SPLITTER = 134_217_729;

/**
 * Mean of `count` samples whose sum is the pair `sumHi + sumLo`, rounded once at the very end.
 * The first quotient's remainder is computed exactly (Dekker's product) and divided again, so
 * an exact sum gives a correctly rounded mean (for sums above about 1e-250; nearer underflow
 * the product's halves lose bits): a constant window gives exactly that constant.
 *
 * @param count - number of samples, a positive integer
 * @example
 * meanOfSum(0.30000000000000004, -2.7755575615628914e-17, 3); // 0.1
 */
export function meanOfSum(sumHi: number, sumLo: number, count: number): number {
  const quotient = sumHi / count;
  const product = quotient * count;
  let t = SPLITTER * quotient;
  const qHigh = t - (t - quotient);
  const qLow = quotient - qHigh;
  t = SPLITTER * count;
  const cHigh = t - (t - count);
  const cLow = count - cHigh;
  const productError = qHigh * cHigh - product + qHigh * cLow + qLow * cHigh + qLow * cLow;
  const remainder = sumHi - product - productError + sumLo;
  return quotient + remainder / count;
}
