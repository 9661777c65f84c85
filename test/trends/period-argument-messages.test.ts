// The whole message and the class of every misuse error of aggregatePeriods and aggregateWind
// and of the period options they share (reference §11): `<function>: <parameter>
// <expectation>, got <value>`, TypeError for a value of the wrong type, RangeError for one out
// of range. The misuse tests in aggregate-periods.test.ts match the start of the message; these
// spell it out.
import { describe, expect, it } from 'vitest';
import { type AggregateOptions, aggregatePeriods } from '../../src/trends/aggregate-periods.js';
import { aggregateWind } from '../../src/trends/aggregate-wind.js';
import { expectError } from '../helpers/exact-error.js';

const H = Date.UTC(2024, 0, 1);
const SERIES = { atMs: [H, H + 3_600_000], values: [1, 2] };
const aggregate = (options: unknown) => () => aggregatePeriods(SERIES, options as AggregateOptions);

describe('the objects', () => {
  it('names the options and the wind series', () => {
    expectError(aggregate(3), TypeError, 'aggregatePeriods: options must be an object, got 3');
    expectError(
      () => aggregateWind(null as never, { period: 'day' }),
      TypeError,
      'aggregateWind: series must be an object, got null',
    );
    expectError(
      () => aggregateWind({ atMs: [2, 1], direction: [0, 0] }, { period: 'day' }),
      RangeError,
      'aggregateWind: series.atMs[1] must be finite and after series.atMs[0] (2), got 1',
    );
  });
});

describe('options.intervalMs', () => {
  it('must be positive and divide a day, or an hour for hourly periods', () => {
    const day = 'must be a positive integer dividing 86400000';
    expectError(
      aggregate({ period: 'day', intervalMs: -3_600_000 }),
      RangeError,
      `aggregatePeriods: options.intervalMs ${day}, got -3600000`,
    );
    expectError(
      aggregate({ period: 'day', intervalMs: 7_000_000 }),
      RangeError,
      `aggregatePeriods: options.intervalMs ${day}, got 7000000`,
    );
    expectError(
      aggregate({ period: 'hour', intervalMs: -60_000 }),
      RangeError,
      'aggregatePeriods: options.intervalMs must be a positive integer dividing 3600000, got -60000',
    );
    // The negative of a divisor still divides: the sign is checked on its own.
    expectError(
      () => aggregateWind({ atMs: [H], direction: [0] }, { period: 'day', intervalMs: -1 }),
      RangeError,
      `aggregateWind: options.intervalMs ${day}, got -1`,
    );
  });
});

describe('options.from and options.till', () => {
  it('come together', () => {
    expectError(
      aggregate({ period: 'day', from: H }),
      RangeError,
      'aggregatePeriods: options.till must be given with options.from, got undefined',
    );
    expectError(
      aggregate({ period: 'day', till: H }),
      RangeError,
      'aggregatePeriods: options.from must be given with options.till, got undefined',
    );
  });

  it('are finite epoch milliseconds, till after from', () => {
    const finite = 'must be a finite number of epoch milliseconds';
    expectError(
      aggregate({ period: 'day', from: Number.NaN, till: H }),
      RangeError,
      `aggregatePeriods: options.from ${finite}, got NaN`,
    );
    expectError(
      aggregate({ period: 'day', from: H, till: '2024-01-02' }),
      TypeError,
      `aggregatePeriods: options.till ${finite}, got "2024-01-02"`,
    );
    expectError(
      aggregate({ period: 'day', from: H, till: H }),
      RangeError,
      `aggregatePeriods: options.till must be after options.from (${H}), got ${H}`,
    );
  });
});

describe('options.percentile', () => {
  const expectation = "must be a number in [0, 100] with options.statistic 'percentile'";

  it('is a number in [0, 100] with the percentile statistic', () => {
    expectError(
      aggregate({ period: 'day', statistic: 'percentile', percentile: -1 }),
      RangeError,
      `aggregatePeriods: options.percentile ${expectation}, got -1`,
    );
    expectError(
      aggregate({ period: 'day', statistic: 'percentile', percentile: -0.5 }),
      RangeError,
      `aggregatePeriods: options.percentile ${expectation}, got -0.5`,
    );
    expectError(
      aggregate({ period: 'day', statistic: 'percentile' }),
      RangeError,
      `aggregatePeriods: options.percentile ${expectation}, got undefined`,
    );
  });

  it('of another type is a TypeError, even a string that compares as in range', () => {
    expectError(
      aggregate({ period: 'day', statistic: 'percentile', percentile: '50' }),
      TypeError,
      `aggregatePeriods: options.percentile ${expectation}, got "50"`,
    );
    expectError(
      aggregate({ period: 'day', statistic: 'percentile', percentile: null }),
      TypeError,
      `aggregatePeriods: options.percentile ${expectation}, got null`,
    );
  });

  it('is refused with any other statistic', () => {
    expectError(
      aggregate({ period: 'day', statistic: 'max', percentile: 50 }),
      RangeError,
      "aggregatePeriods: options.percentile must be absent unless options.statistic is 'percentile', got 50",
    );
  });

  it('takes both ends of the range', () => {
    const run = (percentile: number) =>
      aggregatePeriods(SERIES, { period: 'day', statistic: 'percentile', percentile }).values;
    expect([...run(0)]).toEqual([1]);
    expect([...run(100)]).toEqual([2]);
  });
});
