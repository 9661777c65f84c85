// The public building blocks of airq/assessment: examples written out by hand, properties at
// 1,000 cases against the naive oracle, and the errors of bad arguments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aot40,
  dailyMaxEightHourMeans,
  dailyMeans,
  kthHighest,
  nearestRank,
  nearestRankPercentile,
  roundHalfUp,
  runningEightHourMeans,
  truncateDecimals,
  ugm3ToUsPpb,
  ugm3ToUsPpm,
} from '../../src/assessment/index.js';
import { seededRandom } from '../../src/sample/seeded-noise.js';
import { dailyMean, Hours, mda8, naiveAot40 } from '../helpers/assessment-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

const H = 3_600_000;
const DAY = 24 * H;

// A few days of hours with holes: `days` days from 2023-03-01, missing at `rate`.
const hoursCase = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  rate: fc.constantFrom(0, 0.1, 0.25, 0.4, 0.7),
  days: fc.integer({ min: 1, max: 12 }),
  offsetHours: fc.integer({ min: -30, max: 30 }),
});
function hoursOf(c: { seed: number; rate: number; days: number; offsetHours: number }) {
  const random = seededRandom(c.seed);
  const values = Array.from({ length: c.days * 24 }, () =>
    random() < c.rate
      ? random() < 0.2
        ? Number.NEGATIVE_INFINITY
        : Number.NaN
      : Math.round(random() * 2000 - 200) / 10,
  );
  return { startMs: Date.UTC(2023, 2, 1) + c.offsetHours * H, values };
}

describe('dailyMeans', () => {
  it('needs 18 valid hours', () => {
    const day = Date.UTC(2023, 0, 1);
    const values = Array.from({ length: 48 }, (_, h) => (h < 24 ? 10 : h < 41 ? 30 : Number.NaN));
    const daily = dailyMeans({ startMs: day, values }, day, 2);
    expect([...daily.means]).toEqual([10, Number.NaN]);
    expect([...daily.validHours]).toEqual([24, 17]);
    expect(daily.fromMs).toBe(day);
    values[41] = 30;
    expect(dailyMeans({ startMs: day, values }, day, 2).means[1]).toBe(30);
  });

  it('equals the naive daily mean on every day', () => {
    fc.assert(
      fc.property(hoursCase, (c) => {
        const series = hoursOf(c);
        const hours = new Hours(series.startMs, series.values);
        const fromMs = Date.UTC(2023, 1, 27);
        const daily = dailyMeans(series, fromMs, c.days + 4);
        for (let d = 0; d < c.days + 4; d++) {
          expect(daily.means[d]).toBe(dailyMean(hours, fromMs + d * DAY) ?? Number.NaN);
          expect(daily.validHours[d]).toBe(
            hours.between(fromMs + d * DAY, fromMs + (d + 1) * DAY).length,
          );
        }
      }),
      RUNS,
    );
  });

  it('rejects a start that is not a UTC midnight, and a bad count', () => {
    const series = { startMs: 0, values: [1] };
    expect(() => dailyMeans(series, H, 1)).toThrow(
      new RangeError('dailyMeans: fromMs must be a UTC midnight, got 3600000'),
    );
    expect(() => dailyMeans(series, 0, -1)).toThrow(
      new RangeError('dailyMeans: days must not be negative, got -1'),
    );
    expect(() => dailyMeans(series, 0, 1.5)).toThrow(
      new RangeError('dailyMeans: days must be an integer, got 1.5'),
    );
    expect(() => dailyMeans(series, Number.NaN, 1)).toThrow(RangeError);
    expect(() => dailyMeans({ startMs: 1, values: [] }, 0, 1)).toThrow(
      new RangeError('dailyMeans: series.startMs must be on a whole UTC hour, got 1'),
    );
    expect(() => dailyMeans({ startMs: 0, values: 3 as never }, 0, 1)).toThrow(TypeError);
    expect(() => dailyMeans(null as never, 0, 1)).toThrow(
      new TypeError('dailyMeans: series must be an object { startMs, values }, got null'),
    );
  });
});

