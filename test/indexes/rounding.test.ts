import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfUp2, roundUp2 } from '../../src/indexes/rounding.js';
import { hasAtMostTwoDecimals } from '../helpers/index-oracles.js';

const RUNS = { numRuns: 1000 };
// Index and measured values live well inside this range; beyond ~1e7 a double cannot tell
// hundredths apart from noise any more (documented in rounding.ts).
const valueArb = fc.double({ min: -1e6, max: 1e6, noNaN: true });
const hundredthsArb = fc.integer({ min: -100_000_000, max: 100_000_000 });

describe('roundUp2', () => {
  it.each([
    [68.24375, 68.25],
    [1.1, 1.1],
    [22.1, 22.1],
    [35.53, 35.53],
    [31.166666666666668, 31.17],
    [105.55555555555556, 105.56],
    [109.0909090909091, 109.1],
    [0.16666666666666666, 0.17],
    [0, 0],
    [0.001, 0.01],
    [-0.001, 0],
    [125, 125],
    [2.675, 2.68],
    [1.005, 1.01],
  ])('roundUp2(%d) = %d', (x, expected) => {
    expect(roundUp2(x)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundUp2(-0.004), 0)).toBe(true);
    expect(Object.is(roundUp2(-0), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'throws a RangeError naming itself for %d',
    (x) => {
      expect(() => roundUp2(x)).toThrow(RangeError);
      expect(() => roundUp2(x)).toThrow(/^roundUp2: x must be a finite number, got/);
    },
  );

  it('counts a value exactly at the grid tolerance as on the grid (the bound is inclusive)', () => {
    // 1e-9 of a hundredth is the tolerance below |x| · 100 = 1; these x scale onto it exactly.
    for (const x of [1.0000000000000001e-11, -1.0000000000000001e-11]) {
      expect(Math.abs(x * 100)).toBe(1e-9);
      expect(roundUp2(x)).toBe(0);
    }
  });

  it('returns a value with no fractional hundredths left (|x| · 100 ≥ 2^52) unchanged', () => {
    // Scaling such an x by 100 and back need not give x again: the value must not be touched.
    for (const x of [239655968619269630, -239655968619269630, 2 ** 60 + 2 ** 8]) {
      expect(x * 100 >= 2 ** 52 || x * 100 <= -(2 ** 52)).toBe(true);
      expect(roundUp2(x)).toBe(x);
      expect(roundHalfUp2(x)).toBe(x);
    }
    expect((239655968619269630 * 100) / 100).not.toBe(239655968619269630);
  });

  it('returns a value already on the 2-decimal grid unchanged', () => {
    fc.assert(
      fc.property(hundredthsArb, (n) => {
        const x = n / 100;
        expect(roundUp2(x)).toBe(x);
      }),
      RUNS,
    );
  });

  it('moves a value between two grid points to the upper one (oracle on n + t hundredths)', () => {
    fc.assert(
      fc.property(hundredthsArb, fc.double({ min: 1e-3, max: 1 - 1e-3, noNaN: true }), (n, t) => {
        expect(roundUp2((n + t) / 100)).toBe((n + 1) / 100);
      }),
      RUNS,
    );
  });

  it('never goes below the raw value by more than the grid tolerance, and moves it by < 0.01', () => {
    fc.assert(
      fc.property(valueArb, (x) => {
        const r = roundUp2(x);
        expect(r).toBeGreaterThanOrEqual(x - Math.max(1e-11, 1e-9 * Math.abs(x)));
        expect(r - x).toBeLessThan(0.01);
        expect(hasAtMostTwoDecimals(r)).toBe(true);
      }),
      RUNS,
    );
  });

  it('is idempotent and monotone', () => {
    fc.assert(
      fc.property(valueArb, valueArb, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(roundUp2(roundUp2(a))).toBe(roundUp2(a));
        expect(roundUp2(low)).toBeLessThanOrEqual(roundUp2(high));
      }),
      RUNS,
    );
  });
});

describe('roundHalfUp2', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [1.1, 1.1],
    [0.29, 0.29],
    [35.534, 35.53],
    [35.535, 35.54],
    [-1.005, -1.01],
    [-2.675, -2.68],
    [-0.001, 0],
    [1013.25, 1013.25],
    [124.66666666666667, 124.67],
  ])('roundHalfUp2(%d) = %d', (x, expected) => {
    expect(roundHalfUp2(x)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfUp2(-0.004), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('throws a RangeError for %d', (x) => {
    expect(() => roundHalfUp2(x)).toThrow(/^roundHalfUp2: x must be a finite number, got/);
  });

  it('rounds a decimal written with a final 5 in the third place away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (n, negative) => {
        // Parse the decimal text, as a value like "1.005" arrives in real data.
        const text = `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}5`;
        const x = Number(negative ? `-${text}` : text);
        const expected = (n + 1) / 100;
        expect(roundHalfUp2(x)).toBe(negative ? -expected : expected);
      }),
      RUNS,
    );
  });

  it('rounds to the nearer grid point away from halves (oracle on n + t hundredths)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, t) => {
          fc.pre(Math.abs(t - 0.5) > 1e-3 && t < 1 - 1e-3);
          const expected = t < 0.5 ? n / 100 : (n + 1) / 100;
          expect(roundHalfUp2((n + t) / 100)).toBe(expected);
        },
      ),
      RUNS,
    );
  });

  it('is symmetric, idempotent, within 0.005 of the value and on the grid', () => {
    fc.assert(
      fc.property(valueArb, (x) => {
        const r = roundHalfUp2(x);
        expect(roundHalfUp2(-x)).toBe(r === 0 ? 0 : -r);
        expect(roundHalfUp2(r)).toBe(r);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(hasAtMostTwoDecimals(r)).toBe(true);
      }),
      RUNS,
    );
  });
});
