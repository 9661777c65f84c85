import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  erfc,
  normalCdf,
  normalQuantile,
  normalUpperTail,
  twoSidedNormalP,
} from '../../src/trends/normal-distribution.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  erfcReference,
  normalUpperTailReference,
  quantileError,
} from '../helpers/trends-normal-oracle.js';

// The accuracy the trend tests need (about 1e-13 relative in both tails); the implementation
// reaches about 1e-15, and these bounds leave room for engines whose Math.exp differs by an ulp.
const TAIL_TOLERANCE = 1e-14;
const QUANTILE_TOLERANCE = 1e-13;

function relativeError(got: number, want: number): number {
  return Math.abs(got - want) / Math.abs(want);
}

describe('erfc and the normal tails: published values', () => {
  // erfc from Abramowitz & Stegun table 7.1 and its high-precision recomputations; Q(z) from
  // the usual tables of the normal integral, to 16 or more digits.
  it.each([
    [1, 0.15729920705028513],
    [2, 0.004677734981047266],
    [5, 1.537459794428035e-12],
    [10, 2.088487583762545e-45],
  ])('erfc(%d)', (x, want) => {
    expect(relativeError(erfc(x), want)).toBeLessThan(TAIL_TOLERANCE);
    expect(relativeError(erfcReference(x), want)).toBeLessThan(1e-15);
  });

  it.each([
    [1.959963984540054, 0.025],
    [5, 2.866515718791939e-7],
    [10, 7.619853024160525e-24],
    [30, 4.906713927148187e-198],
  ])('Q(%d)', (z, want) => {
    // 1.959963984540054 is z_0.975 rounded to a double: Q there is 0.025 to about 1e-15.
    expect(relativeError(normalUpperTail(z), want)).toBeLessThan(TAIL_TOLERANCE);
    expect(relativeError(normalCdf(-z), want)).toBeLessThan(TAIL_TOLERANCE);
    expect(relativeError(twoSidedNormalP(z), 2 * want)).toBeLessThan(TAIL_TOLERANCE);
    expect(relativeError(twoSidedNormalP(-z), 2 * want)).toBeLessThan(TAIL_TOLERANCE);
  });

  it('gives the exact values at the centre and the ends', () => {
    expect(erfc(0)).toBe(1);
    expect(normalUpperTail(0)).toBe(0.5);
    expect(normalCdf(0)).toBe(0.5);
    expect(twoSidedNormalP(0)).toBe(1);
    expect(erfc(Number.POSITIVE_INFINITY)).toBe(0);
    expect(erfc(Number.NEGATIVE_INFINITY)).toBe(2);
    expect(normalUpperTail(Number.POSITIVE_INFINITY)).toBe(0);
    expect(normalUpperTail(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(twoSidedNormalP(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalUpperTail(40)).toBe(0);
    expect(erfc(27)).toBe(0);
    for (const f of [erfc, normalUpperTail, normalCdf, twoSidedNormalP, normalQuantile]) {
      expect(f(Number.NaN)).toBeNaN();
    }
  });
});

describe('erfc and the normal tails against the high-precision reference', () => {
  it('Q(z) on a grid from −10 to 37 (every branch and both tails)', () => {
    for (let k = -100; k <= 370; k++) {
      const z = k / 10 + 0.0123;
      const want = normalUpperTailReference(z);
      expect(relativeError(normalUpperTail(z), want), `z = ${z}`).toBeLessThan(TAIL_TOLERANCE);
      expect(relativeError(normalCdf(-z), want), `z = ${z}`).toBeLessThan(TAIL_TOLERANCE);
    }
  });

  it('erfc(x) on a grid from −3 to 26.5', () => {
    for (let k = -30; k <= 265; k++) {
      const x = k / 10 + 0.00731;
      expect(relativeError(erfc(x), erfcReference(x)), `x = ${x}`).toBeLessThan(TAIL_TOLERANCE);
    }
  });

  it('erfc(26.6), the last point before the cut-off, is its subnormal tail, not 0', () => {
    // erfc(26.6) ≈ 1.0885e-309 lies below the smallest normal double: computed there all the
    // same, and 0 only beyond.
    const want = erfcReference(26.6);
    expect(want).toBeGreaterThan(1e-309);
    expect(want).toBeLessThan(2.2250738585072014e-308);
    expect(relativeError(erfc(26.6), want)).toBeLessThan(1e-12);
    expect(relativeError(erfc(26.55), erfcReference(26.55))).toBeLessThan(1e-12);
  });

  it('at the branch limits of the approximations', () => {
    const limits = [0.46875, 4, 26.5]; // in x; in z = x·√2 for the normal tail
    for (const x of limits) {
      for (const d of [-1e-15, 0, 1e-15]) {
        const y = x + d;
        expect(relativeError(erfc(y), erfcReference(y))).toBeLessThan(TAIL_TOLERANCE);
        const z = y * Math.SQRT2;
        const want = normalUpperTailReference(z);
        expect(relativeError(normalUpperTail(z), want)).toBeLessThan(TAIL_TOLERANCE);
      }
    }
  });

  it('Q(z) at random points of [−9, 37]', () => {
    fc.assert(
      fc.property(fc.double({ min: -9, max: 37, noNaN: true }), (z) => {
        const want = normalUpperTailReference(z);
        expect(relativeError(normalUpperTail(z), want)).toBeLessThan(TAIL_TOLERANCE);
        expect(
          relativeError(twoSidedNormalP(z), 2 * normalUpperTailReference(Math.abs(z))),
        ).toBeLessThan(TAIL_TOLERANCE);
      }),
      RUNS,
    );
  });
});

describe('normalQuantile', () => {
  it('gives the usual critical values', () => {
    // Within 1e-14: 0.975 and the others are not exact doubles (0.95 is 4.4e-17 below 0.95).
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 14);
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 14);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
  });

  it('inverts Φ to 1e-13 relative in each of its three regions and far into the tails', () => {
    const points = [1e-300, 1e-100, 1e-30, 1e-12, 1e-11, 1e-6, 0.001, 0.025, 0.07499, 0.07501];
    for (const p of [...points, 0.3, 0.5000001, 0.9, 0.975, 0.999999, 1 - 1e-15]) {
      const x = normalQuantile(p);
      expect(Math.abs(quantileError(x, p)), `p = ${p}`).toBeLessThan(
        QUANTILE_TOLERANCE * Math.abs(x),
      );
    }
  });

  it('inverts Φ at random probabilities, log-uniform down to 1e-300 in both tails', () => {
    const probability = fc.oneof(
      fc.double({ min: 0, max: 1, noNaN: true, minExcluded: true, maxExcluded: true }),
      fc.double({ min: 1, max: 300, noNaN: true }).map((e) => 10 ** -e),
      fc.double({ min: 1, max: 15, noNaN: true }).map((e) => 1 - 10 ** -e),
    );
    fc.assert(
      fc.property(probability, (p) => {
        fc.pre(p > 0 && p < 1 && p !== 0.5);
        const x = normalQuantile(p);
        expect(Math.abs(quantileError(x, p))).toBeLessThan(QUANTILE_TOLERANCE * Math.abs(x));
      }),
      RUNS,
    );
  });

  it('round-trips through normalCdf in the lower half', () => {
    // Only z ≤ 0: above, Φ(z) rounds to a double near 1 and the round trip is ill-conditioned.
    fc.assert(
      fc.property(fc.double({ min: -37, max: 0, noNaN: true }), (z) => {
        const back = normalQuantile(normalCdf(z));
        expect(Math.abs(back - z)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(z)));
      }),
      RUNS,
    );
  });
});
