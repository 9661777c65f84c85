import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import {
  boundArb,
  samplesArb,
  sampleValueArb,
  uniqueSamplesArb,
  windowArb,
} from '../helpers/series-arbitraries.js';
import { meanWithin } from '../helpers/series-exact.js';
import {
  agrees,
  NaiveSeries,
  naiveAverage,
  naiveMeanMagnitude,
  naiveSum,
  naiveWindow,
} from '../helpers/series-oracle.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

const NINE_UTC = Date.UTC(2026, 10, 21, 9);

function seriesOf(samples: readonly { atMs: number; value: number }[]): TimeSeries {
  const series = new TimeSeries();
  for (const s of samples) series.add(s.atMs, s.value);
  return series;
}

function oracleOf(samples: readonly { atMs: number; value: number }[]): NaiveSeries {
  const oracle = new NaiveSeries();
  for (const s of samples) oracle.add(s.atMs, s.value);
  return oracle;
}

describe('TimeSeries worked examples', () => {
  const series = seriesOf([
    { atMs: NINE_UTC, value: 10 },
    { atMs: NINE_UTC + 30 * MS_PER_MINUTE, value: 20 },
    { atMs: NINE_UTC + MS_PER_HOUR, value: 99 },
  ]);

  it('averages a half-open hour: the sample at from counts, the one at till does not', () => {
    expect(series.average(NINE_UTC, NINE_UTC + MS_PER_HOUR)).toBe(15);
    expect(series.count(NINE_UTC, NINE_UTC + MS_PER_HOUR)).toBe(2);
    expect(series.sum(NINE_UTC, NINE_UTC + MS_PER_HOUR)).toBe(30);
    expect(series.average(NINE_UTC + MS_PER_HOUR, NINE_UTC + 2 * MS_PER_HOUR)).toBe(99);
  });

  it('returns undefined, never 0 or NaN, for a window without samples', () => {
    expect(series.average(NINE_UTC + 2 * MS_PER_HOUR, NINE_UTC + 3 * MS_PER_HOUR)).toBeUndefined();
    expect(series.average(NINE_UTC + 1, NINE_UTC + 30 * MS_PER_MINUTE)).toBeUndefined();
    expect(new TimeSeries().average(0, 1)).toBeUndefined();
    expect(series.count(NINE_UTC + 2 * MS_PER_HOUR, NINE_UTC + 3 * MS_PER_HOUR)).toBe(0);
    expect(series.sum(NINE_UTC + 2 * MS_PER_HOUR, NINE_UTC + 3 * MS_PER_HOUR)).toBe(0);
  });

  it('reads from >= till as an empty window', () => {
    expect(series.average(NINE_UTC, NINE_UTC)).toBeUndefined();
    expect(series.average(NINE_UTC + MS_PER_HOUR, NINE_UTC)).toBeUndefined();
    expect(series.count(NINE_UTC + MS_PER_HOUR, NINE_UTC)).toBe(0);
    expect(series.sum(NINE_UTC + MS_PER_HOUR, NINE_UTC)).toBe(0);
  });

  it('reports its extent', () => {
    expect(series.length).toBe(3);
    expect(series.firstAtMs).toBe(NINE_UTC);
    expect(series.lastAtMs).toBe(NINE_UTC + MS_PER_HOUR);
    expect(new TimeSeries().firstAtMs).toBeUndefined();
    expect(new TimeSeries().lastAtMs).toBeUndefined();
  });

  it('rejects non-finite query bounds, naming the function, parameter and value', () => {
    expect(() => series.average(Number.NaN, 1)).toThrow(
      new RangeError(
        'TimeSeries.average: fromMs must be a finite number of epoch milliseconds, got NaN',
      ),
    );
    expect(() => series.average(0, Number.POSITIVE_INFINITY)).toThrow(
      new RangeError(
        'TimeSeries.average: tillMs must be a finite number of epoch milliseconds, got Infinity',
      ),
    );
    expect(() => series.count(Number.NEGATIVE_INFINITY, 0)).toThrow('TimeSeries.count: fromMs');
    expect(() => series.sum(0, Number.NaN)).toThrow('TimeSeries.sum: tillMs');
    expect(() => series.pruneBefore(Number.NaN)).toThrow('TimeSeries.pruneBefore: atMs');
    expect(() => series.average('0' as never, 1)).toThrow(TypeError);
    expect(() => series.average(0, '1' as never)).toThrow('got "1"');
  });

  it('keeps a small window exact after months of much larger values', () => {
    // 30 days of pressure, then 100 minutes of PM 5.17: the PM hour must be exactly 5.17. A
    // plain running prefix sum over the same data gives 5.1700000018 here.
    const mixed = new TimeSeries();
    const start = Date.UTC(2026, 9, 1);
    const pressureSamples = 30 * (MS_PER_DAY / MS_PER_MINUTE);
    for (let i = 0; i < pressureSamples; i++) {
      mixed.add(start + i * MS_PER_MINUTE, 1013.25 + (i % 7) * 0.37);
    }
    const pmStart = start + pressureSamples * MS_PER_MINUTE;
    for (let i = 0; i < 100; i++) mixed.add(pmStart + i * MS_PER_MINUTE, 5.17);
    expect(mixed.average(pmStart + 20 * MS_PER_MINUTE, pmStart + 80 * MS_PER_MINUTE)).toBe(5.17);
    expect(mixed.count(pmStart + 20 * MS_PER_MINUTE, pmStart + 80 * MS_PER_MINUTE)).toBe(60);
  });

  it('gives exactly 0 for an hour of zeros after a windy month, and never a negative mean', () => {
    const wind = new TimeSeries();
    const start = Date.UTC(2026, 9, 1);
    const minutes = 30 * (MS_PER_DAY / MS_PER_MINUTE);
    for (let i = 0; i < minutes; i++)
      wind.add(start + i * MS_PER_MINUTE, i < minutes - 200 ? 3.7 + Math.sin(i) : 0);
    const calmFrom = start + (minutes - 150) * MS_PER_MINUTE;
    expect(wind.average(calmFrom, calmFrom + MS_PER_HOUR)).toBe(0);
    expect(wind.sum(calmFrom, calmFrom + 2 * MS_PER_HOUR)).toBe(0);
  });

  it('means a constant exactly, even where a plain sum drifts', () => {
    const tenths = new TimeSeries();
    for (let i = 0; i < 1000; i++) tenths.add(i, 0.1);
    let plain = 0;
    for (let i = 0; i < 1000; i++) plain += 0.1;
    expect(plain / 1000).not.toBe(0.1);
    expect(tenths.average(0, 1000)).toBe(0.1);
    expect(tenths.average(3, 997)).toBe(0.1);
  });

  it('accepts any finite bound, fractional or far outside the data', () => {
    expect(series.average(-1e300, 1e300)).toBe(43);
    expect(series.average(NINE_UTC - 0.5, NINE_UTC + 0.5)).toBe(10);
    expect(series.average(NINE_UTC + 0.5, NINE_UTC + MS_PER_HOUR + 0.5)).toBe(59.5);
  });
});

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