describe('runningEightHourMeans', () => {
  it('needs 6 of 8 hours', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, Number.NaN, Number.NaN];
    expect([...runningEightHourMeans({ startMs: 0, values }, 0, 4)]).toEqual([
      4.5,
      5,
      5.5,
      Number.NaN,
    ]);
    expect([...runningEightHourMeans({ startMs: 0, values }, -2 * H, 1)]).toEqual([3.5]);
    expect([...runningEightHourMeans({ startMs: 0, values }, -3 * H, 1)]).toEqual([Number.NaN]);
  });

  it('equals the naive 8-hour mean', () => {
    fc.assert(
      fc.property(hoursCase, (c) => {
        const series = hoursOf(c);
        const hours = new Hours(series.startMs, series.values);
        const fromMs = Date.UTC(2023, 2, 1) - 40 * H;
        const count = c.days * 24 + 80;
        const means = runningEightHourMeans(series, fromMs, count);
        for (let i = 0; i < count; i++) {
          const vals = hours.between(fromMs + i * H, fromMs + (i + 8) * H);
          const expected =
            vals.length >= 6 ? vals.reduce((s, v) => s + v, 0) / vals.length : Number.NaN;
          expect(means[i]).toBe(expected);
        }
      }),
      RUNS,
    );
  });

  it('rejects a start off the hour', () => {
    expect(() => runningEightHourMeans({ startMs: 0, values: [] }, 1, 1)).toThrow(
      new RangeError('runningEightHourMeans: fromMs must be on a whole UTC hour, got 1'),
    );
    expect(() => runningEightHourMeans({ startMs: 0, values: [] }, 0, -1)).toThrow(
      new RangeError('runningEightHourMeans: count must not be negative, got -1'),
    );
  });
});

describe('dailyMaxEightHourMeans', () => {
  it('takes the means ending 01:00 … 24:00 and needs 18 of them', () => {
    const day = Date.UTC(2023, 5, 1);
    const values = Array.from({ length: 48 }, (_, h) => (h >= 34 && h < 42 ? 130 : 60));
    expect([...dailyMaxEightHourMeans({ startMs: day, values }, day, 2)]).toEqual([60, 130]);
    // Without the hours before 05:00 the first day keeps 18 valid means (ending 06:00 … 24:00
    // need 6 of 8: ending 07:00 … 24:00, 18 means), one hour later it has 17.
    const late = values.map((v, h) => (h < 1 ? Number.NaN : v));
    expect(dailyMaxEightHourMeans({ startMs: day, values: late }, day, 1)[0]).toBe(60);
    const later = values.map((v, h) => (h < 2 ? Number.NaN : v));
    expect(dailyMaxEightHourMeans({ startMs: day, values: later }, day, 1)[0]).toBeNaN();
  });

  it('equals the naive MDA8', () => {
    fc.assert(
      fc.property(hoursCase, (c) => {
        const series = hoursOf(c);
        const hours = new Hours(series.startMs, series.values);
        const fromMs = Date.UTC(2023, 1, 27);
        const maxima = dailyMaxEightHourMeans(series, fromMs, c.days + 4);
        for (let d = 0; d < c.days + 4; d++)
          expect(maxima[d]).toBe(mda8(hours, fromMs + d * DAY) ?? Number.NaN);
      }),
      RUNS,
    );
  });
});

describe('aot40', () => {
  it('sums the excess over 80 from 07:00 to 18:00 UTC, May to July', () => {
    const startMs = Date.UTC(2023, 0, 1);
    const values = new Float64Array(8760).fill(60);
    const may1 = (Date.UTC(2023, 4, 1) - startMs) / H;
    for (let d = 0; d < 92; d++) {
      values[may1 + d * 24 + 6] = 100;
      values[may1 + d * 24 + 7] = 100;
      values[may1 + d * 24 + 18] = 90;
      values[may1 + d * 24 + 19] = 100;
    }
    expect(aot40({ startMs, values }, 2023)).toEqual({
      value: 92 * 30,
      measuredSum: 92 * 30,
      measuredHours: 1104,
      valid: true,
    });
    for (let d = 0; d < 92; d++) values[may1 + d * 24 + 10] = Number.NaN;
    for (let d = 0; d < 19; d++) values[may1 + d * 24 + 11] = Number.NaN;
    expect(aot40({ startMs, values }, 2023)).toEqual({
      value: null,
      measuredSum: 92 * 30,
      measuredHours: 993,
      valid: false,
    });
  });

  it('is valid from 994 measured hours and scales by 1104 / measured', () => {
    const startMs = Date.UTC(2023, 4, 1);
    const values = new Float64Array(92 * 24).fill(100);
    // Remove hours of the window one by one: 110 removed leaves 994.
    let removed = 0;
    for (let i = 0; i < values.length && removed < 110; i++) {
      if (i % 24 >= 7 && i % 24 <= 18) {
        values[i] = Number.NaN;
        removed++;
      }
    }
    expect(aot40({ startMs, values }, 2023)).toMatchObject({
      measuredHours: 994,
      valid: true,
      value: (994 * 20 * 1104) / 994,
    });
    values[values.length - 6] = Number.NaN;
    expect(aot40({ startMs, values }, 2023)).toMatchObject({
      measuredHours: 993,
      valid: false,
      value: null,
    });
  });

  it('equals the naive AOT40', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(0, 0.05, 0.1, 0.2),
        (seed, rate) => {
          const random = seededRandom(seed);
          const startMs = Date.UTC(2023, 3, 30);
          const values = Array.from({ length: 95 * 24 }, () =>
            random() < rate ? Number.NaN : random() * 160,
          );
          const got = aot40({ startMs, values }, 2023).value;
          expect(got).toBe(naiveAot40(new Hours(startMs, values), 2023));
        },
      ),
      RUNS,
    );
  });

  it('rejects a year that is not a four-digit integer', () => {
    expect(() => aot40({ startMs: 0, values: [] }, 2023.5)).toThrow(
      new RangeError('aot40: year must be an integer, got 2023.5'),
    );
    expect(() => aot40({ startMs: 0, values: [] }, 999)).toThrow(
      new RangeError('aot40: year must be a year from 1000 to 9999, got 999'),
    );
    expect(() => aot40({ startMs: 0, values: [] }, 10000)).toThrow(RangeError);
    expect(() => aot40({ startMs: 0, values: [] }, '2023' as never)).toThrow(
      new TypeError('aot40: year must be a number, got "2023"'),
    );
  });
});

