import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import type { Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import { type FakeSample, FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';
import {
  fixedForecaster,
  forecastArb,
  installationSamplesArb,
  nowArb,
  requestArb,
} from '../helpers/payload-national-arbitraries.js';
import {
  expectedIndexes,
  indexesOf,
  oracleInstallation,
} from '../helpers/payload-national-oracle.js';

// The national indexes in the payload (issue 10 §3): each window's index is computeIndex of
// the inputs averaged over the 24 hourly means that end with the window — the 60-minute
// windows up to `now` for `current`, the clock hours up to `tillDateTime` for a history hour,
// history then forecast for a forecast hour. Expected values: hourly means by a scan of the raw
// samples, inputs by the naive averaging oracles, then computeIndex. This file checks the
// installation payload; the point payload is in national-indexes-point.test.ts.

async function installationPayload(
  service: MeasurementsService,
  nowMs: number,
  request: object,
): Promise<Measurements> {
  const result = await service.installationMeasurements(1, { now: nowMs, ...request });
  if (result.status !== 'ok') throw new Error(`installation 1: ${result.status}`);
  return result.payload;
}

// The property below takes close to the 30 s default on the shared 2-core machine under load
// (29.97 s measured on main at load 15): a longer timeout, the same runs and assertions.
describe('national indexes in the installation payload: property', () => {
  it('current, history and forecast show computeIndex of the oracle inputs, with the cache and without', async () => {
    await fc.assert(
      fc.asyncProperty(
        nowArb.chain((nowMs) =>
          fc.tuple(
            fc.constant(nowMs),
            installationSamplesArb(nowMs, 1),
            fc.boolean(),
            forecastArb,
            requestArb,
          ),
        ),
        async ([nowMs, samples, vendor, forecast, request]) => {
          const store = new FakeStore([fakeInstallation(1, 50, 20, { vendor })], samples);
          const forecaster = fixedForecaster(forecast);
          const expected = expectedIndexes(
            oracleInstallation(samples, vendor, nowMs, forecast),
            request,
          );
          // No cache; a fresh cache (the hourly part is made for a national index); a cache
          // whose hourly part a grid index made (the older hours are read afterwards).
          const plain = createMeasurementsService({ store, forecaster, cacheSize: 0 });
          expect(indexesOf(await installationPayload(plain, nowMs, request))).toEqual(expected);
          const fresh = createMeasurementsService({ store, forecaster });
          expect(indexesOf(await installationPayload(fresh, nowMs, request))).toEqual(expected);
          const warm = createMeasurementsService({ store, forecaster });
          await installationPayload(warm, nowMs, { indexType: 'CAQI' });
          expect(indexesOf(await installationPayload(warm, nowMs, request))).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  }, 90_000);
});

describe('national indexes of a third-party station: worked example', () => {
  it('skips a newest hour whose only sample is an infinite temperature', async () => {
    // Request exactly at 2000-01-01T00:00Z. O3 is 0 at 15:00 and 18:00–22:00 of the day before;
    // the 23:00 hour holds only a temperature of +Infinity, which is no value. So `current` is
    // the 22:00–23:00 hour, whose 8-hour O3 mean covers 15:00–22:00: 6 hours of 8, valid, 0.
    const nowMs = Date.parse('2000-01-01T00:00:00Z');
    const at = (hour: number) => Date.parse(`1999-12-31T${String(hour).padStart(2, '0')}:00:00Z`);
    const o3 = [15, 18, 19, 20, 21, 22].map((hour) => ({
      installationId: 1,
      name: 'O3',
      atMs: at(hour),
      value: 0,
    }));
    const heat = { installationId: 1, name: 'TEMPERATURE', atMs: at(23), value: Infinity };
    const store = new FakeStore([fakeInstallation(1, 50, 20, { vendor: false })], [...o3, heat]);
    const service = createMeasurementsService({
      store,
      forecaster: fixedForecaster(Array.from({ length: 24 }, () => ({}))),
    });
    const payload = await installationPayload(service, nowMs, { indexType: 'US_AQI' });
    expect(payload.current.fromDateTime).toBe('1999-12-31T22:00:00.000Z');
    expect(payload.current.indexes[0]).toMatchObject({ level: 'GOOD', value: 0 });
  });
});

describe('national indexes and the forecaster', () => {
  it('give the forecaster exactly its historyHours, whether it wants fewer or more hours than the index reads', async () => {
    const nowMs = Date.parse('2026-11-21T09:27:00.000Z');
    const samples: FakeSample[] = [];
    for (let h = 1; h <= 80; h++) {
      samples.push({ installationId: 1, name: 'PM25', atMs: nowMs - h * MS_PER_HOUR, value: h });
    }
    const store = new FakeStore([fakeInstallation(1, 50, 20)], samples);
    const forecast = Array.from({ length: 24 }, (_, j) => ({ PM25: 10 + j }));
    const expected = expectedIndexes(oracleInstallation(samples, true, nowMs, forecast), {
      indexType: 'US_AQI',
      language: 'en',
    });
    for (const historyHours of [24, 40, 60]) {
      const seen: number[][] = [];
      const forecaster: Forecaster = {
        historyHours,
        forecast: ({ history }) => {
          seen.push(history.map((hour) => hour.PM25 ?? Number.NaN));
          return forecast;
        },
      };
      for (const cacheSize of [0, 4]) {
        const service = createMeasurementsService({ store, forecaster, cacheSize });
        const payload = await installationPayload(service, nowMs, { indexType: 'US_AQI' });
        expect(indexesOf(payload)).toEqual(expected);
      }
      // The hour that ends at 09:00 holds the sample of 09:27 − 1 h (value 1), and so on back.
      const hours = Array.from({ length: historyHours }, (_, k) => historyHours - k);
      expect(seen).toEqual([hours, hours]);
    }
  });
});
