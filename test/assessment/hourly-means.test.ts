// From raw samples to an assessment: hourlyMeansOfSeries (TimeSeries) and hourlyMeansOfStore
// (any MeasurementStore), checked against means computed by hand from the samples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assessSeries,
  hourlyMeansOfSeries,
  hourlyMeansOfStore,
} from '../../src/assessment/index.js';
import { TimeSeries } from '../../src/series/index.js';
import { InMemoryStore } from '../../src/store/index.js';
import { RUNS } from '../helpers/property-runs.js';
import { installation } from '../helpers/store-fixtures.js';

const H = 3_600_000;
const START = Date.UTC(2023, 0, 1);

// Raw samples: [minute from START, value], at most one per minute.
const samples = fc.uniqueArray(
  fc.tuple(fc.integer({ min: -120, max: 60 * 30 }), fc.integer({ min: 0, max: 500 })),
  {
    selector: ([minute]) => minute,
    maxLength: 200,
  },
);

function byHand(raw: [number, number][], hours: number): number[] {
  return Array.from({ length: hours }, (_, h) => {
    const inHour = raw
      .filter(([minute]) => minute >= h * 60 && minute < (h + 1) * 60)
      .map(([, v]) => v);
    return inHour.length === 0 ? Number.NaN : inHour.reduce((s, v) => s + v, 0) / inHour.length;
  });
}

describe('hourlyMeansOfSeries', () => {
  it('averages the samples of each UTC hour, NaN for an hour without one', () => {
    const raw = new TimeSeries();
    raw.add(Date.UTC(2023, 0, 1, 0, 10), 20);
    raw.add(Date.UTC(2023, 0, 1, 0, 40), 30);
    raw.add(Date.UTC(2023, 0, 1, 2, 0), 7);
    const hourly = hourlyMeansOfSeries(raw, START, 3);
    expect(hourly.startMs).toBe(START);
    expect([...hourly.values]).toEqual([25, Number.NaN, 7]);
  });

  it('gives the means of the samples by hand', () => {
    fc.assert(
      fc.property(samples, (raw) => {
        const series = new TimeSeries();
        for (const [minute, value] of raw) series.add(START + minute * 60_000, value);
        const hourly = hourlyMeansOfSeries(series, START, 30);
        const expected = byHand(raw, 30);
        for (let h = 0; h < 30; h++) {
          if (Number.isNaN(expected[h]!)) expect(hourly.values[h]).toBeNaN();
          else expect(hourly.values[h]).toBeCloseTo(expected[h]!, 9);
        }
      }),
      RUNS,
    );
  });

  it('rejects what is not a TimeSeries and a start off the hour', () => {
    expect(() => hourlyMeansOfSeries({} as never, START, 1)).toThrow(
      new TypeError('hourlyMeansOfSeries: series must be a TimeSeries, got {}'),
    );
    expect(() => hourlyMeansOfSeries(new TimeSeries(), START + 1, 1)).toThrow(
      new RangeError(`hourlyMeansOfSeries: fromMs must be on a whole UTC hour, got ${START + 1}`),
    );
    expect(() => hourlyMeansOfSeries(new TimeSeries(), START, -1)).toThrow(
      new RangeError('hourlyMeansOfSeries: hours must not be negative, got -1'),
    );
  });
});

describe('hourlyMeansOfStore', () => {
  it('reads one measurement type of an installation, hour by hour, across slices', async () => {
    const store = new InMemoryStore([installation(1001)]);
    const hours = 24 * 40; // more than one slice of 31 days
    const batch = [];
    for (let h = 0; h < hours; h++) {
      if (h % 5 === 0) continue;
      batch.push({
        installationId: 1001,
        name: 'PM10',
        atMs: START + h * H + 600_000,
        value: h % 97,
      });
      batch.push({ installationId: 1001, name: 'NO2', atMs: START + h * H + 600_000, value: 1 });
    }
    store.ingest(batch);
    const hourly = await hourlyMeansOfStore(store, 1001, 'PM10', START, hours);
    expect(hourly.startMs).toBe(START);
    for (let h = 0; h < hours; h++) {
      if (h % 5 === 0) expect(hourly.values[h]).toBeNaN();
      else expect(hourly.values[h]).toBe(h % 97);
    }
    const other = await hourlyMeansOfStore(store, 1002, 'PM10', START, 3);
    expect([...other.values]).toEqual([Number.NaN, Number.NaN, Number.NaN]);
  });

  it('feeds assessSeries', async () => {
    const store = new InMemoryStore([installation(7)]);
    const batch = [];
    for (let h = 0; h < 8760; h++) {
      batch.push({ installationId: 7, name: 'PM25', atMs: START + h * H, value: 12 });
      batch.push({ installationId: 7, name: 'PM25', atMs: START + h * H + 1_800_000, value: 14 });
    }
    store.ingest(batch);
    const hourly = await hourlyMeansOfStore(store, 7, 'PM25', START, 8760);
    const { metrics } = assessSeries(hourly, {
      standard: 'EU_2008',
      pollutant: 'PM25',
      year: 2023,
    });
    expect(metrics[0]).toMatchObject({ id: 'PM25.annual-mean', value: 13, met: true, capture: 1 });
  });

  it('rejects bad arguments', async () => {
    const store = new InMemoryStore([]);
    await expect(hourlyMeansOfStore(store, 1.5, 'PM10', START, 1)).rejects.toThrow(
      new RangeError('hourlyMeansOfStore: installationId must be an integer, got 1.5'),
    );
    await expect(hourlyMeansOfStore(store, 1, '', START, 1)).rejects.toThrow(TypeError);
    await expect(hourlyMeansOfStore(null as never, 1, 'PM10', START, 1)).rejects.toThrow(TypeError);
  });
});
