import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kendallScore, seasonalKendallScore } from '../../src/trends/kendall-score.js';
import { RUNS } from '../helpers/property-runs.js';
import { naiveS, naiveSeasonalScore, naiveVarS } from '../helpers/trends-kendall-oracle.js';

// Values with many ties (small integers, ±0) and some spread-out doubles.
const valueArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -4, max: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0) },
  {
    weight: 3,
    arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
  },
);

function score(values: readonly number[]): { s: number; varS: number } {
  return kendallScore(Float64Array.from(values), values.length, new Float64Array(values.length));
}

describe('kendallScore', () => {
  it('gives S and Var(S) of a small series with one tie (Gilbert 1987, §16.4)', () => {
    expect(score([1, 3, 2, 5, 5, 4, 6, 8, 7, 9])).toEqual({ s: 36, varS: 124 });
    expect(score([])).toEqual({ s: 0, varS: 0 });
    expect(score([7])).toEqual({ s: 0, varS: 0 });
    expect(score([2, 1])).toEqual({ s: -1, varS: 1 });
    expect(score([4, 4, 4])).toEqual({ s: 0, varS: 0 });
  });

  it('counts the maximal S of a long increasing and decreasing run (every merge pass)', () => {
    const n = 1000;
    const up = Array.from({ length: n }, (_, i) => i);
    const full = (n * (n - 1)) / 2;
    const variance = (n * (n - 1) * (2 * n + 5)) / 18;
    expect(score(up)).toEqual({ s: full, varS: variance });
    expect(score(up.reverse())).toEqual({ s: -full, varS: variance });
  });

  it('finds tie groups split across the merge passes, whichever buffer ends sorted', () => {
    // Runs of 16 are sorted first, then merged in passes of 32, 64, …: an even number of passes
    // (33 to 64 values, 129 to 256) leaves the sorted values where they started, an odd number
    // in the scratch array. Values i mod 7 put every tie group in every run.
    // 40 values i mod 5: five groups of 8, Var(S) = (40·39·85 − 5·8·7·21) / 18 = 7040.
    expect(score(Array.from({ length: 40 }, (_, i) => i % 5)).varS).toBe(7040);
    for (const n of [17, 32, 33, 40, 64, 65, 100, 128, 129, 200, 256, 257]) {
      for (const values of [
        Array.from({ length: n }, (_, i) => i % 7),
        Array.from({ length: n }, (_, i) => (n - i) % 7),
        Array.from({ length: n }, (_, i) => Math.floor(i / 20)),
      ]) {
        expect(score(values), `${n}`).toEqual({ s: naiveS(values), varS: naiveVarS(values) });
      }
    }
  });

  it('equals the O(n²) double loop and the tie groups by counting', () => {
    fc.assert(
      fc.property(fc.array(valueArb, { maxLength: 300 }), (values) => {
        const { s, varS } = score(values);
        // + 0: the oracle's formula gives −0 for an empty series (0 == −0 in §2).
        expect(s).toBe(naiveS(values) + 0);
        expect(varS).toBe(naiveVarS(values) + 0);
      }),
      RUNS,
    );
  });

  it('leaves the values sorted in one of its two buffers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 100 }), (values) => {
        const a = Float64Array.from(values);
        const b = new Float64Array(values.length);
        kendallScore(a, values.length, b);
        const sorted = [...values].sort((x, y) => x - y);
        const same = (buffer: Float64Array) => sorted.every((v, i) => buffer[i] === v);
        expect(same(a) || same(b)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('seasonalKendallScore', () => {
  it('sums the seasons of a short series', () => {
    expect(seasonalKendallScore([3, 7, 5, 1, 4, 8, 6, 2], 4)).toEqual({
      n: 8,
      s: 4,
      varS: 4,
      pairs: 4,
    });
    expect(seasonalKendallScore([1, Number.NaN, 2], 1)).toEqual({ n: 2, s: 1, varS: 1, pairs: 1 });
    expect(seasonalKendallScore([], 3)).toEqual({ n: 0, s: 0, varS: 0, pairs: 0 });
  });

  it('equals the naive sums per season, missing values skipped in place', () => {
    const withMissing = fc.oneof(
      { weight: 9, arbitrary: valueArb },
      { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity) },
    );
    fc.assert(
      fc.property(
        fc.array(withMissing, { maxLength: 120 }),
        fc.integer({ min: 1, max: 8 }),
        (values, period) => {
          const got = seasonalKendallScore(values, period);
          const { n, s, varS, pairs } = naiveSeasonalScore(values, period);
          expect(got).toEqual({ n, s: s + 0, varS: varS + 0, pairs: pairs + 0 });
        },
      ),
      RUNS,
    );
  });
});
