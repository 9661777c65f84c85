// Brute-force oracles for the Mann–Kendall family and Sen's slope (src/trends/mann-kendall.ts,
// sen-slope.ts, hamed-rao.ts), written again from the definitions: S by the O(n²) double loop,
// tie groups by counting equal values, pair slopes sorted in full, ranks by counting, lags by
// their sums. The normal distribution comes from the high-precision BigInt reference.

import { normalUpperTailReference, quantileError } from './trends-normal-oracle.js';

/** The valid values of season g (indices g, g + P, …) with their array indices. */
export function seasonPoints(
  values: ArrayLike<number>,
  period: number,
  season: number,
): { x: number[]; index: number[] } {
  const x: number[] = [];
  const index: number[] = [];
  for (let i = season; i < values.length; i += period) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      x.push(v);
      index.push(i);
    }
  }
  return { x, index };
}

/** S = Σ_{i<j} sgn(x_j − x_i), by the double loop. */
export function naiveS(x: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) s += Math.sign(x[j]! - x[i]!);
  }
  return s;
}

/** The sizes of the groups of equal values, by counting each distinct value. */
export function tieGroupSizes(x: readonly number[]): number[] {
  const counts = new Map<number, number>();
  for (const v of x) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.values()];
}

/** Var(S) = [n(n−1)(2n+5) − Σ t(t−1)(2t+5)] / 18. */
export function naiveVarS(x: readonly number[]): number {
  const n = x.length;
  let ties = 0;
  for (const t of tieGroupSizes(x)) ties += t * (t - 1) * (2 * t + 5);
  return (n * (n - 1) * (2 * n + 5) - ties) / 18;
}

/** z_{1−α/2} by Newton's method on the high-precision Φ (memoised per α). */
const criticalValues = new Map<number, number>();
export function criticalValue(alpha: number): number {
  const known = criticalValues.get(alpha);
  if (known !== undefined) return known;
  const p = 1 - alpha / 2;
  let z = 0;
  for (let step = 0; step < 60; step++) {
    const next = z - quantileError(z, p);
    if (next === z) break;
    z = next;
  }
  criticalValues.set(alpha, z);
  return z;
}

export interface OracleMannKendall {
  n: number;
  s: number;
  varS: number;
  z: number;
  p: number;
  tau: number;
}

/** n, S, Var(S) and the pairs compared, summed over the seasons (one season: the plain test). */
export function naiveSeasonalScore(
  values: ArrayLike<number>,
  period = 1,
): { n: number; s: number; varS: number; pairs: number } {
  let n = 0;
  let s = 0;
  let varS = 0;
  let pairs = 0;
  for (let g = 0; g < period; g++) {
    const { x } = seasonPoints(values, period, g);
    n += x.length;
    s += naiveS(x);
    varS += naiveVarS(x);
    pairs += (x.length * (x.length - 1)) / 2;
  }
  return { n, s, varS, pairs };
}

/** The whole test from §6 (seasonal with `period` > 1; Hamed–Rao on request). */
export function naiveMannKendall(
  values: ArrayLike<number>,
  period = 1,
  hamedRao?: { alpha: number },
): OracleMannKendall {
  const score = naiveSeasonalScore(values, period);
  const { n, s, pairs } = score;
  let varS = score.varS;
  const nan = Number.NaN;
  if (n < 3) return { n, s: nan, varS: nan, z: nan, p: nan, tau: nan };
  if (hamedRao !== undefined) varS = naiveHamedRao(values, varS, hamedRao.alpha);
  const z = s === 0 ? 0 : (s - Math.sign(s)) / Math.sqrt(varS);
  const p = s === 0 ? 1 : 2 * normalUpperTailReference(Math.abs(z));
  return { n, s, varS, z, p, tau: pairs === 0 ? nan : s / pairs };
}

