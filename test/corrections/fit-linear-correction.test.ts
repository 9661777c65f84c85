import { describe, expect, it } from 'vitest';
import {
  correctPm25Value,
  type LinearFit as Fit,
  fitLinearCorrection,
} from '../../src/corrections/index.js';
import { arrayLikeWithExtra, fitMismatch, oracleFit } from '../helpers/corrections-oracle.js';

// §10: the worked examples L1, L2, L4, L5; which records count; the singular cases; misuse.
// The properties against least squares are in fit-linear-correction.properties.test.ts.

function expectFit(got: Fit, want: Fit): void {
  const mismatch = fitMismatch(got, want);
  if (mismatch !== undefined) throw new Error(mismatch);
}

const L1 = { pm25: [0, 10, 20, 30], rh: [50, 60, 50, 60], reference: [5, 10, 15, 20] };

describe('fitLinearCorrection: the worked examples of §10', () => {
  it('L1: an exact fit', () => {
    const fit = fitLinearCorrection(L1, { minPairs: 3 });
    expect(Object.keys(fit).sort()).toEqual(['intercept', 'n', 'pm25', 'rh']);
    expectFit(fit, { intercept: 5, pm25: 0.5, rh: 0, n: 4 });
    expect(Math.abs(fit.rh)).toBeLessThan(1e-12);
  });

  it('L2: double-precision least squares', () => {
    const pairs = {
      pm25: [10, 20, 30, 40, 55],
      rh: [40, 65, 45, 80, 50],
      reference: [9, 15, 18, 27, 30],
    };
    const fit = fitLinearCorrection(pairs, { minPairs: 3 });
    expectFit(fit, { intercept: -0.362219451, pm25: 0.456234414, rh: 0.107481297, n: 5 });
    expect(fit.pm25).toBeCloseTo(0.456234414, 9);
    expect(fit.rh).toBeCloseTo(0.107481297, 9);
    expect(fit.intercept).toBeCloseTo(-0.362219451, 9);
  });

  it('L4: a constant RH is singular', () => {
    expect(() => fitLinearCorrection({ ...L1, rh: [50, 50, 50, 50] }, { minPairs: 3 })).toThrow(
      new RangeError(
        'fitLinearCorrection: pairs give a singular fit: rh is constant over the 4 usable records',
      ),
    );
  });

  it('L5: four usable records where 24 are needed', () => {
    expect(() => fitLinearCorrection(L1)).toThrow(
      new RangeError(
        'fitLinearCorrection: pairs must hold at least options.minPairs (24) usable records (all three finite, pm25 ≥ 0, rh in [0, 100]), got 4',
      ),
    );
    expect(() => fitLinearCorrection(L1, { minPairs: 5 })).toThrow(/\(5\) usable records .*got 4$/);
    expect(fitLinearCorrection(L1, { minPairs: 4 }).n).toBe(4);
  });

  it('names a constant PM2.5 and collinear PM2.5 and RH', () => {
    expect(() => fitLinearCorrection({ ...L1, pm25: [7, 7, 7, 7] }, { minPairs: 3 })).toThrow(
      'singular fit: pm25 is constant over the 4 usable records',
    );
    expect(() => fitLinearCorrection({ ...L1, rh: [40, 45, 50, 55] }, { minPairs: 3 })).toThrow(
      'singular fit: pm25 and rh are collinear over the 4 usable records',
    );
  });

  it('fits the usable records only, a negative reference included', () => {
    const NaN_ = Number.NaN;
    const Inf = Number.POSITIVE_INFINITY;
    // [pm25, rh, reference]: one value out of range or missing in each but the last.
    const extra = [
      [-1, 50, 99],
      [5, 101, 99],
      [5, -1, 99],
      [NaN_, 50, 99],
      [Inf, 50, 99],
      [5, NaN_, 99],
      [5, Inf, 99],
      [5, 50, NaN_],
      [5, 50, Inf],
      [5, 50, -Inf],
      [5, 50, -3],
    ];
    const pairs = {
      pm25: [...L1.pm25, ...extra.map((r) => r[0]!)],
      rh: [...L1.rh, ...extra.map((r) => r[1]!)],
      reference: [...L1.reference, ...extra.map((r) => r[2]!)],
    };
    // Usable: L1's four, and (5, 50, −3); the rest have one value out of range or missing.
    const fit = fitLinearCorrection(pairs, { minPairs: 3 });
    const want = oracleFit([...L1.pm25, 5], [...L1.rh, 50], [...L1.reference, -3])!;
    expectFit(fit, want);
    expect(fit.n).toBe(5);
  });

  it('finds the first usable record wherever it is, and fails with none', () => {
    const L2 = {
      pm25: [10, 20, 30, 40, 55],
      rh: [40, 65, 45, 80, 50],
      reference: [9, 15, 18, 27, 30],
    };
    const shifted = {
      pm25: [Number.NaN, 5, ...L2.pm25],
      rh: [50, 120, ...L2.rh],
      reference: [1, 1, ...L2.reference],
    };
    expectFit(
      fitLinearCorrection(shifted, { minPairs: 3 }),
      fitLinearCorrection(L2, { minPairs: 3 }),
    );
    const none = { pm25: [Number.NaN, -1], rh: [50, 50], reference: [1, 1] };
    expect(() => fitLinearCorrection(none, { minPairs: 3 })).toThrow(/usable records .*, got 0$/);
    const empty = { pm25: [], rh: [], reference: [] };
    expect(() => fitLinearCorrection(empty, { minPairs: 3 })).toThrow(/, got 0$/);
  });

  it('reads no element past the length of an array-like', () => {
    const pairs = {
      pm25: arrayLikeWithExtra(L1.pm25, 1000),
      rh: arrayLikeWithExtra(L1.rh, 10),
      reference: arrayLikeWithExtra(L1.reference, -500),
    };
    expectFit(fitLinearCorrection(pairs, { minPairs: 3 }), {
      intercept: 5,
      pm25: 0.5,
      rh: 0,
      n: 4,
    });
  });

  it('calls PM2.5 and RH collinear when 1 − r² is at most 1e-12, not above', () => {
    // RH = 2·PM2.5 but for δ on the last record: det / (Sxx·Szz) = 1 − r² ≈ 1.5e-4·δ².
    const nearly = (delta: number) => ({ ...L1, rh: [0, 20, 40, 60 + delta] });
    expect(() => fitLinearCorrection(nearly(2.6e-5), { minPairs: 3 })).toThrow(
      'pm25 and rh are collinear over the 4 usable records',
    );
    expect(() => fitLinearCorrection(nearly(8e-5), { minPairs: 3 })).toThrow('collinear');
    expect(fitLinearCorrection(nearly(1e-3), { minPairs: 3 }).n).toBe(4);
    expect(fitLinearCorrection(nearly(2e-4), { minPairs: 3 }).n).toBe(4);
  });

  it('is usable as LINEAR coefficients', () => {
    const fit = fitLinearCorrection(L1, { minPairs: 3 });
    expect(correctPm25Value(40, 50, { method: 'LINEAR', coefficients: fit })).toBeCloseTo(25, 9);
  });
});

