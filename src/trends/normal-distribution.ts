// The standard normal distribution for the trend tests: tail areas accurate to about 1e-15
// relative far into both tails, and the quantile function.
//
// Tail areas come from W. J. Cody's rational approximations of erf and erfc (Cody 1969, "Rational
// Chebyshev approximations for the error function", Math. Comp. 23; the coefficients of his
// SPECFUN routine CALERF). A tail is never formed as 1 − Φ: that would lose every digit below
// 1e-16. The factor exp(−z²/2) is evaluated from z itself, split into a part with few bits
// (whose square is exact) and a small remainder, so z/√2 is never squared: squaring a rounded
// z/√2 near z = 37 would cost about 1e-13 of relative accuracy.
//
// The quantile is Wichura's algorithm AS 241 (PPND16; Applied Statistics 37, 1988), about 1e-16
// relative over (0, 1).
//
// The coefficients are written as the shortest decimals of the doubles nearest to the published
// 18–20 digit values (the same doubles, without digits a double cannot hold).

// erf(x) = x · A(x²) / B(x²) for |x| ≤ 0.46875; the highest coefficient of A last.
const ERF_NUMERATOR = Object.freeze([
  3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315,
]);
const ERF_DENOMINATOR = Object.freeze([
  23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171,
]);
// exp(x²) · erfc(x) = C(x) / D(x) for 0.46875 < x ≤ 4.
const ERFC_MIDDLE_NUMERATOR = Object.freeze([
  0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769,
  1712.0476126340707, 2051.0783778260716, 1230.3393547979972, 2.1531153547440383e-8,
]);
const ERFC_MIDDLE_DENOMINATOR = Object.freeze([
  15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597,
  4362.619090143247, 3439.3676741437216, 1230.3393548037495,
]);
// exp(x²) · erfc(x) = (1/√π − w · P(w) / Q(w)) / x with w = 1/x², for x > 4.
const ERFC_TAIL_NUMERATOR = Object.freeze([
  0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.016083785148742275,
  0.0006587491615298378, 0.016315387137302097,
]);
const ERFC_TAIL_DENOMINATOR = Object.freeze([
  2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132,
  0.0023352049762686918,
]);
const ONE_OVER_SQRT_PI = 0.5641895835477563;
// Where erf's own approximation ends (Cody's threshold 0.46875), in x and in z = x·√2.
const ERF_LIMIT = 0.46875;
// Beyond z ≈ 38.6 the upper tail is below the smallest subnormal double.
const UNDERFLOW_Z = 38.6;

/**
 * The error function erf(x) for |x| ≤ 0.46875 (Cody's first approximation). Internal.
 */
function erfSmall(x: number): number {
  const a = ERF_NUMERATOR;
  const b = ERF_DENOMINATOR;
  const square = x * x;
  let numerator = a[4]! * square;
  let denominator = square;
  for (let i = 0; i < 3; i++) {
    numerator = (numerator + a[i]!) * square;
    denominator = (denominator + b[i]!) * square;
  }
  return (x * (numerator + a[3]!)) / (denominator + b[3]!);
}

/**
 * exp(x²) · erfc(x) for x > 0.46875 (Cody's second and third approximations). Internal.
 */
function scaledErfc(x: number): number {
  if (x <= 4) {
    const c = ERFC_MIDDLE_NUMERATOR;
    const d = ERFC_MIDDLE_DENOMINATOR;
    let numerator = c[8]! * x;
    let denominator = x;
    for (let i = 0; i < 7; i++) {
      numerator = (numerator + c[i]!) * x;
      denominator = (denominator + d[i]!) * x;
    }
    return (numerator + c[7]!) / (denominator + d[7]!);
  }
  const p = ERFC_TAIL_NUMERATOR;
  const q = ERFC_TAIL_DENOMINATOR;
  const w = 1 / (x * x);
  let numerator = p[5]! * w;
  let denominator = w;
  for (let i = 0; i < 4; i++) {
    numerator = (numerator + p[i]!) * w;
    denominator = (denominator + q[i]!) * w;
  }
  const correction = (w * (numerator + p[4]!)) / (denominator + q[4]!);
  return (ONE_OVER_SQRT_PI - correction) / x;
}

/**
 * exp(−y² · scale) for y ≥ 0, with y split into y₀ (y truncated to sixteenths, so y₀² is exact)
 * and the rest: exp(−y₀²·scale) · exp(−(y − y₀)(y + y₀)·scale). `scale` is 1 or 1/2 (exact).
 */
function expMinusSquare(y: number, scale: number): number {
  const head = Math.trunc(y * 16) / 16;
  const rest = (y - head) * (y + head) * scale;
  return Math.exp(-head * head * scale) * Math.exp(-rest);
}

/**
 * The complementary error function erfc(x) = 1 − erf(x), accurate to about 1e-15 relative
 * wherever the result is a normal double (x up to about 26.5).
 *
 * @param x - any number; NaN gives NaN, +Infinity 0, −Infinity 2
 * @returns erfc(x) in [0, 2]
 * @example
 * erfc(0); // 1
 * erfc(3); // 2.209049699858544e-5
 */