/** Every pair slope of §7 (within seasons, per cycle), sorted ascending. */
export function naivePairSlopes(values: ArrayLike<number>, period = 1): number[] {
  const slopes: number[] = [];
  for (let g = 0; g < period; g++) {
    const { x, index } = seasonPoints(values, period, g);
    for (let i = 0; i < x.length; i++) {
      for (let j = i + 1; j < x.length; j++) {
        slopes.push((x[j]! - x[i]!) / ((index[j]! - index[i]!) / period));
      }
    }
  }
  return slopes.sort((a, b) => a - b);
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const m = Math.floor(n / 2);
  return n % 2 === 1 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

/** Half to even, written from its definition (R's and numpy's round). */
export function roundHalfToEven(x: number): number {
  const floor = Math.floor(x);
  const fraction = x - floor;
  if (fraction < 0.5) return floor;
  if (fraction > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Sen's slope and interval of §7 from the fully sorted slopes. */
export function naiveSenSlope(
  values: ArrayLike<number>,
  period = 1,
  alpha = 0.05,
): { n: number; slope: number; lower: number; upper: number } {
  let n = 0;
  let varS = 0;
  for (let g = 0; g < period; g++) {
    const { x } = seasonPoints(values, period, g);
    n += x.length;
    varS += naiveVarS(x);
  }
  const slopes = naivePairSlopes(values, period);
  const count = slopes.length;
  const nan = Number.NaN;
  if (count === 0) return { n, slope: nan, lower: nan, upper: nan };
  const c = criticalValue(alpha) * Math.sqrt(varS);
  const clamp = (rank: number) => Math.min(count, Math.max(1, rank));
  const lowerRank = clamp(roundHalfToEven((count - c) / 2));
  const upperRank = clamp(roundHalfToEven((count + c) / 2) + 1);
  return { n, slope: median(slopes), lower: slopes[lowerRank - 1]!, upper: slopes[upperRank - 1]! };
}

/** Hamed–Rao's Var(S) of §6, steps 1–5, by direct sums. */
export function naiveHamedRao(values: ArrayLike<number>, varS: number, alpha: number): number {
  const beta = median(naivePairSlopes(values, 1));
  const { x, index } = seasonPoints(values, 1, 0);
  const n = x.length;
  const r = x.map((v, k) => v - beta * (index[k]! + 1));
  // Average rank: the values below, plus the mean of positions 1 … t among the t equal ones.
  const ranks = r.map((v) => {
    let below = 0;
    let equal = 0;
    for (const w of r) {
      if (w < v) below++;
      else if (w === v) equal++;
    }
    return below + (equal + 1) / 2;
  });
  const mean = ranks.reduce((a, b) => a + b, 0) / n;
  const y = ranks.map((v) => v - mean);
  const denominator = y.reduce((a, v) => a + v * v, 0);
  const bound = criticalValue(alpha) / Math.sqrt(n);
  let sum = 0;
  for (let j = 1; j <= n - 1; j++) {
    let numerator = 0;
    for (let k = 0; k + j < n; k++) numerator += y[k]! * y[k + j]!;
    const rho = denominator === 0 ? 0 : numerator / denominator;
    if (Math.abs(rho) > bound) sum += (n - j) * (n - j - 1) * (n - j - 2) * rho;
  }
  return varS * (1 + (2 * Math.abs(sum)) / (n * (n - 1) * (n - 2)));
}

/** §2's agreement: |got − want| ≤ 1e-9·max(1, |want|), NaN in the same places, ±∞ equal. */
export function agrees(got: number, want: number): boolean {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  if (!Number.isFinite(want)) return got === want;
  return Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));
}

/** §2's agreement for a Mann–Kendall p: |got − want| ≤ 1e-15 + 1e-9·want. */
export function agreesP(got: number, want: number): boolean {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  return Math.abs(got - want) <= 1e-15 + 1e-9 * want;
}

/**
 * Where a Mann–Kendall result disagrees with the oracle's under §2 (n and s exact, p to
 * 1e-15 + 1e-9·p, varS, z and tau to 1e-9 relative): a description, or undefined when it agrees.
 */
export function mannKendallMismatch(
  got: OracleMannKendall,
  want: OracleMannKendall,
): string | undefined {
  const sameS = Number.isNaN(want.s) ? Number.isNaN(got.s) : got.s === want.s;
  if (got.n !== want.n || !sameS) return `n, s: ${got.n}, ${got.s} vs ${want.n}, ${want.s}`;
  for (const key of ['varS', 'z', 'tau'] as const) {
    if (!agrees(got[key], want[key])) return `${key}: ${got[key]} vs ${want[key]}`;
  }
  return agreesP(got.p, want.p) ? undefined : `p: ${got.p} vs ${want.p}`;
}
