// timeProfile's t interval (cells of 1000 values or more) against reference §10 term by term:
// t = z + g₁/ν + g₂/ν² + g₃/ν³ + g₄/ν⁴ (Abramowitz & Stegun 26.7.5) with z = Φ⁻¹((1 + c)/2).
// The higher terms matter most at few degrees of freedom and high confidence: at ν = 999 and
// c = 0.99999999 the g₄ term moves t by about 3e-9 of itself. Here z comes from Newton's
// method on the high-precision Φ of test/helpers/trends-normal-oracle.ts, and the expansion
// is written again from the reference, so the two agree to a few units in the last place.
// The brute-force t (Simpson's rule on the density) confirms the expansion where it is exact
// enough to tell (c ≤ 0.999).
import { describe, expect, it } from 'vitest';
import { timeProfile } from '../../src/trends/time-profile.js';
import { naiveStudentQuantile } from '../helpers/trends-bootstrap-oracle.js';
import { quantileError } from '../helpers/trends-normal-oracle.js';

/** Φ⁻¹(p) by Newton's method on the high-precision Φ, from 0. */
function referenceQuantile(p: number): number {
  let z = 0;
  for (let step = 0; step < 100; step++) {
    const next = z - quantileError(z, p);
    if (next === z) return z;
    z = next;
  }
  return z;
}

/** Reference §10's expansion, written out with powers of z. */
function referenceT(p: number, nu: number): number {
  const z = referenceQuantile(p);
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / nu + g2 / nu ** 2 + g3 / nu ** 3 + g4 / nu ** 4;
}

// One cell (hour 0) of n values alternating +1 and −1: mean 0, Σ(v − mean)² = n.
function oneCell(n: number) {
  const atMs = Array.from({ length: n }, (_, d) => Date.UTC(2020, 0, 1 + d));
  return { atMs, values: atMs.map((_, d) => (d % 2 === 0 ? 1 : -1)) };
}

describe('the t interval of a cell of 1000 or more values', () => {
  it.each([0.5, 0.95, 0.999, 0.999999, 0.99999999])(
    'follows the expansion at confidence %s',
    (c) => {
      for (const n of [1000, 1002, 4000]) {
        const profile = timeProfile(oneCell(n), { kind: 'hour', confidence: c });
        const scale = Math.sqrt(n / (n - 1)) / Math.sqrt(n); // sd / √n
        const want = (referenceT((1 + c) / 2, n - 1) * Math.sqrt(n / (n - 1))) / Math.sqrt(n);
        expect(profile.values[0]).toBe(0);
        // Mean 0: the bounds are ∓t·sd/√n themselves.
        expect(profile.lower[0]).toBe(-profile.upper[0]!);
        const relative = Math.abs(profile.upper[0]! - want) / want;
        expect(relative, `n ${n}: t ${profile.upper[0]! / scale}`).toBeLessThan(3e-15);
      }
    },
  );

  it('is a Student quantile: the brute-force t agrees where it is exact enough', () => {
    for (const c of [0.9, 0.95, 0.999]) {
      const t = referenceT((1 + c) / 2, 999);
      expect(Math.abs(t - naiveStudentQuantile((1 + c) / 2, 999)) / t).toBeLessThan(1e-11);
    }
  });
});
