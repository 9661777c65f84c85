import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Profile, type ProfileKind, timeProfile } from '../../src/trends/time-profile.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  naiveStudentQuantile,
  naiveTimeProfile,
  type OracleProfile,
} from '../helpers/trends-bootstrap-oracle.js';

const HOUR_MS = 3_600_000;
const KINDS: ProfileKind[] = ['hour', 'weekday', 'month', 'hour-weekday'];
const ZONES: (number | string)[] = [
  0,
  60,
  330,
  -300,
  1080,
  -1080,
  'UTC',
  'Europe/Warsaw',
  'America/New_York',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Apia',
];

/** §2: |got − want| ≤ 1e-9 · max(1, |want|), NaN in the same places. */
function expectProfile(got: Profile, want: OracleProfile): void {
  expect(got.count).toBeInstanceOf(Uint32Array);
  expect(Array.from(got.count)).toEqual(want.count);
  for (const key of ['values', 'lower', 'upper'] as const) {
    expect(got[key]).toBeInstanceOf(Float64Array);
    expect(got[key].length).toBe(want[key].length);
    want[key].forEach((w, c) => {
      const g = got[key][c]!;
      if (Number.isNaN(w)) expect(g, `${key}[${c}]`).toBeNaN();
      else {
        const error = Math.abs(g - w);
        expect(error, `${key}[${c}]: ${g} vs ${w}`).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(w)),
        );
      }
    });
  }
}

