import { describe, expect, it } from 'vitest';
import { type MannKendall, mannKendall } from '../../src/trends/mann-kendall.js';
import {
  agrees,
  agreesP,
  mannKendallMismatch,
  type OracleMannKendall,
} from '../helpers/trends-kendall-oracle.js';

const NaN_ = Number.NaN;

// §2: n and s exact, p to 1e-15 + 1e-9·p, everything else to 1e-9 relative.
function expectAgreement(got: MannKendall, want: OracleMannKendall): void {
  expect(mannKendallMismatch(got, want)).toBeUndefined();
}

describe('mannKendall worked examples', () => {
  it('E19: ten values with one tie', () => {
    expectAgreement(mannKendall([1, 3, 2, 5, 5, 4, 6, 8, 7, 9]), {
      n: 10,
      s: 36,
      varS: 124,
      z: 3.143092785468561,
      p: 0.0016717283964848024,
      tau: 0.8,
    });
  });

  it('E22: Hamed–Rao, where the absolute value of the lag sum matters (= pyMannKendall)', () => {
    const values = [
      4.1, 4.3, 4.6, 4.2, 4.0, 4.4, 4.9, 5.1, 4.8, 4.7, 5.3, 5.6, 5.2, 5.0, 5.5, 5.9, 6.1, 5.7, 5.6,
      6.0,
    ];
    const got = mannKendall(values, { variance: 'hamed-rao' });
    expect(got.s).toBe(139);
    expect(agrees(got.varS, 2285.8361090178346)).toBe(true);
    expect(agrees(got.z, 2.886400173328958)).toBe(true);
    expect(agreesP(got.p, 0.003896763430878414)).toBe(true);
    // The uncorrected test of the same series has the smaller variance.
    expect(mannKendall(values).varS).toBeLessThan(got.varS);
  });

  it('E23: the seasonal Kendall test with four seasons', () => {
    expectAgreement(mannKendall([3, 7, 5, 1, 4, 8, 6, 2, 5, 9, 7, 2, 6, 9, 8, 3], { period: 4 }), {
      n: 16,
      s: 22,
      varS: 32.666666666666664,
      z: 3.6742346141747673,
      p: 0.00023856345402870988,
      tau: 0.9166666666666666,
    });
  });

  it('gives NaN for fewer than three valid values, n still reported', () => {
    const nan = { s: NaN_, varS: NaN_, z: NaN_, p: NaN_, tau: NaN_ };
    expect(mannKendall([])).toEqual({ n: 0, ...nan });
    expect(mannKendall([1, NaN_, 2])).toEqual({ n: 2, ...nan });
    // Three valid values in all, the test runs: seasons [1] and [2, 5].
    expect(mannKendall([1, 2, Infinity, 5, NaN_], { period: 2 })).toEqual({
      n: 3,
      s: 1,
      varS: 1,
      z: 0,
      p: 1,
      tau: 1,
    });
    expect(mannKendall([1, 2], { period: 2 })).toEqual({ n: 2, ...nan });
    expect(mannKendall([5, 4], { variance: 'hamed-rao' })).toEqual({ n: 2, ...nan });
  });

  it('gives S 0, p 1 and no tau when no season holds a pair', () => {
    expect(mannKendall([1, 2, 3], { period: 3 })).toEqual({
      n: 3,
      s: 0,
      varS: 0,
      z: 0,
      p: 1,
      tau: NaN_,
    });
  });

  it('gives S 0, z 0 and p 1 for a constant series', () => {
    expect(mannKendall([2, 2, 2, 2])).toEqual({ n: 4, s: 0, varS: 0, z: 0, p: 1, tau: 0 });
    expect(mannKendall([2, 2, 2, 2], { variance: 'hamed-rao' })).toEqual({
      n: 4,
      s: 0,
      varS: 0,
      z: 0,
      p: 1,
      tau: 0,
    });
  });

  it('applies the continuity correction on the side of S', () => {
    const down = mannKendall([9, 7, 8, 5, 6, 4]);
    expect(down.s).toBe(-11);
    expect(down.z).toBe((down.s + 1) / Math.sqrt(down.varS));
    expect(down.tau).toBe(-11 / 15);
  });
});

describe('mannKendall misuse', () => {
  it('throws RangeError naming the option and the value', () => {
    expect(() => mannKendall([1, 2, 3], { period: 1 })).toThrow(
      new RangeError('mannKendall: options.period must be an integer of at least 2, got 1'),
    );
    expect(() => mannKendall([1, 2, 3], { period: 2.5 })).toThrow(RangeError);
    expect(() => mannKendall([1, 2, 3], { period: NaN_ })).toThrow(RangeError);
    expect(() => mannKendall([1, 2, 3], { period: Infinity })).toThrow(RangeError);
    expect(() => mannKendall([1, 2, 3], { alpha: 0 })).toThrow(
      new RangeError('mannKendall: options.alpha must be a number in (0, 1), got 0'),
    );
    expect(() => mannKendall([1, 2, 3], { alpha: 1 })).toThrow(RangeError);
    expect(() => mannKendall([1, 2, 3], { alpha: NaN_ })).toThrow(RangeError);
    expect(() =>
      mannKendall([1, 2, 3], { variance: 'pre-whitening' as unknown as 'original' }),
    ).toThrow(
      new RangeError(
        'mannKendall: options.variance must be one of original, hamed-rao, got "pre-whitening"',
      ),
    );
    expect(() => mannKendall([1, 2, 3], { period: 2, variance: 'hamed-rao' })).toThrow(
      new RangeError(
        `mannKendall: options.variance must be 'original' when options.period is given, got "hamed-rao"`,
      ),
    );
  });

  it('throws TypeError for arguments of the wrong type', () => {
    expect(() => mannKendall('1,2,3' as unknown as number[])).toThrow(TypeError);
    expect(() => mannKendall([1, 2, 3], { period: '12' as unknown as number })).toThrow(TypeError);
    expect(() => mannKendall([1, 2, 3], 3 as unknown as object)).toThrow(TypeError);
  });
});
