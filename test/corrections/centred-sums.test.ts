import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centredSums, FINITE, type KeptRange } from '../../src/corrections/centred-sums.js';
import { withinTolerance } from '../helpers/corrections-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// The shared core of fitLinearCorrection and compareWithReference: means and centred sums of
// three columns over the rows in range, against the textbook two passes over the kept rows.

function twoPass(rows: readonly (readonly [number, number, number])[]) {
  const n = rows.length;
  const mean = (k: number) => rows.reduce((s, row) => s + row[k]!, 0) / n;
  const means = [mean(0), mean(1), mean(2)] as const;
  const sum = (j: number, k: number) =>
    rows.reduce((s, row) => s + (row[j]! - means[j]!) * (row[k]! - means[k]!), 0);
  return {
    n,
    meanA: means[0],
    meanB: means[1],
    meanC: means[2],
    saa: sum(0, 0),
    sbb: sum(1, 1),
    sab: sum(0, 1),
    sac: sum(0, 2),
    sbc: sum(1, 2),
  };
}

const inRange = (value: number, { min, max }: KeptRange) => value >= min && value <= max;

describe('centredSums', () => {
  it('gives the means and sums of a worked example', () => {
    const sums = centredSums([1, 2, 3], [2, 4, 6], [3, 1, 2], [FINITE, FINITE, FINITE]);
    expect(sums).toEqual({
      n: 3,
      meanA: 2,
      meanB: 4,
      meanC: 2,
      saa: 2,
      sbb: 8,
      sab: 4,
      sac: -1,
      sbc: -2,
    });
  });

  it('keeps only the rows whose three values lie in their ranges, NaN never', () => {
    const ranges = [{ min: 0, max: 10 }, FINITE, { min: -1, max: 1 }] as const;
    const sums = centredSums(
      [1, -1, 3, Number.NaN, 11, 5],
      [2, 0, 4, 0, 0, Number.POSITIVE_INFINITY],
      [0, 0, 1, 0, 0, 0],
      ranges,
    );
    expect(sums).toEqual(
      twoPass([
        [1, 2, 0],
        [3, 4, 1],
      ]),
    );
  });

  it('keeps a value on either end of its range', () => {
    const ranges = [
      { min: 0, max: 10 },
      { min: -5, max: 5 },
      { min: 1, max: 2 },
    ] as const;
    for (const row of [
      [0, -5, 1],
      [10, 5, 2],
      [0, 5, 2],
      [10, -5, 1],
    ]) {
      const [a, b, c] = row as [number, number, number];
      const sums = centredSums([a, a], [b, b], [c, c], ranges);
      expect([sums.n, sums.meanA, sums.meanB, sums.meanC]).toEqual([2, a, b, c]);
    }
  });

  it('starts from the first kept row, never from one out of range before it', () => {
    // An infinite value taken as the starting means would turn every sum into NaN.
    const ranges = [FINITE, FINITE, FINITE] as const;
    const inf = Number.NEGATIVE_INFINITY;
    for (const first of [
      [inf, 1, 1],
      [1, inf, 1],
      [1, 1, inf],
    ]) {
      const [a, b, c] = first as [number, number, number];
      const sums = centredSums([a, 1, 3], [b, 2, 6], [c, 0, 4], ranges);
      expect(sums).toEqual({
        ...twoPass([
          [1, 2, 0],
          [3, 6, 4],
        ]),
      });
    }
  });

  it('is all zero without a kept row', () => {
    const zero = { n: 0, meanA: 0, meanB: 0, meanC: 0, saa: 0, sbb: 0, sab: 0, sac: 0, sbc: 0 };
    expect(centredSums([], [], [], [FINITE, FINITE, FINITE])).toEqual(zero);
    expect(centredSums([Number.NaN], [1], [1], [FINITE, FINITE, FINITE])).toEqual(zero);
  });

  it('gives a constant column its value as mean and sums of exactly 0', () => {
    const a = Array.from({ length: 700 }, () => 0.1);
    const b = Array.from({ length: 700 }, (_, i) => i);
    const sums = centredSums(a, b, b, [FINITE, FINITE, FINITE]);
    expect([sums.meanA, sums.saa, sums.sab, sums.sac]).toEqual([0.1, 0, 0, 0]);
  });

  it('agrees with two passes over the kept rows, across blocks and at a large offset', () => {
    const value = fc.oneof(
      { weight: 9, arbitrary: fc.double({ min: -50, max: 150, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1) },
    );
    const ranges = [{ min: 0, max: 100 }, FINITE, { min: -40, max: Number.MAX_VALUE }] as const;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value, value), { maxLength: 900 }),
        fc.constantFrom(0, 1e4),
        (rows, offset) => {
          const a = rows.map(([x]) => x);
          const b = rows.map(([, y]) => y + offset);
          const c = rows.map(([, , z]) => z);
          const got = centredSums(a, b, c, ranges);
          const kept = rows
            .map((_, i) => [a[i]!, b[i]!, c[i]!] as const)
            .filter((row) => row.every((v, k) => inRange(v, ranges[k]!)));
          if (kept.length === 0) {
            expect(got.n).toBe(0);
            return;
          }
          const want = twoPass(kept);
          expect(got.n).toBe(want.n);
          // Sums of squares reach 1e7 over 900 rows: compare on that scale.
          const scale = Math.max(1, want.saa, want.sbb);
          for (const key of ['meanA', 'meanB', 'meanC'] as const) {
            expect(withinTolerance(got[key], want[key], 1e-12)).toBe(true);
          }
          for (const key of ['saa', 'sbb', 'sab', 'sac', 'sbc'] as const) {
            expect(Math.abs(got[key] - want[key])).toBeLessThanOrEqual(1e-9 * scale);
          }
        },
      ),
      RUNS,
    );
  });
});
