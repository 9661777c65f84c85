import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TheilSen, theilSen } from '../../src/trends/theil-sen.js';
import { RUNS } from '../helpers/property-runs.js';
import { naiveTheilSen, type OracleTheilSen } from '../helpers/trends-bootstrap-oracle.js';

const DAY_MS = 86_400_000;
const E25_AT = Array.from({ length: 8 }, (_, m) => Date.UTC(2020, m, 1));
const E25_VALUES = [10, 12, 11, 14, 13, 15, 18, 16];
const NUMBER_FIELDS = [
  'slope',
  'intercept',
  'lower',
  'upper',
  'p',
  'fittedStart',
  'slopePercent',
  'lowerPercent',
  'upperPercent',
] as const;

/** §2: |got − want| ≤ 1e-9 · max(1, |want|), NaN in the same places, infinities equal. */
function expectClose(got: number, want: number, label: string): void {
  if (Number.isNaN(want) || !Number.isFinite(want)) {
    expect(got, label).toBe(want);
    return;
  }
  expect(Math.abs(got - want), `${label}: ${got} vs ${want}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(want)),
  );
}

function expectMatches(got: TheilSen, want: Partial<OracleTheilSen>): void {
  for (const key of ['n', 'stars', 'blockLength'] as const) {
    if (want[key] !== undefined) expect(got[key], key).toBe(want[key]);
  }
  for (const key of NUMBER_FIELDS) {
    if (want[key] !== undefined) expectClose(got[key], want[key], key);
  }
}

describe('theilSen: the worked examples', () => {
  it('E25: eight monthly values', () => {
    const fit = theilSen({ atMs: E25_AT, values: E25_VALUES });
    expectMatches(fit, {
      n: 8,
      slope: 11.947658844958749,
      intercept: -587.7634736954892,
      lower: 5.983606557377049,
      upper: 16.043956043956044,
      p: 0,
      stars: '***',
      fittedStart: 10.012268295296167,
      slopePercent: 119.33019064792582,
      blockLength: 1,
    });
    // The percent bounds scale the slope bounds by the same fitted value (D9).
    expectClose(fit.lowerPercent, (100 * 5.983606557377049) / 10.012268295296167, 'lowerPercent');
    expectClose(fit.upperPercent, (100 * 16.043956043956044) / 10.012268295296167, 'upperPercent');
  });

  it('E26: the block bootstrap', () => {
    const fit = theilSen({ atMs: E25_AT, values: E25_VALUES }, { autocorrelation: true });
    expectMatches(fit, {
      n: 8,
      slope: 11.947658844958749,
      blockLength: 2,
      lower: 5.983606557377049,
      upper: 23.548387096774192,
      p: 0.0333889816360601,
      stars: '*',
    });
  });

  it('E27: five points give NaN numbers', () => {
    const fit = theilSen({ atMs: E25_AT.slice(0, 5), values: E25_VALUES.slice(0, 5) });
    expect(fit.n).toBe(5);
    expect(fit.stars).toBe('');
    for (const key of [...NUMBER_FIELDS, 'blockLength'] as const) expect(fit[key], key).toBeNaN();
  });

  it('skips non-finite values and needs two distinct days', () => {
    const values = [10, Number.NaN, 12, 11, Number.POSITIVE_INFINITY, 14, 13, 15, 18, 16];
    const atMs = Array.from({ length: 10 }, (_, m) => Date.UTC(2020, m, 1));
    const fit = theilSen({ atMs, values: Float64Array.from(values) });
    expectMatches(fit, naiveTheilSen(atMs, values));
    expect(fit.n).toBe(8);
    // Twelve hours of one day: 12 points, one distinct x.
    const sameDay = theilSen({
      atMs: Array.from({ length: 12 }, (_, h) => Date.UTC(2020, 0, 1, h)),
      values: Array.from({ length: 12 }, (_, h) => h),
    });
    expect(sameDay.n).toBe(12);
    expect(sameDay.slope).toBeNaN();
    expect(sameDay.blockLength).toBeNaN();
  });

  it('draws again a resample whose points all fall on one day', () => {
    // Five points on day 0 and one on day 1: about a third of resamples miss day 1.
    const atMs = [0, 1, 2, 3, 4, 30].map((h) => Date.UTC(2021, 5, 1, h));
    const values = [3, 1, 4, 1, 5, 9];
    for (const autocorrelation of [false, true]) {
      const options = { nBoot: 200, seed: 7, autocorrelation };
      const fit = theilSen({ atMs, values }, options);
      expectMatches(fit, naiveTheilSen(atMs, values, options));
    }
  });

  it('takes the day numbers in the time zone', () => {
    // 23:30 UTC is the next day at UTC+1: the x differ, so the fit does too.
    const atMs = Array.from({ length: 8 }, (_, k) => Date.UTC(2020, 0, 1 + 2 * k, 23, 30));
    const values = [1, 3, 2, 5, 4, 6, 8, 7];
    for (const timeZone of [0, 60, 'Europe/Warsaw', 'America/New_York'] as const) {
      const fit = theilSen({ atMs, values }, { timeZone, nBoot: 50 });
      expectMatches(fit, naiveTheilSen(atMs, values, { timeZone, nBoot: 50 }));
    }
    expect(theilSen({ atMs, values }, { timeZone: 60 }).intercept).not.toBe(
      theilSen({ atMs, values }).intercept,
    );
  });
});

// Small series: a few points hours to weeks apart (several on one day at times), gaps,
// repeated values, NaNs, and a trend of some size so every star level occurs.
const seriesArbitrary = fc
  .record({
    startDay: fc.integer({ min: 10_000, max: 20_000 }),
    steps: fc.array(fc.integer({ min: 1, max: 40 * 24 }), { minLength: 3, maxLength: 13 }),
    trend: fc.integer({ min: -4, max: 4 }),
    values: fc.array(
      fc.oneof(
        { arbitrary: fc.integer({ min: -5, max: 5 }), weight: 4 },
        { arbitrary: fc.double({ min: -10, max: 10, noNaN: true }), weight: 4 },
        { arbitrary: fc.constant(Number.NaN), weight: 1 },
      ),
      { minLength: 14, maxLength: 14 },
    ),
  })
  .map(({ startDay, steps, trend, values }) => {
    const atMs = [startDay * DAY_MS];
    for (const hours of steps) atMs.push(atMs[atMs.length - 1]! + hours * 3_600_000);
    return { atMs, values: atMs.map((_, k) => values[k]! + trend * k) };
  });
const optionsArbitrary = fc.record({
  timeZone: fc.constantFrom<number | string>(0, 330, -300, 'Europe/Warsaw', 'America/Sao_Paulo'),
  alpha: fc.double({ min: 0.001, max: 0.999, noNaN: true }),
  nBoot: fc.integer({ min: 1, max: 25 }),
  seed: fc.integer({ min: 0, max: 0xffff_ffff }),
  autocorrelation: fc.boolean(),
});

describe('theilSen: properties', () => {
  it('equals the naive oracle (all pair slopes sorted, every resample built)', () => {
    fc.assert(
      fc.property(seriesArbitrary, optionsArbitrary, (series, options) => {
        const fit = theilSen(series, options);
        expectMatches(fit, naiveTheilSen(series.atMs, series.values, options));
      }),
      RUNS,
    );
  });

  it('gives identical results for the same seed', () => {
    fc.assert(
      fc.property(seriesArbitrary, optionsArbitrary, (series, options) => {
        const first = theilSen(series, options);
        const second = theilSen(
          { atMs: [...series.atMs], values: [...series.values] },
          { ...options },
        );
        for (const key of Object.keys(first) as (keyof TheilSen)[]) {
          expect(Object.is(first[key], second[key]), key).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('recovers an exact linear trend: every pair slope, replicate and bound equals it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -64, max: 64 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.uniqueArray(fc.integer({ min: 18_000, max: 19_000 }), { minLength: 6, maxLength: 15 }),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (eighths, base, days, nBoot, autocorrelation) => {
          // A slope of k/8 per day and integer days keep every y and difference exact.
          const perDay = eighths / 8;
          const x = [...days].sort((p, q) => p - q);
          const atMs = x.map((d) => d * DAY_MS + 12 * 3_600_000);
          const values = x.map((d) => base + perDay * d);
          const fit = theilSen({ atMs, values }, { nBoot, autocorrelation });
          expect(fit.slope).toBe(365 * perDay);
          expect(fit.lower).toBe(fit.slope);
          expect(fit.upper).toBe(fit.slope);
          expect(fit.intercept).toBe(base);
          expect(fit.fittedStart).toBe(values[0]);
          expect(fit.p).toBe(eighths === 0 ? 1 : 0);
        },
      ),
      RUNS,
    );
  });

  it('gives slope 0, p 1 and no stars for a constant series', () => {
    fc.assert(
      fc.property(
        seriesArbitrary,
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        optionsArbitrary,
        (series, level, options) => {
          const values = series.values.map((v) => (Number.isNaN(v) ? v : level));
          const fit = theilSen({ atMs: series.atMs, values }, options);
          fc.pre(!Number.isNaN(fit.slope));
          // −0 where a zone's clock turned back over midnight (a pair with x falling) is fine.
          expect(fit.slope === 0 && fit.lower === 0 && fit.upper === 0).toBe(true);
          expect(fit.p).toBe(1);
          expect(fit.stars).toBe('');
          expect(fit.intercept).toBe(level + 0); // a median of zeros is +0
        },
      ),
      RUNS,
    );
  });
});

describe('theilSen: misuse (§11)', () => {
  const series = { atMs: E25_AT, values: E25_VALUES };
  const cases: [string, () => unknown, RegExp][] = [
    ['unsorted atMs', () => theilSen({ atMs: [2, 1, 3], values: [1, 2, 3] }), /atMs/],
    ['repeated atMs', () => theilSen({ atMs: [1, 1, 3], values: [1, 2, 3] }), /atMs/],
    ['NaN in atMs', () => theilSen({ atMs: [1, Number.NaN], values: [1, 2] }), /atMs/],
    ['short values', () => theilSen({ atMs: [1, 2, 3], values: [1, 2] }), /values/],
    ['timeZone 1081', () => theilSen(series, { timeZone: 1081 }), /timeZone.*1081/],
    ['timeZone 1.5', () => theilSen(series, { timeZone: 1.5 }), /timeZone/],
    ['unknown zone', () => theilSen(series, { timeZone: 'Mars/Olympus' }), /timeZone/],
    ['alpha 0', () => theilSen(series, { alpha: 0 }), /options\.alpha.*got 0$/],
    ['alpha 1', () => theilSen(series, { alpha: 1 }), /options\.alpha/],
    ['alpha NaN', () => theilSen(series, { alpha: Number.NaN }), /options\.alpha.*NaN/],
    ['nBoot 0', () => theilSen(series, { nBoot: 0 }), /options\.nBoot.*got 0$/],
    ['nBoot 1.5', () => theilSen(series, { nBoot: 1.5 }), /options\.nBoot/],
    ['nBoot 1e6 + 1', () => theilSen(series, { nBoot: 1_000_001 }), /options\.nBoot/],
    ['seed −1', () => theilSen(series, { seed: -1 }), /options\.seed.*-1/],
    ['seed 2³²', () => theilSen(series, { seed: 2 ** 32 }), /options\.seed/],
    ['seed 0.5', () => theilSen(series, { seed: 0.5 }), /options\.seed/],
  ];
  it.each(cases)('%s is a RangeError naming theilSen and the parameter', (_, call, pattern) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(/^theilSen: /);
    expect(call).toThrow(pattern);
  });

  it('accepts the edges of every range', () => {
    expect(() => theilSen(series, { nBoot: 1, seed: 0, alpha: 1e-9 })).not.toThrow();
    expect(() => theilSen(series, { nBoot: 3, seed: 2 ** 32 - 1, timeZone: -1080 })).not.toThrow();
  });
});
