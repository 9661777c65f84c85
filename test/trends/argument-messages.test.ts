// The whole message and the class of every misuse error of the Kendall family, theilSen,
// timeProfile, rollingMean and the series check (reference §11): `<function>: <parameter>
// <expectation>, got <value>`, TypeError for a value of the wrong type, RangeError for one out
// of range. The other misuse tests match the start of the message; these spell it out, so a
// message that loses its parameter or its expectation is caught. (aggregatePeriods and
// aggregateWind: period-argument-messages.test.ts.)
import { describe, expect, it } from 'vitest';
import { mannKendall } from '../../src/trends/mann-kendall.js';
import { rollingMean } from '../../src/trends/rolling-mean.js';
import { senSlope } from '../../src/trends/sen-slope.js';
import { theilSen } from '../../src/trends/theil-sen.js';
import { timeProfile } from '../../src/trends/time-profile.js';
import { checkStamps, checkTimedSeries } from '../../src/trends/trends-series.js';
import { expectError } from '../helpers/exact-error.js';

const DAY = 86_400_000;
const SERIES = {
  atMs: [0, 1, 2, 3, 4, 5, 6, 7].map((d) => Date.UTC(2020, 0, 1) + d * DAY),
  values: [10, 12, 11, 14, 13, 15, 18, 16],
};

describe('the Kendall family: senSlope and mannKendall', () => {
  it('names the series and the options', () => {
    expectError(
      () => senSlope('1, 2, 3' as never),
      TypeError,
      'senSlope: values must be an array or typed array of numbers, got "1, 2, 3"',
    );
    expectError(
      () => mannKendall([1, 2, 3], 3 as never),
      TypeError,
      'mannKendall: options must be an object, got 3',
    );
  });

  it('names options.period: a number, an integer, at least 2', () => {
    expectError(
      () => senSlope([1, 2, 3], { period: '12' as never }),
      TypeError,
      'senSlope: options.period must be a number, got "12"',
    );
    expectError(
      () => senSlope([1, 2, 3], { period: 2.5 }),
      RangeError,
      'senSlope: options.period must be an integer, got 2.5',
    );
    expectError(
      () => mannKendall([1, 2, 3], { period: 1 }),
      RangeError,
      'mannKendall: options.period must be an integer of at least 2, got 1',
    );
  });

  it('names options.alpha: a number in (0, 1)', () => {
    expectError(
      () => senSlope([1, 2, 3], { alpha: '0.05' as never }),
      TypeError,
      'senSlope: options.alpha must be a number, got "0.05"',
    );
    expectError(
      () => mannKendall([1, 2, 3], { alpha: 1 }),
      RangeError,
      'mannKendall: options.alpha must be a number in (0, 1), got 1',
    );
  });
});

describe('theilSen', () => {
  it('names the options object and options.autocorrelation', () => {
    expectError(
      () => theilSen(SERIES, 3 as never),
      TypeError,
      'theilSen: options must be an object, got 3',
    );
    expectError(
      () => theilSen(SERIES, { autocorrelation: 'yes' as never }),
      TypeError,
      'theilSen: options.autocorrelation must be a boolean, got "yes"',
    );
    expectError(
      () => theilSen(SERIES, { autocorrelation: 1 as never, nBoot: 1 }),
      TypeError,
      'theilSen: options.autocorrelation must be a boolean, got 1',
    );
    // Both booleans are taken.
    expect(theilSen(SERIES, { autocorrelation: false, nBoot: 1 }).blockLength).toBe(1);
    expect(theilSen(SERIES, { autocorrelation: true, nBoot: 1 }).blockLength).toBe(2);
  });
});

describe('timeProfile', () => {
  it('names the options object and the options of the other statistic', () => {
    expectError(
      () => timeProfile(SERIES, null as never),
      TypeError,
      'timeProfile: options must be an object, got null',
    );
    expectError(
      () => timeProfile(SERIES, { kind: 'hour', band: 0.9 }),
      RangeError,
      "timeProfile: options.band must be absent with statistic 'mean', got 0.9",
    );
    expectError(
      () => timeProfile(SERIES, { kind: 'hour', statistic: 'median', seed: 3 }),
      RangeError,
      "timeProfile: options.seed must be absent with statistic 'median', got 3",
    );
  });
});

describe('rollingMean', () => {
  it('names the options object, options.hours and options.intervalMs', () => {
    expectError(
      () => rollingMean(SERIES, 3 as never),
      TypeError,
      'rollingMean: options must be an object, got 3',
    );
    expectError(
      () => rollingMean(SERIES, { hours: 0 }),
      RangeError,
      'rollingMean: options.hours must be at least 1, got 0',
    );
    expectError(
      () => rollingMean(SERIES, { hours: 1, intervalMs: 1.5 }),
      RangeError,
      'rollingMean: options.intervalMs must be an integer, got 1.5',
    );
    expectError(
      () => rollingMean(SERIES, { hours: 1, intervalMs: 7 }),
      RangeError,
      'rollingMean: options.intervalMs must be a positive integer dividing 3600000, got 7',
    );
    expectError(
      () => rollingMean(SERIES, { hours: 1, intervalMs: -600_000 }),
      RangeError,
      'rollingMean: options.intervalMs must be a positive integer dividing 3600000, got -600000',
    );
  });
});

describe('the series', () => {
  it('names the series object', () => {
    expectError(
      () => rollingMean(null as never, { hours: 1 }),
      TypeError,
      'rollingMean: series must be an object, got null',
    );
    expectError(
      () => checkTimedSeries('f', 7 as never),
      TypeError,
      'f: series must be an object, got 7',
    );
  });

  it('refuses a stamp that is not a number with a TypeError, even one that compares as later', () => {
    // '5' > 0 is true in JavaScript: the type is checked, not only the order.
    expectError(
      () => checkStamps('f', 'series.atMs', [0, '5']),
      TypeError,
      'f: series.atMs[1] must be finite and after series.atMs[0] (0), got "5"',
    );
    expectError(
      () => checkStamps('f', 'series.atMs', [0, 'x']),
      TypeError,
      'f: series.atMs[1] must be finite and after series.atMs[0] (0), got "x"',
    );
    expectError(
      () => checkStamps('f', 'series.atMs', ['0', 5]),
      TypeError,
      'f: series.atMs[0] must be finite, got "0"',
    );
  });
});
