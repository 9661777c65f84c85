import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hamedRaoVariance } from '../../src/trends/hamed-rao.js';
import { RUNS } from '../helpers/property-runs.js';
import { agrees, naiveHamedRao, naiveVarS } from '../helpers/trends-kendall-oracle.js';

const E22 = [
  4.1, 4.3, 4.6, 4.2, 4.0, 4.4, 4.9, 5.1, 4.8, 4.7, 5.3, 5.6, 5.2, 5.0, 5.5, 5.9, 6.1, 5.7, 5.6,
  6.0,
];

describe('hamedRaoVariance', () => {
  it('E22: the variance of pyMannKendall, with the absolute value of a negative lag sum', () => {
    const varS = naiveVarS(E22);
    expect(agrees(hamedRaoVariance(E22, varS, 0.05), 2285.8361090178346)).toBe(true);
    // One pair of equal values (5.6): Var(S) = (20·19·45 − 18)/18; the significant lags 2, 3,
    // 5 and 7 sum to a negative number, whose absolute value inflates it 2.4-fold.
    expect(varS).toBe(949);
  });

  it('leaves the variance alone without a significant lag, for n < 3 and for tied residuals', () => {
    expect(hamedRaoVariance([1, 3, 2, 5, 5, 4, 6, 8, 7, 9], 124, 0.05)).toBe(124);
    expect(hamedRaoVariance([1, 2], 1, 0.05)).toBe(1);
    expect(hamedRaoVariance([1, 2, 3, 4, 5], 20, 0.05)).toBe(20); // residuals all 0
    expect(hamedRaoVariance([7, 7, 7, 7], 0, 0.05)).toBe(0);
  });

  it('inflates the variance of a strongly autocorrelated series', () => {
    const wave = Array.from({ length: 60 }, (_, i) => 0.05 * i + Math.sin(i / 4));
    const varS = naiveVarS(wave);
    const corrected = hamedRaoVariance(wave, varS, 0.05);
    expect(corrected).toBeGreaterThan(1.5 * varS);
    expect(agrees(corrected, naiveHamedRao(wave, varS, 0.05))).toBe(true);
  });

  it('detrends on array positions: a missing value shifts the later ones', () => {
    const gap = [1, 2, Number.NaN, 3, 5, 4, 6, 8, 7, 9, 12, 10, 11];
    const varS = naiveVarS(gap.filter(Number.isFinite));
    expect(agrees(hamedRaoVariance(gap, varS, 0.2), naiveHamedRao(gap, varS, 0.2))).toBe(true);
  });

  it('equals the naive correction and is never below the variance it corrects', () => {
    const valueArb = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.double({ min: -100, max: 100, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.NaN),
    );
    // A trend, a wave or noise, so lags of both signs come out significant.
    const seriesArb = fc.oneof(
      fc.array(valueArb, { maxLength: 50 }),
      fc
        .tuple(fc.integer({ min: 3, max: 60 }), fc.double({ min: 1, max: 20, noNaN: true }))
        .map(([n, period]) =>
          Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * i) / period)),
        ),
    );
    fc.assert(
      fc.property(seriesArb, fc.constantFrom(0.01, 0.05, 0.1, 0.5), (values, alpha) => {
        const varS = naiveVarS(values.filter(Number.isFinite));
        const got = hamedRaoVariance(values, varS, alpha);
        // Fewer than 3 valid values: mannKendall reports NaN before asking, and Var(S) stays.
        if (values.filter(Number.isFinite).length < 3) expect(got).toBe(varS);
        else expect(agrees(got, naiveHamedRao(values, varS, alpha)), `${got}`).toBe(true);
        expect(got).toBeGreaterThanOrEqual(varS);
      }),
      RUNS,
    );
  });
});
