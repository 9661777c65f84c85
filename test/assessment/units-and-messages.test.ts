// The capture of the assessed year alone, the argument errors of the building blocks and the
// hourly-means helpers (each message written out), and how hourlyMeansOfStore slices its reads.
import { describe, expect, it } from 'vitest';
import {
  aot40,
  assessSeries,
  hourlyMeansOfSeries,
  hourlyMeansOfStore,
  kthHighest,
  nearestRankPercentile,
  truncateDecimals,
  ugm3ToUsPpb,
  ugm3ToUsPpm,
} from '../../src/assessment/index.js';
import { TimeSeries } from '../../src/series/index.js';
import { InMemoryStore } from '../../src/store/index.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

const START = Date.UTC(2023, 0, 1);

describe('the capture of the assessed year', () => {
  it('counts only the hours of that year, not the valid years around it', () => {
    // 2022 and 2024 complete, every second hour of 2023 missing: 4380 of 8760.
    const b = new HourlyBuilder(2022, 2024, 30);
    const from = b.index(2023, 1, 1);
    for (let h = 0; h < 8760; h += 2) b.values[from + h] = Number.NaN;
    const [metric] = assessSeries(b.series, {
      standard: 'EU_2008',
      pollutant: 'PM25',
      year: 2023,
    }).metrics;
    expect(metric).toMatchObject({
      capture: 0.5,
      valid: false,
      reason: 'capture 4380/8760 hours below 90 %',
    });
  });
});

describe('argument errors', () => {
  it('of the building blocks name the function, the parameter and the value', () => {
    expect(() => ugm3ToUsPpb('NO2', Number.POSITIVE_INFINITY)).toThrow(
      new RangeError('ugm3ToUsPpb: ugm3 must be a finite number, got Infinity'),
    );
    expect(() => ugm3ToUsPpm('PM10' as never, 1)).toThrow(
      new RangeError('ugm3ToUsPpm: gas must be one of NO2, SO2, O3, CO, got "PM10"'),
    );
    expect(() => nearestRankPercentile(5 as never, 50)).toThrow(
      new TypeError(
        'nearestRankPercentile: values must be an array or typed array of numbers, got 5',
      ),
    );
    expect(() => kthHighest([1], 1.5)).toThrow(
      new RangeError('kthHighest: k must be an integer, got 1.5'),
    );
    expect(() => kthHighest('x' as never, 1)).toThrow(
      new TypeError('kthHighest: values must be an array or typed array of numbers, got "x"'),
    );
  });

  it('of hourlyMeansOfSeries and hourlyMeansOfStore name the function and the parameter', async () => {
    expect(() => hourlyMeansOfSeries(null as never, START, 1)).toThrow(
      new TypeError('hourlyMeansOfSeries: series must be a TimeSeries, got null'),
    );
    expect(() => hourlyMeansOfSeries(new TimeSeries(), 0.5, 1)).toThrow(
      new RangeError('hourlyMeansOfSeries: fromMs must be an integer, got 0.5'),
    );
    const store = new InMemoryStore([]);
    await expect(hourlyMeansOfStore(3 as never, 1, 'PM10', START, 1)).rejects.toThrow(
      new TypeError('hourlyMeansOfStore: store must be a MeasurementStore, got 3'),
    );
    await expect(hourlyMeansOfStore(store, 1, '', START, 1)).rejects.toThrow(
      new TypeError('hourlyMeansOfStore: name must be a non-empty string, got ""'),
    );
    await expect(hourlyMeansOfStore(store, 1, 'PM10', START + 60_000, 1)).rejects.toThrow(
      new RangeError(
        `hourlyMeansOfStore: fromMs must be on a whole UTC hour, got ${START + 60_000}`,
      ),
    );
    await expect(hourlyMeansOfStore(store, 1, 'PM10', START, -2)).rejects.toThrow(
      new RangeError('hourlyMeansOfStore: hours must not be negative, got -2'),
    );
  });

  it('accept the years 1000 and 9999 and refuse 999 and 10000', () => {
    for (const year of [1000, 9999]) {
      const startMs = Date.UTC(year, 0, 1);
      expect(aot40({ startMs, values: [1] }, year).measuredHours).toBe(0);
    }
    expect(() => aot40({ startMs: 0, values: [1] }, 999)).toThrow(
      new RangeError('aot40: year must be a year from 1000 to 9999, got 999'),
    );
    expect(() => aot40({ startMs: 0, values: [1] }, 10_000)).toThrow(
      new RangeError('aot40: year must be a year from 1000 to 9999, got 10000'),
    );
  });
});

describe('truncateDecimals', () => {
  it('keeps a whole negative number as it is', () => {
    expect(truncateDecimals(-70, 0)).toBe(-70);
    expect(truncateDecimals(-9.5, 1)).toBe(-9.5);
  });
});

describe('hourlyMeansOfStore', () => {
  it('asks the store for 744 hours (31 days) at a time, the rest last', async () => {
    const asked: number[] = [];
    const store = {
      windowAverages: async (_id: number, windows: readonly unknown[]) => {
        asked.push(windows.length);
        return windows.map((_, i) => (i % 2 === 0 ? { PM10: i } : {}));
      },
    };
    const hourly = await hourlyMeansOfStore(store as never, 1, 'PM10', START, 1000);
    expect(asked).toEqual([744, 256]);
    expect(hourly.values.length).toBe(1000);
    expect([...hourly.values.subarray(742, 747)]).toEqual([742, Number.NaN, 0, Number.NaN, 2]);
    asked.length = 0;
    await hourlyMeansOfStore(store as never, 1, 'PM10', START, 1488);
    expect(asked).toEqual([744, 744]);
  });
});
