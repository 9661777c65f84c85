// The arguments of the building blocks of airq/assessment across the blocks: each error names
// the function, the parameter and the value, and the smallest arguments that are accepted.
import { describe, expect, it } from 'vitest';
import {
  aot40,
  dailyMaxEightHourMeans,
  dailyMeans,
  kthHighest,
  nearestRank,
  nearestRankPercentile,
  runningEightHourMeans,
} from '../../src/assessment/index.js';

const H = 3_600_000;

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