describe('percentiles by nearest rank', () => {
  it('gives the 36th highest of a year for P 90.4 and the 4th highest for P 99', () => {
    expect(nearestRank(365, 90.4)).toBe(330);
    expect(nearestRank(366, 90.4)).toBe(331);
    expect(nearestRank(365, 99)).toBe(362);
    expect(nearestRank(366, 99)).toBe(363);
    expect(nearestRank(1, 0.001)).toBe(1);
    expect(nearestRank(1000, 90.4)).toBe(904);
    expect(nearestRank(100, 100)).toBe(100);
    expect(nearestRankPercentile([5, 1, 4, 2, 3, Number.NaN], 50)).toBe(3);
    expect(nearestRankPercentile([Number.NaN, Number.POSITIVE_INFINITY], 50)).toBeUndefined();
    expect(kthHighest([40, 39, 38, 8, 8], 4)).toBe(8);
    expect(kthHighest([40, 8], 3)).toBeUndefined();
  });

  it('equals the k-th highest with k = n + 1 − ceil(P·n/100)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -50, max: 500 }), fc.constant(Number.NaN)), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.oneof(
          fc.constantFrom(90.4, 99, 98, 50, 100),
          fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000),
        ),
        (values, percent) => {
          const finite = values.filter((v) => Number.isFinite(v));
          fc.pre(finite.length > 0);
          const n = finite.length;
          // ceil(P·n/100) counted from below, by counting: the least k with 100·k ≥ P·n.
          let k = 1;
          while (100_000 * k < Math.round(percent * 1000) * n) k++;
          const descending = [...finite].sort((a, b) => b - a);
          expect(nearestRankPercentile(values, percent)).toBe(descending[n - k]);
          expect(kthHighest(values, n + 1 - k)).toBe(descending[n - k]);
          expect(nearestRank(n, percent)).toBe(k);
        },
      ),
      RUNS,
    );
  });

  it('rejects bad counts, percents and ranks', () => {
    expect(() => nearestRank(0, 50)).toThrow(
      new RangeError('nearestRank: count must be at least 1, got 0'),
    );
    expect(() => nearestRank(10, 0)).toThrow(
      new RangeError('nearestRank: percent must be above 0 with at most three decimals, got 0'),
    );
    expect(() => nearestRank(10, 90.4001)).toThrow(RangeError);
    expect(() => nearestRank(10, 101)).toThrow(
      new RangeError('nearestRank: percent must be a finite number in [0, 100], got 101'),
    );
    expect(() => nearestRankPercentile([1], Number.NaN)).toThrow(RangeError);
    expect(() => nearestRankPercentile(5 as never, 50)).toThrow(TypeError);
    expect(() => kthHighest([1], 0)).toThrow(
      new RangeError('kthHighest: k must be at least 1, got 0'),
    );
    expect(() => kthHighest([1], 1.5)).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it('truncates toward zero and rounds halves up, past representation error', () => {
    expect(truncateDecimals(70.67, 0)).toBe(70);
    expect(truncateDecimals(9.0999999999999996, 1)).toBe(9.1);
    expect(truncateDecimals(-1.27, 1)).toBe(-1.2);
    expect(truncateDecimals(0.123456, 3)).toBe(0.123);
    expect(roundHalfUp(9.05, 1)).toBe(9.1);
    expect(roundHalfUp(9.44, 1)).toBe(9.4);
    expect(roundHalfUp(9.5, 0)).toBe(10);
    expect(roundHalfUp(9.4999, 0)).toBe(9);
    expect(roundHalfUp(-0.5, 0)).toBe(0);
  });
});

