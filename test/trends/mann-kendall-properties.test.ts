import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MannKendall, mannKendall } from '../../src/trends/mann-kendall.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  agrees,
  mannKendallMismatch,
  naiveMannKendall,
  type OracleMannKendall,
  seasonPoints,
} from '../helpers/trends-kendall-oracle.js';

const NaN_ = Number.NaN;

// §2: n and s exact, p to 1e-15 + 1e-9·p, everything else to 1e-9 relative.
function expectAgreement(got: MannKendall, want: OracleMannKendall): void {
  expect(mannKendallMismatch(got, want)).toBeUndefined();
}

// Values with many ties and some missing ones.
const valueArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -4, max: 4 }) },
  {
    weight: 4,
    arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true, noDefaultInfinity: true }),
  },
  { weight: 1, arbitrary: fc.constantFrom(NaN_, Infinity, -Infinity) },
);
const seriesArb = fc.oneof(
  fc.array(valueArb, { maxLength: 80 }),
  fc.array(valueArb, { maxLength: 80 }).map((v) => Float64Array.from(v)),
);

describe('mannKendall properties', () => {
  it('equals the naive test (S by the double loop, ties by counting), seasonal or not', () => {
    const periodArb = fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined });
    fc.assert(
      fc.property(seriesArb, periodArb, (values, period) => {
        const got = mannKendall(values, period === undefined ? {} : { period });
        expectAgreement(got, naiveMannKendall(values, period ?? 1));
      }),
      RUNS,
    );
  });

  it('Hamed–Rao equals the naive correction, and never lowers the variance', () => {
    const alphaArb = fc.constantFrom(0.01, 0.05, 0.1, 0.3);
    fc.assert(
      fc.property(fc.array(valueArb, { maxLength: 40 }), alphaArb, (values, alpha) => {
        const got = mannKendall(values, { variance: 'hamed-rao', alpha });
        expectAgreement(got, naiveMannKendall(values, 1, { alpha }));
        if (got.n >= 3) expect(got.varS).toBeGreaterThanOrEqual(mannKendall(values).varS);
      }),
      RUNS,
    );
  });

  it('is unchanged by adding a constant or multiplying by a positive constant', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 60 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (values, shift, factor) => {
          // Integers stay exact under both, so equal values stay equal and order is kept.
          const base = mannKendall(values);
          expect(mannKendall(values.map((v) => v + shift))).toEqual(base);
          expect(mannKendall(values.map((v) => v * factor))).toEqual(base);
        },
      ),
      RUNS,
    );
  });

  it('gives the maximal S and tau 1 for a strictly increasing series (−S for decreasing)', () => {
    const increasing = fc
      .uniqueArray(fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }), {
        minLength: 3,
        maxLength: 80,
        comparator: (a, b) => a === b,
      })
      .map((v) => v.sort((a, b) => a - b));
    fc.assert(
      fc.property(increasing, (values) => {
        const n = values.length;
        const up = mannKendall(values);
        expect(up.s).toBe((n * (n - 1)) / 2);
        expect(up.tau).toBe(1);
        expect(up.z).toBeGreaterThan(0);
        const down = mannKendall([...values].reverse());
        expect(down.s).toBe(-up.s);
        expect(down.tau).toBe(-1);
        expect(down.p).toBe(up.p);
      }),
      RUNS,
    );
  });

  it('gives S 0 and p 1 for a constant series', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 3, max: 100 }),
        (v, n) => {
          const got = mannKendall(new Array(n).fill(v));
          expect(got.s).toBe(0);
          expect(got.p).toBe(1);
          expect(got.varS).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('skips missing values: the same test as the series without them', () => {
    fc.assert(
      fc.property(seriesArb, (values) => {
        const present = Array.from(values).filter(Number.isFinite);
        expect(mannKendall(values)).toEqual(mannKendall(present));
      }),
      RUNS,
    );
  });

  it('the seasonal test sums the tests of its seasons', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.array(valueArb, { minLength: 18, maxLength: 80 }),
        (period, values) => {
          const seasons = Array.from(
            { length: period },
            (_, g) => seasonPoints(values, period, g).x,
          );
          fc.pre(seasons.every((x) => x.length >= 3));
          const tests = seasons.map((x) => mannKendall(x));
          const total = mannKendall(values, { period });
          expect(total.n).toBe(tests.reduce((a, t) => a + t.n, 0));
          expect(total.s).toBe(tests.reduce((a, t) => a + t.s, 0));
          expect(
            agrees(
              total.varS,
              tests.reduce((a, t) => a + t.varS, 0),
            ),
          ).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