describe('timeProfile: examples', () => {
  it('puts each value in the cell of its wall time (medians)', () => {
    const atMs = [0, 1, 24, 25].map((h) => Date.UTC(2024, 0, 1, h));
    const profile = timeProfile(
      { atMs, values: [1, 5, 3, 7] },
      { kind: 'hour', statistic: 'median' },
    );
    expect(profile.count.length).toBe(24);
    expect(Array.from(profile.count.subarray(0, 3))).toEqual([2, 2, 0]);
    expect(Array.from(profile.values.subarray(0, 2))).toEqual([2, 6]);
    expect(profile.values[2]).toBeNaN();
    // Band 0.75: the 25th and 75th type-7 percentiles of [1, 3] and [5, 7].
    expect(Array.from(profile.lower.subarray(0, 2))).toEqual([1.5, 5.5]);
    expect(Array.from(profile.upper.subarray(0, 2))).toEqual([2.5, 6.5]);
  });

  it('numbers weekdays from Monday and months from January, in the zone', () => {
    // 2024-01-01 was a Monday; 2024-01-01T00:30Z is Sunday 2023-12-31 at UTC−5.
    const atMs = [Date.UTC(2024, 0, 1, 0, 30), Date.UTC(2024, 0, 7, 12)];
    const series = { atMs, values: [4, 6] };
    const utc = timeProfile(series, { kind: 'weekday', statistic: 'median' });
    expect(Array.from(utc.count)).toEqual([1, 0, 0, 0, 0, 0, 1]);
    const east = timeProfile(series, { kind: 'weekday', statistic: 'median', timeZone: -300 });
    expect(Array.from(east.count)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    const months = timeProfile(series, { kind: 'month', timeZone: 'America/New_York' });
    expect(months.count[11]).toBe(1);
    expect(months.count[0]).toBe(1);
    const grid = timeProfile(series, { kind: 'hour-weekday', statistic: 'median' });
    expect(grid.count.length).toBe(168);
    expect(grid.values[0 * 24 + 0]).toBe(4);
    expect(grid.values[6 * 24 + 12]).toBe(6);
  });

  it('gives a mean without an interval for one value, and skips missing values', () => {
    const atMs = [0, 1, 2].map((h) => Date.UTC(2024, 0, 1, h));
    const profile = timeProfile(
      { atMs, values: [2, Number.NaN, Number.POSITIVE_INFINITY] },
      { kind: 'hour' },
    );
    expect(Array.from(profile.count.subarray(0, 3))).toEqual([1, 0, 0]);
    expect(profile.values[0]).toBe(2);
    expect(profile.lower[0]).toBeNaN();
    expect(profile.upper[0]).toBeNaN();
    expect(profile.values[1]).toBeNaN();
  });

  it('switches from the bootstrap to the t interval at 1000 values, drawing nothing there', () => {
    // Hour 0: 1000 values (t interval), hour 1: one value, hour 2: 999 values (bootstrap),
    // hour 3: 40 values (bootstrap, drawn after hour 2's).
    const atMs: number[] = [];
    const values: number[] = [];
    for (let d = 0; d < 1000; d++) {
      atMs.push(Date.UTC(2020, 0, 1 + d, 0), Date.UTC(2020, 0, 1 + d, 1));
      values.push(Math.sin(d) * 10 + 20, d === 0 ? 5 : Number.NaN);
      if (d < 999) {
        atMs.push(Date.UTC(2020, 0, 1 + d, 2));
        values.push(((d * 37) % 101) / 7);
      }
      if (d < 40) {
        atMs.push(Date.UTC(2020, 0, 1 + d, 3));
        values.push(d % 5);
      }
    }
    const order = atMs.map((_, k) => k).sort((p, q) => atMs[p]! - atMs[q]!);
    const series = { atMs: order.map((k) => atMs[k]!), values: order.map((k) => values[k]!) };
    const options = { kind: 'hour', nBoot: 30, seed: 11, confidence: 0.9 } as const;
    const profile = timeProfile(series, options);
    expect(Array.from(profile.count.subarray(0, 4))).toEqual([1000, 1, 999, 40]);
    expectProfile(profile, naiveTimeProfile(series.atMs, series.values, options));
    // The half-width of hour 0 is t(0.95, 999) · sd / √1000 with the brute-force t.
    const t = naiveStudentQuantile(0.95, 999);
    const cell = series.values.filter((_, k) => new Date(series.atMs[k]!).getUTCHours() === 0);
    const mean = cell.reduce((s, v) => s + v, 0) / 1000;
    const sd = Math.sqrt(cell.reduce((s, v) => s + (v - mean) ** 2, 0) / 999);
    expect(Math.abs(profile.upper[0]! - mean - (t * sd) / Math.sqrt(1000))).toBeLessThan(1e-9);
  });

  it('reads the t quantile at the default confidence close to R qt(0.975, 999)', () => {
    // A cell of 1000 values alternating 0 and 2: mean 1, sd √(1000/999).
    const atMs = Array.from({ length: 1000 }, (_, d) => Date.UTC(2020, 0, 1 + d));
    const values = atMs.map((_, d) => (d % 2) * 2);
    const profile = timeProfile({ atMs, values }, { kind: 'hour' });
    const t = (profile.upper[0]! - 1) / (Math.sqrt(1000 / 999) / Math.sqrt(1000));
    expect(Math.abs(t - 1.962341461133)).toBeLessThan(1e-11);
  });
});

// Hourly-ish stamps around DST changes (March and October/November in both hemispheres),
// values small integers or NaN.
const seriesArbitrary = fc
  .record({
    start: fc.constantFrom(
      Date.UTC(2024, 2, 28),
      Date.UTC(2024, 9, 25),
      Date.UTC(2024, 3, 5),
      Date.UTC(2018, 10, 2),
      Date.UTC(2011, 11, 28),
      Date.UTC(2023, 11, 30),
    ),
    offsetMinutes: fc.integer({ min: 0, max: 59 }),
    steps: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 60 }),
    values: fc.array(
      fc.oneof(
        { arbitrary: fc.integer({ min: -20, max: 80 }), weight: 5 },
        { arbitrary: fc.double({ min: -100, max: 100, noNaN: true }), weight: 2 },
        { arbitrary: fc.constant(Number.NaN), weight: 1 },
      ),
      { minLength: 61, maxLength: 61 },
    ),
  })
  .map(({ start, offsetMinutes, steps, values }) => {
    const atMs = [start + offsetMinutes * 60_000];
    // Steps of 1–50 half-hours: the series crosses the change and visits every cell kind.
    for (const s of steps) atMs.push(atMs[atMs.length - 1]! + (s * HOUR_MS) / 2);
    return { atMs, values: values.slice(0, atMs.length) };
  });

