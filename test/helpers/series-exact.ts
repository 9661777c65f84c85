// Exact arithmetic on doubles for accuracy tests: every finite double is an integer multiple of
// 2^-1074, so scaling by 2^1074 turns it into a BigInt without loss and sums become exact.

const bits = new DataView(new ArrayBuffer(8));

/** `x × 2^1074` as an exact BigInt (x finite). */
export function scaledExact(x: number): bigint {
  bits.setFloat64(0, x);
  const word = bits.getBigUint64(0);
  const negative = word >> 63n === 1n;
  const exponent = Number((word >> 52n) & 0x7ffn);
  const mantissa = word & 0xfffffffffffffn;
  const magnitude = exponent === 0 ? mantissa : (mantissa | (1n << 52n)) << BigInt(exponent - 1);
  return negative ? -magnitude : magnitude;
}

/** The exact sum of `values`, scaled by 2^1074. */
export function exactScaledSum(values: Iterable<number>): bigint {
  let total = 0n;
  for (const v of values) total += scaledExact(v);
  return total;
}

/**
 * Whether `actual` is within `2^-relativeExponent × Σ|v| / n` of the exact mean of `values`
 * (n > 0), plus one subnormal step (2^-1074) for results too small to carry relative precision:
 * the error measured against the size of the numbers that were added, as in `agrees`, but
 * against the exact result instead of a naive sum that has rounding errors of its own.
 */
export function meanWithin(
  actual: number,
  values: readonly number[],
  relativeExponent: number,
): boolean {
  const n = BigInt(values.length);
  const scale = 2n ** BigInt(relativeExponent);
  const error = scaledExact(actual) * n - exactScaledSum(values);
  const magnitude = exactScaledSum(values.map(Math.abs));
  return (error < 0n ? -error : error) * scale <= magnitude + n * scale;
}

/**
 * Whether `actual` is within `2^-relativeExponent × Σ|v|` (plus one subnormal step) of the
 * exact sum of `values`.
 */
export function sumWithin(
  actual: number,
  values: readonly number[],
  relativeExponent: number,
): boolean {
  const scale = 2n ** BigInt(relativeExponent);
  const error = scaledExact(actual) - exactScaledSum(values);
  const magnitude = exactScaledSum(values.map(Math.abs));
  return (error < 0n ? -error : error) * scale <= magnitude + scale;
}

/** The next double above `x` (x finite, not the largest double). */
export function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  bits.setFloat64(0, x);
  const word = bits.getBigUint64(0);
  bits.setBigUint64(0, x > 0 ? word + 1n : word - 1n);
  return bits.getFloat64(0);
}

/** The next double below `x`. */
export function nextDown(x: number): number {
  return -nextUp(-x);
}

/**
 * Whether `mean` is the double nearest to `(hi + lo) / count` (ties either way): no neighbour of
 * `mean` is strictly closer, compared exactly as `|m × count − (hi + lo)|` in scaled BigInts.
 */
export function isNearestMean(mean: number, hi: number, lo: number, count: number): boolean {
  const n = BigInt(count);
  const exact = scaledExact(hi) + scaledExact(lo);
  const distance = (m: number) => {
    const d = scaledExact(m) * n - exact;
    return d < 0n ? -d : d;
  };
  const own = distance(mean);
  return own <= distance(nextUp(mean)) && own <= distance(nextDown(mean));
}

/**
 * Whether the pair `hi + lo` is within `2^-relativeExponent × Σ|v|` of the exact sum of
 * `values`: the test of a double-length sum, tighter than any one double can be.
 */
export function pairWithin(
  hi: number,
  lo: number,
  values: readonly number[],
  relativeExponent: number,
): boolean {
  const scale = 2n ** BigInt(relativeExponent);
  const error = scaledExact(hi) + scaledExact(lo) - exactScaledSum(values);
  const magnitude = exactScaledSum(values.map(Math.abs));
  return (error < 0n ? -error : error) * scale <= magnitude;
}
