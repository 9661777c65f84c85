// A slow, high-precision reference for the standard normal distribution, for the tests of
// src/trends/normal-distribution.ts. Everything is exact rational or fixed-point BigInt
// arithmetic with 450 decimal digits after the point, so the reference is correct far beyond
// double precision, even where the tail is 1e-300.
//
// Φ(z) − 1/2 = φ(z) · Σ_{n≥0} z^{2n+1} / (1·3·5···(2n+1))   (all terms positive for z ≥ 0)
// φ(z) = exp(−z²/2) / √(2π)
// Q(z) = 1 − Φ(z) = 1/2 − φ(z) · Σ …: the subtraction is done with 450 digits, so a tail of
// 1e-300 keeps about 150 correct digits.

const DIGITS = 450;
const SCALE = 10n ** BigInt(DIGITS);

/** A double as an exact fraction numerator / 2^shift (denominator a power of two). */
function exactFraction(value: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(value)) throw new RangeError(`not finite: ${value}`);
  let numerator = value;
  let denominator = 1n;
  // Doubling is exact; after at most 1074 steps the value is an integer.
  while (!Number.isInteger(numerator)) {
    numerator *= 2;
    denominator *= 2n;
  }
  return { numerator: BigInt(numerator), denominator };
}

/** atan(1/k) · SCALE by its Taylor series (k ≥ 2). */
function arctanInverse(k: bigint): bigint {
  let power = SCALE / k; // SCALE / k^(2n+1)
  let sum = 0n;
  let n = 0n;
  while (power !== 0n) {
    const term = power / (2n * n + 1n);
    sum += n % 2n === 0n ? term : -term;
    power /= k * k;
    n++;
  }
  return sum;
}

/** ⌊√v⌋ by Newton's method on integers. */
function integerSqrt(v: bigint): bigint {
  if (v < 2n) return v;
  let x = BigInt(Math.floor(Math.sqrt(Number(v.toString().slice(0, 15))))) + 1n;
  x *= 10n ** BigInt(Math.max(0, Math.ceil((v.toString().length - 15) / 2)));
  for (;;) {
    const next = (x + v / x) / 2n;
    if (next >= x) return x;
    x = next;
  }
}

// π by Machin's formula, √(2π) and √π from it (both · SCALE); a few units of the last digit off.
const PI = 16n * arctanInverse(5n) - 4n * arctanInverse(239n);
const SQRT_TWO_PI = integerSqrt(2n * PI * SCALE);
const SQRT_PI = integerSqrt(PI * SCALE);

/** exp(num/den) · SCALE for num/den ≥ 0, by its Taylor series (every term positive). */
function expScaled(numerator: bigint, denominator: bigint): bigint {
  let term = SCALE;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k++) {
    sum += term;
    term = (term * numerator) / (denominator * k);
  }
  return sum;
}

/**
 * The parts of the reference at v ≥ 0 with m = 1 (Q(v)) or m = 2 (Q(v·√2) = erfc(v)/2):
 * the tail · SCALE and exp(m·v²/2) · SCALE. With z = v·√m, z^{2n+1} = v·√m·(m·v²)^n, and the
 * √m joins the constant: 1/√(2π) for m = 1, 1/√π for m = 2.
 */
function upperTailParts(v: number, m: 1n | 2n = 1n): { tail: bigint; expHalfSquare: bigint } {
  const { numerator, denominator } = exactFraction(v);
  const square = m * numerator * numerator;
  const squareDenominator = denominator * denominator;
  // Σ v·(m·v²)^n/(2n+1)!! · SCALE.
  let term = (numerator * SCALE) / denominator;
  let series = 0n;
  for (let k = 3n; term !== 0n; k += 2n) {
    series += term;
    term = (term * square) / (squareDenominator * k);
  }
  const expHalfSquare = expScaled(square, 2n * squareDenominator);
  // φ · Σ · SCALE = series · SCALE² / (exp · √(2π or π)) (both factors of the divisor · SCALE).
  const root = m === 1n ? SQRT_TWO_PI : SQRT_PI;
  const density = (series * SCALE * SCALE) / (expHalfSquare * root);
  return { tail: SCALE / 2n - density, expHalfSquare };
}

/** A fixed-point BigInt (value · 10^digits) as the nearest double, to about 1e-24 relative. */
function toDouble(scaled: bigint, digits = DIGITS): number {
  if (scaled === 0n) return 0;
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString();
  const lead = text.slice(0, 30);
  const value = Number(`${lead}e${text.length - lead.length - digits}`);
  return negative ? -value : value;
}

/**
 * Q(z) = P(Z > z) for a double z, in high precision, rounded to a double at the end.
 *
 * @example normalUpperTailReference(10); // 7.619853024160526e-24
 */
export function normalUpperTailReference(z: number): number {
  if (z < 0) return 1 - normalUpperTailReference(-z);
  return toDouble(upperTailParts(z).tail);
}

/**
 * How far the double `x` is from the true Φ⁻¹(p), to first order: (Φ(x) − p) / φ(x), in high
 * precision (p and x taken exactly as the doubles they are).
 *
 * @example quantileError(1.959963984540054, 0.975); // about 1e-16
 */
export function quantileError(x: number, p: number): number {
  const { tail, expHalfSquare } = upperTailParts(Math.abs(x));
  const { numerator, denominator } = exactFraction(p);
  const pScaled = (numerator * SCALE) / denominator;
  // Φ(x) · SCALE: the lower tail for x < 0, one minus the upper tail otherwise.
  const cdf = x < 0 ? tail : SCALE - tail;
  // (Φ − p) / φ = (Φ − p) · exp(z²/2) · √(2π), all three scaled once by SCALE.
  return toDouble(((cdf - pScaled) * expHalfSquare * SQRT_TWO_PI) / SCALE, DIGITS * 2);
}

/**
 * erfc(x) for a double x, in high precision, rounded to a double at the end.
 *
 * @example erfcReference(1); // 0.15729920705028513
 */
export function erfcReference(x: number): number {
  if (x < 0) return 2 - erfcReference(-x);
  return toDouble(2n * upperTailParts(x, 2n).tail);
}
