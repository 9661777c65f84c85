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
