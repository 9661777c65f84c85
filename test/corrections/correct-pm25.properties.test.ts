import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctedPm25 } from '../../src/corrections/correct-pm25.js';
import {
  type CorrectionOptions,
  correctPm25,
  correctPm25Value,
} from '../../src/corrections/index.js';
import {
  nextDown,
  nextUp,
  oracleCorrect,
  oracleFormula,
  withinTolerance,
} from '../helpers/corrections-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// Every method against the oracle written from the reference (§2 tolerance), on generated
// records that reach every branch, its edges and a hair either side; NaN exactly where §1.1
// says; the clamp; continuity and the published jumps.

const EDGES = [0, 30, 50, 210, 260, 570, 611];
const pmArb = fc.oneof(
  fc.double({ min: 0, max: 1200, noNaN: true }),
  fc.constantFrom(...EDGES).chain((edge) => fc.constantFrom(edge, nextUp(edge), nextDown(edge))),
  fc.constantFrom(-0, -1e-300, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
const rhArb = fc.oneof(
  fc.double({ min: 0, max: 100, noNaN: true }),
  fc.constantFrom(0, 100, 30, 70, nextUp(100), nextDown(0), Number.NaN, Number.POSITIVE_INFINITY),
  fc.double({ min: -50, max: 200, noNaN: true }),
);
const clampArb = fc.constantFrom<boolean | undefined>(undefined, true, false);
const clipArb = fc
  .tuple(
    fc.double({ min: 0, max: 99.9, noNaN: true }),
    fc.double({ min: 0, max: 99.9, noNaN: true }),
  )
  .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number]);

const optionsArb: fc.Arbitrary<CorrectionOptions> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('EPA_2021', 'EPA_2022', 'AIRNOW_2021', 'KAPPA') as fc.Arbitrary<'KAPPA'>,
      clampArb,
    )
    .map(([method, clamp]) =>
      clamp === undefined ? { method } : { method, clampNegative: clamp },
    ),
  fc
    .record(
      {
        kappa: fc.double({ min: 0, max: 2, noNaN: true }),
        rhClip: clipArb,
        clampNegative: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .map((rest) => ({ method: 'KAPPA' as const, ...rest })),
  fc
    .record({
      intercept: fc.double({ min: -50, max: 50, noNaN: true }),
      pm25: fc.double({ min: -2, max: 2, noNaN: true }),
      rh: fc.double({ min: -1, max: 1, noNaN: true }),
    })
    .chain((coefficients) =>
      clampArb.map((clamp) =>
        clamp === undefined
          ? { method: 'LINEAR' as const, coefficients }
          : { method: 'LINEAR' as const, coefficients, clampNegative: clamp },
      ),
    ),
);

describe('correctPm25 against the oracle', () => {
  it('gives the oracle value within 1e-9 relative, NaN in the same places', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pmArb, rhArb), { maxLength: 20 }),
        optionsArb,
        (records, options) => {
          const pm25 = records.map(([x]) => x);
          const rh = records.map(([, h]) => h);
          const out = correctPm25({ pm25, rh }, options);
          expect(out).toHaveLength(records.length);
          out.forEach((got, i) => {
            const expected = oracleCorrect(pm25[i]!, rh[i]!, options);
            if (!withinTolerance(got, expected)) {
              throw new Error(
                `record ${i} (${pm25[i]}, ${rh[i]}): got ${got}, expected ${expected}`,
              );
            }
          });
        },
      ),
      RUNS,
    );
  });

  it('correctPm25Value(x, rh, o) is correctPm25({ pm25: [x], rh: [rh] }, o)[0], and correctedPm25 too', () => {
    fc.assert(
      fc.property(pmArb, rhArb, optionsArb, (x, rh, options) => {
        const value = correctPm25Value(x, rh, options);
        expect(Object.is(value, correctPm25({ pm25: [x], rh: [rh] }, options)[0])).toBe(true);
        expect(Object.is(value, correctedPm25(x, rh, options))).toBe(true);
      }),
      RUNS,
    );
  });

  it('is NaN exactly when PM2.5 is negative or not finite, or RH is outside [0, 100]', () => {
    fc.assert(
      fc.property(pmArb, rhArb, optionsArb, (x, rh, options) => {
        const invalid = !(x >= 0 && Number.isFinite(x)) || !(rh >= 0 && rh <= 100);
        expect(Number.isNaN(correctPm25Value(x, rh, options))).toBe(invalid);
      }),
      RUNS,
    );
  });

  it('clamps exactly the negative results, and only when clampNegative is not false', () => {
    fc.assert(
      fc.property(pmArb, rhArb, optionsArb, (x, rh, options) => {
        fc.pre(x >= 0 && Number.isFinite(x) && rh >= 0 && rh <= 100);
        const raw = oracleFormula(x, rh, options);
        const got = correctPm25Value(x, rh, options);
        if (raw < 0 && options.clampNegative !== false) expect(got).toBe(0);
        else expect(withinTolerance(got, raw)).toBe(true);
        const unclamped = correctPm25Value(x, rh, { ...options, clampNegative: false });
        expect(withinTolerance(unclamped, raw)).toBe(true);
      }),
      RUNS,
    );
  });

  it('KAPPA never lowers a reading below zero nor raises it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), rhArb, (x, rh) => {
        fc.pre(rh >= 0 && rh <= 100);
        const y = correctPm25Value(x, rh, { method: 'KAPPA', clampNegative: false });
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(x);
      }),
      RUNS,
    );
  });
});