// biome-ignore format: one case a line
const MISUSE: readonly [string, () => unknown, typeof TypeError | typeof RangeError, string][] = [
  ['options that are not an object', () => fitLinearCorrection(L1, 3 as never), TypeError, 'options must be an object, got 3'],
  ['a pm25 that is not an array', () => fitLinearCorrection({ ...L1, pm25: 'x' } as never), TypeError, 'pairs.pm25 must be an array or typed array of numbers, got "x"'],
  ['an rh that is not an array', () => fitLinearCorrection({ ...L1, rh: undefined } as never), TypeError, 'pairs.rh must be an array or typed array of numbers, got undefined'],
  ['a short rh', () => fitLinearCorrection({ ...L1, rh: [1, 2, 3] }), RangeError, 'pairs.rh.length must have the length of pairs.pm25 (4), got 3'],
  ['a long reference', () => fitLinearCorrection({ ...L1, reference: [1, 2, 3, 4, 5] }), RangeError, 'pairs.reference.length must have the length of pairs.pm25 (4), got 5'],
  ['minPairs below 3', () => fitLinearCorrection(L1, { minPairs: 2 }), RangeError, 'options.minPairs must be an integer ≥ 3, got 2'],
  ['a fractional minPairs', () => fitLinearCorrection(L1, { minPairs: 3.5 }), RangeError, 'options.minPairs must be an integer, got 3.5'],
  ['a NaN minPairs', () => fitLinearCorrection(L1, { minPairs: Number.NaN }), RangeError, 'options.minPairs must be an integer, got NaN'],
  ['minPairs as text', () => fitLinearCorrection(L1, { minPairs: '3' } as never), TypeError, 'options.minPairs must be a number, got "3"'],
  ['an unknown option', () => fitLinearCorrection(L1, { min: 3 } as never), TypeError, 'options key must be one of minPairs, got "min"'],
  ['a reference that is not an array', () => fitLinearCorrection({ ...L1, reference: 5 } as never), TypeError, 'pairs.reference must be an array or typed array of numbers, got 5'],
  ['pairs that are not an object', () => fitLinearCorrection(null as never), TypeError, 'pairs must be an object, got null'],
];

describe('fitLinearCorrection misuse', () => {
  it.each(MISUSE)('refuses %s', (_, call, ErrorType, message) => {
    expect(call).toThrow(new ErrorType(`fitLinearCorrection: ${message}`));
    expect(call).toThrow(ErrorType);
  });

  it('accepts minPairs 3 and more usable records than it', () => {
    expect(fitLinearCorrection(L1, { minPairs: 3 }).n).toBe(4);
    expect(() => fitLinearCorrection(L1, {})).toThrow(RangeError);
    expect(
      fitLinearCorrection(
        { pm25: [0, 10, 20], rh: [50, 60, 40], reference: [1, 2, 3] },
        { minPairs: 3 },
      ).n,
    ).toBe(3);
  });
});