describe('timeProfile: properties against the naive grouping by Intl wall time', () => {
  it('median and band equal full-sort type-7 quantiles of each cell', () => {
    fc.assert(
      fc.property(
        seriesArbitrary,
        fc.constantFrom(...KINDS),
        fc.constantFrom(...ZONES),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        (series, kind, timeZone, band) => {
          const options = { kind, statistic: 'median', timeZone, band } as const;
          expectProfile(
            timeProfile(series, options),
            naiveTimeProfile(series.atMs, series.values, options),
          );
        },
      ),
      RUNS,
    );
  });

  it('mean and bootstrap interval equal the oracle (its own generator, cells in order)', () => {
    fc.assert(
      fc.property(
        seriesArbitrary,
        fc.constantFrom(...KINDS),
        fc.constantFrom(...ZONES),
        fc.record({
          confidence: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
          nBoot: fc.integer({ min: 1, max: 20 }),
          seed: fc.integer({ min: 0, max: 0xffff_ffff }),
        }),
        (series, kind, timeZone, draws) => {
          const options = { kind, timeZone, ...draws };
          expectProfile(
            timeProfile(series, options),
            naiveTimeProfile(series.atMs, series.values, options),
          );
        },
      ),
      RUNS,
    );
  });

  it('gives identical results for the same seed, and the band is ordered', () => {
    fc.assert(
      fc.property(
        seriesArbitrary,
        fc.constantFrom(...KINDS),
        fc.integer({ min: 0, max: 99 }),
        (series, kind, seed) => {
          const first = timeProfile(series, { kind, seed, nBoot: 15 });
          const second = timeProfile(
            { atMs: Float64Array.from(series.atMs), values: Float64Array.from(series.values) },
            { kind, seed, nBoot: 15 },
          );
          for (const key of ['count', 'values', 'lower', 'upper'] as const) {
            expect(Array.from(second[key])).toEqual(Array.from(first[key]));
          }
          first.count.forEach((n, c) => {
            if (n >= 2) expect(first.lower[c]! <= first.upper[c]!).toBe(true);
          });
        },
      ),
      RUNS,
    );
  });
});

describe('timeProfile: misuse (§11)', () => {
  const series = { atMs: [0, HOUR_MS], values: [1, 2] };
  const cases: [string, () => unknown, RegExp][] = [
    [
      'unsorted atMs',
      () => timeProfile({ atMs: [5, 1], values: [1, 2] }, { kind: 'hour' }),
      /atMs/,
    ],
    [
      'Infinity in atMs',
      () => timeProfile({ atMs: [0, Number.POSITIVE_INFINITY], values: [1, 2] }, { kind: 'hour' }),
      /atMs/,
    ],
    ['long values', () => timeProfile({ atMs: [0], values: [1, 2] }, { kind: 'hour' }), /values/],
    [
      'unknown kind',
      () => timeProfile(series, { kind: 'day' as ProfileKind }),
      /options\.kind.*"day"/,
    ],
    [
      'unknown statistic',
      () => timeProfile(series, { kind: 'hour', statistic: 'mode' as 'mean' }),
      /options\.statistic/,
    ],
    ['timeZone −1081', () => timeProfile(series, { kind: 'hour', timeZone: -1081 }), /timeZone/],
    [
      'unknown zone',
      () => timeProfile(series, { kind: 'hour', timeZone: 'Europe/Atlantis' }),
      /timeZone/,
    ],
    [
      'confidence 0',
      () => timeProfile(series, { kind: 'hour', confidence: 0 }),
      /options\.confidence/,
    ],
    [
      'confidence 1',
      () => timeProfile(series, { kind: 'hour', confidence: 1 }),
      /options\.confidence/,
    ],
    [
      'confidence NaN',
      () => timeProfile(series, { kind: 'hour', confidence: Number.NaN }),
      /options\.confidence/,
    ],
    ['nBoot 0', () => timeProfile(series, { kind: 'hour', nBoot: 0 }), /options\.nBoot/],
    ['nBoot 2.5', () => timeProfile(series, { kind: 'hour', nBoot: 2.5 }), /options\.nBoot/],
    ['seed 2³²', () => timeProfile(series, { kind: 'hour', seed: 2 ** 32 }), /options\.seed/],
    [
      'band 1',
      () => timeProfile(series, { kind: 'hour', statistic: 'median', band: 1 }),
      /options\.band/,
    ],
    [
      'band NaN',
      () => timeProfile(series, { kind: 'hour', statistic: 'median', band: Number.NaN }),
      /options\.band/,
    ],
    ['band with the mean', () => timeProfile(series, { kind: 'hour', band: 0.9 }), /options\.band/],
    [
      'confidence with the median',
      () => timeProfile(series, { kind: 'hour', statistic: 'median', confidence: 0.9 }),
      /options\.confidence/,
    ],
    [
      'nBoot with the median',
      () => timeProfile(series, { kind: 'hour', statistic: 'median', nBoot: 10 }),
      /options\.nBoot/,
    ],
    [
      'seed with the median',
      () => timeProfile(series, { kind: 'hour', statistic: 'median', seed: 3 }),
      /options\.seed/,
    ],
  ];
  it.each(cases)('%s is a RangeError naming timeProfile and the parameter', (_, call, pattern) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(/^timeProfile: /);
    expect(call).toThrow(pattern);
  });
});