describe('branch edges', () => {
  const at = (method: CorrectionOptions['method'], x: number, rh = 40) =>
    correctPm25Value(x, rh, { method, clampNegative: false });

  it.each([30, 50, 210, 260])('AIRNOW_2021 is continuous at %d µg/m³', (edge) => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (rh) => {
        expect(
          Math.abs(at('AIRNOW_2021', edge, rh) - at('AIRNOW_2021', nextDown(edge), rh)),
        ).toBeLessThan(1e-9);
      }),
      RUNS,
    );
  });

  it('EPA_2022 jumps at 570 and 611 as published (w is 0.008 and 1.0084 there)', () => {
    const jump570 = at('EPA_2022', 570, 50) - at('EPA_2022', nextDown(570), 50);
    const jump611 = at('EPA_2022', 611, 50) - at('EPA_2022', nextDown(611), 50);
    expect(jump570).toBeCloseTo(0.008 * (4.21e-4 * 570 * 570 + 0.392 * 570 + 3.44 - 300.12), 9);
    expect(jump570).toBeCloseTo(0.508343, 6);
    // −0.0084 · (Eq. 3 − Eq. 1) at 611, RH 50: −0.0084 · (400.120141 − 321.604).
    expect(jump611).toBeCloseTo(-0.659536, 6);
  });

  it('takes the upper piece exactly at each breakpoint and the lower one a hair below', () => {
    const line = (x: number, rh: number) => 0.524 * x - 0.0862 * rh + 5.75;
    expect(at('AIRNOW_2021', nextDown(30))).toBe(line(nextDown(30), 40));
    expect(at('AIRNOW_2021', 50)).toBe(0.786 * 50 - 0.0862 * 40 + 5.75);
    expect(at('AIRNOW_2021', 260)).toBe(2.966 + 0.69 * 260 + 8.84e-4 * 260 * 260);
    expect(at('EPA_2022', nextDown(570), 50)).toBe(line(nextDown(570), 50));
    expect(at('EPA_2022', 611, 50)).toBe(4.21e-4 * 611 * 611 + 0.392 * 611 + 3.44);
    expect(at('EPA_2022', 611, 100)).toBe(at('EPA_2022', 611, 0));
    expect(at('EPA_2022', nextDown(611), 100)).not.toBe(at('EPA_2022', nextDown(611), 0));
    expect(at('AIRNOW_2021', 260, 100)).toBe(at('AIRNOW_2021', 260, 0));
    // Below 260 the RH term still weighs 1 − w (0.02 at 259).
    expect(at('AIRNOW_2021', 259, 0) - at('AIRNOW_2021', 259, 100)).toBeCloseTo(
      0.0862 * 100 * 0.02,
      9,
    );
  });

  it('accepts RH 0 and 100 and refuses a hair outside, for every method', () => {
    for (const method of ['EPA_2021', 'EPA_2022', 'AIRNOW_2021', 'KAPPA'] as const) {
      expect(at(method, 20, 0)).not.toBeNaN();
      expect(at(method, 20, 100)).not.toBeNaN();
      expect(at(method, 20, nextUp(100))).toBeNaN();
      expect(at(method, 20, nextDown(0))).toBeNaN();
      expect(at(method, 0, 50)).not.toBeNaN();
      expect(at(method, -0, 50)).not.toBeNaN();
      expect(at(method, nextDown(0), 50)).toBeNaN();
      expect(at(method, Number.MAX_VALUE / 1e300, 50)).not.toBeNaN();
      expect(at(method, Number.POSITIVE_INFINITY, 50)).toBeNaN();
    }
  });

  it('clips KAPPA humidity at exactly lo and hi, and treats an RH of 0 as no growth', () => {
    const kappa = (rh: number, rhClip: [number, number]) =>
      correctPm25Value(10, rh, { method: 'KAPPA', kappa: 0.33, rhClip });
    expect(kappa(nextDown(40), [40, 60])).toBe(kappa(40, [40, 60]));
    expect(kappa(40.5, [40, 60])).toBeLessThan(kappa(40, [40, 60]));
    expect(kappa(nextUp(60), [40, 60])).toBe(kappa(60, [40, 60]));
    expect(kappa(59.5, [40, 60])).toBeGreaterThan(kappa(60, [40, 60]));
    expect(kappa(0, [0, 90])).toBe(10);
    expect(kappa(50, [50, 50])).toBe(10 / (1 + 0.2 / (100 / 50 - 1)));
    expect(correctPm25Value(10, 50, { method: 'KAPPA', kappa: 0 })).toBe(10);
    expect(correctPm25Value(10, 50, { method: 'KAPPA', kappa: 0.396 })).toBe(
      10 / (1 + 0.396 / 1.65),
    );
  });
});
