// theilSen where its bootstrap is easiest to get subtly wrong, against the naive oracle of
// test/helpers/trends-bootstrap-oracle.ts (every resample built, every slope list sorted):
// - p exactly at each significance mark, where the stars must follow the strict rule of
//   reference §9 (p < 0.001 '***', < 0.01 '**', < 0.05 '*', < 0.1 '+'): the series and seeds
//   were found by trying a few thousand small series, and the oracle confirms each p;
// - points whose day numbers are not in time order (a clock turned back over midnight), which
//   the grouping of points by day must still put in one group per day.
import { describe, expect, it } from 'vitest';
import { type TheilSen, theilSen } from '../../src/trends/theil-sen.js';
import { naiveTheilSen, type OracleTheilSen } from '../helpers/trends-bootstrap-oracle.js';

const FIELDS = ['slope', 'intercept', 'lower', 'upper', 'p', 'fittedStart'] as const;

/** n, stars and blockLength exact; the numbers to §2's 1e-9 relative. */
function expectMatches(got: TheilSen, want: OracleTheilSen): void {
  expect(got.n).toBe(want.n);
  expect(got.stars).toBe(want.stars);
  expect(got.blockLength).toBe(want.blockLength);
  for (const key of FIELDS) {
    const tolerance = 1e-9 * Math.max(1, Math.abs(want[key]));
    expect(
      Math.abs(got[key] - want[key]),
      `${key}: ${got[key]} vs ${want[key]}`,
    ).toBeLessThanOrEqual(tolerance);
  }
}

const monthly = (values: number[]) => ({
  atMs: values.map((_, k) => Date.UTC(2020, k, 1)),
  values,
});
// One replicate slope below zero out of nBoot gives p = 2 / nBoot exactly.
const A = monthly([8.1, 11.4, 10.4, 13.3, 12.4, 13.3, 15.5, 13.4, 13.3, 16.4]);
const B = monthly([10.1, 9.3, 9.8, 10.4, 11.5, 14.7, 11.6, 15.8, 13.4]);

describe('the significance marks at their exact thresholds', () => {
  const cases: Array<[string, typeof A, number, number, number, TheilSen['stars']]> = [
    ['p = 0.1 has no mark', A, 20, 7, 0.1, ''],
    ["p = 0.05 is '+'", A, 40, 7, 0.05, '+'],
    ["p = 0.01 is '*'", B, 200, 1, 0.01, '*'],
    ["p = 0.001 is '**'", B, 2000, 2, 0.001, '**'],
  ];
  it.each(cases)('%s', (_, series, nBoot, seed, p, stars) => {
    const want = naiveTheilSen(series.atMs, series.values, { nBoot, seed });
    expect(want.p).toBe(p);
    expect(want.stars).toBe(stars);
    const got = theilSen(series, { nBoot, seed });
    expect(got.p).toBe(p);
    expect(got.stars).toBe(stars);
    expectMatches(got, want);
  });

  it("p between 0.001 and 0.01 is '**'", () => {
    const got = theilSen(B);
    expectMatches(got, naiveTheilSen(B.atMs, B.values));
    expect(got.p).toBe(2 / 599);
    expect(got.stars).toBe('**');
  });
});

describe('points whose day numbers are not in time order', () => {
  // America/St_Johns, 2010-11-07: at 02:31Z the clock went back from 00:00:59 on the 7th to
  // 23:01 on the 6th. So 02:30:30Z reads the 7th and 02:45Z the 6th again: the day numbers run
  // 1, 2, …, 6, 7, 6, 8, … (days of November), and the two points of the 6th are one group.
  const iso = (text: string) => Date.parse(text);
  const atMs = [
    ...[1, 2, 3, 4, 5, 6].map((d) => Date.UTC(2010, 10, d, 12)),
    iso('2010-11-07T02:30:30Z'),
    iso('2010-11-07T02:45:00Z'),
    ...[8, 9, 10, 11, 12].map((d) => Date.UTC(2010, 10, d, 12)),
  ];
  const values = [3.1, 4.2, 3.9, 5.5, 4.8, 6.1, 5.2, 7.4, 6.3, 7.9, 6.8, 8.8, 8.1];

  it('equals the oracle, with and without blocks', () => {
    for (const autocorrelation of [false, true]) {
      for (const seed of [2, 11]) {
        const options = { timeZone: 'America/St_Johns', seed, nBoot: 199, autocorrelation };
        const got = theilSen({ atMs, values }, options);
        expectMatches(got, naiveTheilSen(atMs, values, options));
      }
    }
  });

  it('reads the days as the zone gives them: the same series in UTC is another fit', () => {
    const zoned = theilSen({ atMs, values }, { timeZone: 'America/St_Johns', nBoot: 1 });
    const utc = theilSen({ atMs, values }, { nBoot: 1 });
    expectMatches(utc, naiveTheilSen(atMs, values, { nBoot: 1 }));
    expect(zoned.intercept).not.toBe(utc.intercept);
  });
});

// Found by the oracle property of theil-sen.test.ts (seed 100341593): values so small that
// pair slopes underflow to zeros of both signs, so that the line is zero at the first point.
// Which zero a median lands on depends on how equal numbers are sorted; airq takes +0, and a
// percentage is then the bound's own sign times Infinity, or NaN for a zero slope.
describe('a line through zero at the first point', () => {
  const series = {
    atMs: [
      864000000000, 864003600000, 864086400000, 864090000000, 864093600000, 864097200000,
      864162000000, 864172800000, 866678400000, 866682000000, 866764800000, 866768400000,
      866772000000,
    ],
    values: [
      -1,
      1.5e-323,
      -3,
      1,
      1,
      -1.0007052751065657e-69,
      1.5e-323,
      -1,
      1.5e-323,
      9.4e-323,
      -2e-323,
      Number.NaN,
      -2e-323,
    ],
  };
  const options = { timeZone: 0, alpha: 0.001, nBoot: 1, seed: 315616535 };

  it('has a fitted start of +0 and percentages of the bounds’ sign', () => {
    const fit = theilSen(series, options);
    expect(Object.is(fit.fittedStart, 0)).toBe(true);
    expect(fit.slope).toBe(0);
    expect(fit.slopePercent).toBeNaN();
    expect(fit.lower).toBe(-7.213e-321); // 365 × the only replicate's slope, −2e-323 per day
    expect(fit.lowerPercent).toBe(Number.NEGATIVE_INFINITY);
    expect(fit.upperPercent).toBe(Number.NEGATIVE_INFINITY);
    const want = naiveTheilSen(series.atMs, series.values, options);
    expect(Object.is(want.fittedStart, 0)).toBe(true);
    expect(fit.lowerPercent).toBe(want.lowerPercent);
  });
});
