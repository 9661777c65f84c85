import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundArb,
  samplesArb,
  sampleValueArb,
  uniqueSamplesArb,
  windowArb,
} from '../helpers/series-arbitraries.js';
import { meanWithin } from '../helpers/series-exact.js';
import { oracleOf, seriesOf } from '../helpers/series-from-samples.js';
import {
  agrees,
  naiveAverage,
  naiveMeanMagnitude,
  naiveSum,
  naiveWindow,
} from '../helpers/series-oracle.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

// The window queries of TimeSeries against the naive oracle, exact arithmetic and their own
// algebra (bounds, splits, insertion order).

describe('TimeSeries window properties', () => {
  it('agrees with a naive filter-and-sum, duplicates included (last write wins)', () => {
    fc.assert(
      fc.property(
        samplesArb(),
        fc.array(windowArb, { minLength: 1, maxLength: 8 }),
        (samples, windows) => {
          const series = seriesOf(samples);
          const expected = oracleOf(samples).samples();
          expect(series.length).toBe(expected.length);
          for (const { fromMs, tillMs } of windows) {
            const magnitude = naiveMeanMagnitude(expected, fromMs, tillMs);
            const average = series.average(fromMs, tillMs);
            const expectedAverage = naiveAverage(expected, fromMs, tillMs);
            if (expectedAverage === undefined) expect(average).toBeUndefined();
            else expect(agrees(average as number, expectedAverage, magnitude)).toBe(true);
            const count = naiveWindow(expected, fromMs, tillMs).length;
            expect(series.count(fromMs, tillMs)).toBe(count);
            const sum = series.sum(fromMs, tillMs);
            expect(agrees(sum, naiveSum(expected, fromMs, tillMs), magnitude * count)).toBe(true);
          }
        },
      ),
      SERIES_RUNS,
    );
  });

  it('is within 2^-45 (about 3e-14) of the mean magnitude of the exact mean', () => {
    // A tighter check than the 1e-9 requirement, against exact BigInt arithmetic: the error
    // bound of the design is a few units in the last place (2^-52) of the mean magnitude.
    fc.assert(
      fc.property(samplesArb(), windowArb, (samples, { fromMs, tillMs }) => {
        const inside = naiveWindow(oracleOf(samples).samples(), fromMs, tillMs);
        fc.pre(inside.length > 0);
        const average = seriesOf(samples).average(fromMs, tillMs) as number;
        expect(
          meanWithin(
            average,
            inside.map((s) => s.value),
            45,
          ),
        ).toBe(true);
      }),
      SERIES_RUNS,
    );
  });

  it('means a constant series to exactly that constant', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), {
          minLength: 1,
          maxLength: 300,
          size: 'max',
        }),
        sampleValueArb,
        windowArb,
        (times, constant, { fromMs, tillMs }) => {
          const series = seriesOf(
            times.map((t) => ({ atMs: t * 1000 + Date.UTC(2026, 10, 1), value: constant })),
          );
          const average = series.average(fromMs, tillMs);
          if (series.count(fromMs, tillMs) > 0) expect(average).toBe(constant + 0);
          else expect(average).toBeUndefined();
          expect(series.average(-1e300, 1e300)).toBe(constant + 0);
        },
      ),
      SERIES_RUNS,
    );
  });

  it('keeps the mean between the window minimum and maximum', () => {
    fc.assert(
      fc.property(samplesArb(), windowArb, (samples, { fromMs, tillMs }) => {
        const inside = naiveWindow(oracleOf(samples).samples(), fromMs, tillMs);
        fc.pre(inside.length > 0);
        const values = inside.map((s) => s.value);
        const average = seriesOf(samples).average(fromMs, tillMs) as number;
        expect(average).toBeGreaterThanOrEqual(Math.min(...values));
        expect(average).toBeLessThanOrEqual(Math.max(...values));
      }),
      SERIES_RUNS,
    );
  });

  it('includes a sample at from and excludes one at till', () => {
    fc.assert(
      fc.property(
        samplesArb().filter((s) => s.length > 0),
        fc.nat(),
        boundArb,
        (samples, pick, other) => {
          const series = seriesOf(samples);
          const stored = oracleOf(samples).samples();
          const chosen = stored[pick % stored.length]!;
          expect(series.average(chosen.atMs, chosen.atMs + 1)).toBe(chosen.value);
          expect(series.count(chosen.atMs, chosen.atMs + 1)).toBe(1);
          expect(series.count(chosen.atMs - 0.5, chosen.atMs)).toBe(0);
          if (other < chosen.atMs) {
            expect(series.count(other, chosen.atMs) + 1).toBe(
              series.count(other, chosen.atMs + 0.5),
            );
          } else if (other > chosen.atMs) {
            expect(series.count(chosen.atMs, other)).toBe(
              series.count(chosen.atMs + 0.5, other) + 1,
            );
          }
        },
      ),
      SERIES_RUNS,
    );
  });

  it('splits a window at any instant into parts whose count-weighted mean is the whole', () => {
    fc.assert(
      fc.property(samplesArb(), boundArb, boundArb, boundArb, (samples, a, b, c) => {
        const [fromMs, splitMs, tillMs] = [a, b, c].sort((x, y) => x - y) as [
          number,
          number,
          number,
        ];
        const series = seriesOf(samples);
        const whole = series.count(fromMs, tillMs);
        const left = series.count(fromMs, splitMs);
        const right = series.count(splitMs, tillMs);
        expect(left + right).toBe(whole);
        fc.pre(whole > 0);
        const weighted =
          (left > 0 ? left * (series.average(fromMs, splitMs) as number) : 0) +
          (right > 0 ? right * (series.average(splitMs, tillMs) as number) : 0);
        const magnitude = naiveMeanMagnitude(oracleOf(samples).samples(), fromMs, tillMs);
        expect(agrees(weighted / whole, series.average(fromMs, tillMs) as number, magnitude)).toBe(
          true,
        );
      }),
      SERIES_RUNS,
    );
  });

  it('does not depend on insertion order', () => {
    const withOrder = uniqueSamplesArb().chain((samples) =>
      fc.tuple(fc.constant(samples), fc.shuffledSubarray(samples, { minLength: samples.length })),
    );
    fc.assert(
      fc.property(
        withOrder,
        fc.array(windowArb, { maxLength: 8 }),
        ([samples, shuffled], windows) => {
          const sorted = seriesOf([...samples].sort((x, y) => x.atMs - y.atMs));
          const arbitrary = seriesOf(shuffled);
          expect(arbitrary.toArrays()).toEqual(sorted.toArrays());
          for (const { fromMs, tillMs } of windows) {
            expect(arbitrary.average(fromMs, tillMs)).toBe(sorted.average(fromMs, tillMs));
            expect(arbitrary.sum(fromMs, tillMs)).toBe(sorted.sum(fromMs, tillMs));
          }
        },
      ),
      SERIES_RUNS,
    );
  });
});