export function erfc(x: number): number {
  const y = Math.abs(x);
  if (y <= ERF_LIMIT) return 1 - erfSmall(x);
  // Beyond 26.6 even the tail is below the smallest double (and NaN stays NaN through here).
  const tail = y > 26.6 ? 0 : scaledErfc(y) * expMinusSquare(y, 1);
  return x < 0 ? 2 - tail : tail;
}

/**
 * The upper tail of the standard normal distribution, Q(z) = P(Z > z) = 1 − Φ(z), computed
 * directly (never as 1 − Φ), so it stays accurate to about 1e-15 relative out to z ≈ 37.
 *
 * @param z - a standard normal deviate; NaN gives NaN, +Infinity 0, −Infinity 1
 * @returns the probability in [0, 1]
 * @example
 * normalUpperTail(1.959963984540054); // 0.025 (within 1e-16)
 * normalUpperTail(10); // 7.619853024160527e-24
 */
export function normalUpperTail(z: number): number {
  const y = Math.abs(z);
  const x = y * Math.SQRT1_2;
  let upper: number; // Q(|z|)
  if (x <= ERF_LIMIT) upper = 0.5 - 0.5 * erfSmall(x);
  else if (y > UNDERFLOW_Z) upper = 0;
  else upper = 0.5 * scaledErfc(x) * expMinusSquare(y, 0.5);
  if (Number.isNaN(z)) return Number.NaN;
  return z < 0 ? 1 - upper : upper;
}

/**
 * The standard normal distribution function Φ(z) = P(Z ≤ z); the lower tail keeps its relative
 * accuracy (Φ(−30) ≈ 4.9e-198).
 *
 * @param z - a standard normal deviate; NaN gives NaN
 * @returns the probability in [0, 1]
 * @example
 * normalCdf(0); // 0.5
 * normalCdf(-1.959963984540054); // 0.025 (within 1e-16)
 */
export function normalCdf(z: number): number {
  return normalUpperTail(-z);
}

/**
 * The two-sided p-value of a standard normal statistic, P(|Z| ≥ |z|) = erfc(|z|/√2) = 2·Q(|z|),
 * as the Mann–Kendall test reports it.
 *
 * @param z - the test statistic; NaN gives NaN, ±Infinity 0
 * @returns the p-value in [0, 1]
 * @example
 * twoSidedNormalP(0); // 1
 * twoSidedNormalP(1.959963984540054); // 0.05 (within 1e-16)
 */
export function twoSidedNormalP(z: number): number {
  return 2 * normalUpperTail(Math.abs(z));
}

// AS 241: the central region |p − 0.5| ≤ 0.425, then r = √(−ln min(p, 1 − p)) up to 5 and
// beyond. Each array is lowest power first.
const CENTRAL_NUMERATOR = Object.freeze([
  3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987,
  67265.7709270087, 33430.57558358813, 2509.0809287301227,
]);
const CENTRAL_DENOMINATOR = Object.freeze([
  1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
  28729.085735721943, 5226.495278852854,
]);
const NEAR_NUMERATOR = Object.freeze([
  1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
  0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
]);
const NEAR_DENOMINATOR = Object.freeze([
  1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008,
  0.015198666563616457, 0.0005475938084995345, 1.0507500716444169e-9,
]);
const FAR_NUMERATOR = Object.freeze([
  6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487,
  0.026532189526576124, 0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
]);
const FAR_DENOMINATOR = Object.freeze([
  1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
  0.000018463183175100548, 1.421511758316446e-7, 2.0442631033899397e-15,
]);

/** The ratio of two degree-7 polynomials at t, by Horner's rule. Internal. */
function ratio(numerator: readonly number[], denominator: readonly number[], t: number): number {
  let top = numerator[7]!;
  let bottom = denominator[7]!;
  for (let i = 6; i >= 0; i--) {
    top = top * t + numerator[i]!;
    bottom = bottom * t + denominator[i]!;
  }
  return top / bottom;
}

/**
 * The standard normal quantile Φ⁻¹(p): the z with P(Z ≤ z) = p (Wichura's AS 241, about 1e-16
 * relative), for instance z_{1−α/2} of a two-sided interval.
 *
 * @param p - a probability; 0 gives −Infinity, 1 gives +Infinity, NaN or a value outside [0, 1]
 *   gives NaN
 * @returns the deviate z
 * @example
 * normalQuantile(0.975); // 1.959963984540054
 * normalQuantile(0.5); // 0
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    return q * ratio(CENTRAL_NUMERATOR, CENTRAL_DENOMINATOR, 0.180625 - q * q);
  }
  // For p > 0.5, 1 − p is exact (Sterbenz), so nothing is lost by working in the smaller tail.
  const tail = q < 0 ? p : 1 - p;
  if (tail === 0) return q < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  const r = Math.sqrt(-Math.log(tail));
  const z =
    r <= 5
      ? ratio(NEAR_NUMERATOR, NEAR_DENOMINATOR, r - 1.6)
      : ratio(FAR_NUMERATOR, FAR_DENOMINATOR, r - 5);
  return q < 0 ? -z : z;
}
