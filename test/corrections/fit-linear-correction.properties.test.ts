import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fitLinearCorrection, type LinearFit } from '../../src/corrections/index.js';
import { fitMismatch, oracleFit } from '../helpers/corrections-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// §10: a fit on noiseless data recovers its coefficients, and any well-posed fit agrees with a
// Gram–Schmidt least-squares oracle within 1e-6 relative, a large offset included.

function expectFit(got: LinearFit, want: LinearFit): void {
  const mismatch = fitMismatch(got, want);
  if (mismatch !== undefined) throw new Error(mismatch);
}

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