describe('US units', () => {
  it('converts at 24.45 L/mol with the IUPAC molar masses', () => {
    expect(ugm3ToUsPpb('NO2', 46.0055)).toBe(24.45);
    expect(ugm3ToUsPpb('SO2', 64.0638)).toBe(24.45);
    expect(ugm3ToUsPpb('O3', 47.9982)).toBe(24.45);
    expect(ugm3ToUsPpm('CO', 28.0101 * 1000)).toBeCloseTo(24.45, 12);
    expect(ugm3ToUsPpm('CO', 10_000)).toBe((10_000 * 24.45) / 28.0101 / 1000);
  });

  it('rejects an unknown gas or a value that is not finite', () => {
    expect(() => ugm3ToUsPpb('PM10' as never, 1)).toThrow(
      new RangeError('ugm3ToUsPpb: gas must be one of NO2, SO2, O3, CO, got "PM10"'),
    );
    expect(() => ugm3ToUsPpm('CO', Number.NaN)).toThrow(
      new RangeError('ugm3ToUsPpm: ugm3 must be a finite number, got NaN'),
    );
  });
});

describe('argument errors of the building blocks', () => {
  it('name the function, the parameter and the value', () => {
    const series = { startMs: 0, values: [1] };
    const cases: [() => unknown, Error][] = [
      [
        () => runningEightHourMeans(series, Number.NaN, 1),
        new RangeError('runningEightHourMeans: fromMs must be epoch milliseconds, got NaN'),
      ],
      [
        () => runningEightHourMeans(series, 0, 1.5),
        new RangeError('runningEightHourMeans: count must be an integer, got 1.5'),
      ],
      [
        () => runningEightHourMeans({ startMs: H / 2, values: [] }, 0, 1),
        new RangeError(
          'runningEightHourMeans: series.startMs must be on a whole UTC hour, got 1800000',
        ),
      ],
      [
        () => dailyMaxEightHourMeans(series, H, 1),
        new RangeError('dailyMaxEightHourMeans: fromMs must be a UTC midnight, got 3600000'),
      ],
      [
        () => dailyMaxEightHourMeans(series, 0, -2),
        new RangeError('dailyMaxEightHourMeans: days must not be negative, got -2'),
      ],
      [
        () => dailyMaxEightHourMeans({ startMs: 0, values: null as never }, 0, 1),
        new TypeError(
          'dailyMaxEightHourMeans: series.values must be an array or typed array of numbers, got null',
        ),
      ],
      [
        () => dailyMeans(series, '0' as never, 1),
        new TypeError('dailyMeans: fromMs must be epoch milliseconds, got "0"'),
      ],
      [
        () => dailyMeans({ startMs: '0' as never, values: [] }, 0, 1),
        new TypeError('dailyMeans: series.startMs must be epoch milliseconds, got "0"'),
      ],
      [
        () => dailyMeans({ startMs: 0, values: 3 as never }, 0, 1),
        new TypeError(
          'dailyMeans: series.values must be an array or typed array of numbers, got 3',
        ),
      ],
      [
        () => aot40(5 as never, 2023),
        new TypeError('aot40: series must be an object { startMs, values }, got 5'),
      ],
      [
        () => nearestRankPercentile([1], 100.5),
        new RangeError(
          'nearestRankPercentile: percent must be a finite number in [0, 100], got 100.5',
        ),
      ],
      [
        () => nearestRankPercentile([1], 0.0004),
        new RangeError(
          'nearestRankPercentile: percent must be above 0 with at most three decimals, got 0.0004',
        ),
      ],
      [
        () => kthHighest(null as never, 1),
        new TypeError('kthHighest: values must be an array or typed array of numbers, got null'),
      ],
      [
        () => nearestRank(2.5, 50),
        new RangeError('nearestRank: count must be an integer, got 2.5'),
      ],
    ];
    for (const [call, error] of cases) expect(call).toThrow(error);
  });

  it('accept a start at a UTC midnight and counts of zero', () => {
    expect(dailyMeans({ startMs: 0, values: [] }, -86_400_000, 0).means.length).toBe(0);
    expect(runningEightHourMeans({ startMs: 0, values: [] }, -H, 0).length).toBe(0);
    expect(dailyMaxEightHourMeans({ startMs: 0, values: [] }, 0, 0).length).toBe(0);
    expect(nearestRankPercentile([7], 0.001)).toBe(7);
    expect(nearestRankPercentile([7, 9], 100)).toBe(9);
  });
});
