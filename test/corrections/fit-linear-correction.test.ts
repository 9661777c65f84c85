import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctPm25Value, fitLinearCorrection } from '../../src/corrections/index.js';
import { oracleFit, withinTolerance } from '../helpers/corrections-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// §10: the worked examples L1, L2, L4, L5; recovery of exact coefficients from noiseless data;
// agreement with a Gram–Schmidt least-squares oracle within 1e-6; which records count; misuse.

const L1 = { pm25: [0, 10, 20, 30], rh: [50, 60, 50, 60], reference: [5, 10, 15, 20] };
const close = (got: number, want: number) => withinTolerance(got, want, 1e-6);

function expectFit(
  got: { intercept: number; pm25: number; rh: number; n: number },
  want: { intercept: number; pm25: number; rh: number; n: number },
): void {
  expect(got.n).toBe(want.n);
  for (const key of ['intercept', 'pm25', 'rh'] as const) {
    if (!close(got[key], want[key])) throw new Error(`${key}: got ${got[key]}, want ${want[key]}`);
  }
}

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

  it('is usable as LINEAR coefficients', () => {
    const fit = fitLinearCorrection(L1, { minPairs: 3 });
    expect(correctPm25Value(40, 50, { method: 'LINEAR', coefficients: fit })).toBeCloseTo(25, 9);
  });
});

describe('fitLinearCorrection against least squares', () => {
  const recordArb = fc.record({
    pm25: fc.double({ min: 0, max: 300, noNaN: true }),
    rh: fc.double({ min: 0, max: 100, noNaN: true }),
  });
  const coefficientsArb = fc.record({
    intercept: fc.double({ min: -20, max: 20, noNaN: true }),
    pm25: fc.double({ min: -2, max: 2, noNaN: true }),
    rh: fc.double({ min: -1, max: 1, noNaN: true }),
  });

  it('recovers the coefficients of noiseless data', () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { minLength: 3, maxLength: 600 }),
        coefficientsArb,
        (records, c) => {
          const pm25 = records.map((r) => r.pm25);
          const rh = records.map((r) => r.rh);
          const want = oracleFit(pm25, rh, pm25);
          fc.pre(want !== undefined && wellConditioned(pm25, rh));
          const reference = records.map((r) => c.intercept + c.pm25 * r.pm25 + c.rh * r.rh);
          const fit = fitLinearCorrection({ pm25, rh, reference }, { minPairs: 3 });
          expectFit(fit, { ...c, n: records.length });
        },
      ),
      RUNS,
    );
  });

  it('agrees with the oracle on noisy data, a large offset included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(recordArb, fc.double({ min: -30, max: 300, noNaN: true })), {
          minLength: 3,
          maxLength: 700,
        }),
        fc.constantFrom(0, 1e4),
        (records, offset) => {
          const pm25 = records.map(([r]) => r.pm25 + offset);
          const rh = records.map(([r]) => r.rh);
          const reference = records.map(([, y]) => y + offset);
          fc.pre(wellConditioned(pm25, rh));
          const want = oracleFit(pm25, rh, reference)!;
          expectFit(fitLinearCorrection({ pm25, rh, reference }, { minPairs: 3 }), want);
        },
      ),
      RUNS,
    );
  });

  it('gives the same fit for typed arrays and for the records in any order', () => {
    const pm25 = Float64Array.of(12, 3, 40, 22, 8, 17);
    const rh = Float32Array.of(35, 80, 50, 65, 40, 90);
    const reference = [10, 5, 25, 18, 7, 16];
    const fit = fitLinearCorrection({ pm25, rh, reference }, { minPairs: 3 });
    const order = [5, 3, 1, 0, 4, 2];
    const shuffled = fitLinearCorrection(
      {
        pm25: order.map((i) => pm25[i]!),
        rh: order.map((i) => rh[i]!),
        reference: order.map((i) => reference[i]!),
      },
      { minPairs: 3 },
    );
    expectFit(shuffled, fit);
    expectFit(fit, oracleFit([...pm25], [...rh], reference)!);
  });
});

// The fit is well posed when PM2.5 and RH are far from collinear (|corr(PM, RH)| < 0.999) and
// each spreads by more than 1 (µg/m³ or %) about its mean.
function wellConditioned(pm25: number[], rh: number[]): boolean {
  const n = pm25.length;
  const mx = pm25.reduce((s, v) => s + v, 0) / n;
  const mz = rh.reduce((s, v) => s + v, 0) / n;
  let xx = 0;
  let zz = 0;
  let xz = 0;
  for (let i = 0; i < n; i++) {
    xx += (pm25[i]! - mx) ** 2;
    zz += (rh[i]! - mz) ** 2;
    xz += (pm25[i]! - mx) * (rh[i]! - mz);
  }
  return xx > n && zz > n && Math.abs(xz) < 0.999 * Math.sqrt(xx * zz);
}

// biome-ignore format: one case a line
const MISUSE: readonly [string, () => unknown, typeof TypeError | typeof RangeError, string][] = [
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
