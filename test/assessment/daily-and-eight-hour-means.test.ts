// dailyMeans, runningEightHourMeans and dailyMaxEightHourMeans of airq/assessment: examples
// written out by hand, properties at 1,000 cases against the naive oracle, and the errors of
// bad arguments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dailyMaxEightHourMeans,
  dailyMeans,
  runningEightHourMeans,
} from '../../src/assessment/index.js';
import { seededRandom } from '../../src/sample/seeded-noise.js';
import { dailyMean, Hours, mda8 } from '../helpers/assessment-oracle-hours.js';
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
