import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineForecaster } from '../../src/forecast/baseline-forecaster.js';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import { haversineKm } from '../../src/geo/haversine.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type {
  MeasurementsRequestOptions,
  MeasurementsService,
} from '../../src/payload/measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { loadStoreFromFiles } from '../../src/store/load-store.js';
import { formatTimestamp, MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { measurementWindows } from '../../src/time/windows.js';
import { allWindows, isNoDataWindow, payloadNumberProblems } from '../helpers/payload-checks.js';
import { type FakeSample, FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';

const NOW = Date.parse('2026-11-21T09:27:00.000Z');
const CENTRE = { latitude: 50.0614, longitude: 19.9366 };
// About 1.1 km east of the centre, and about 10 km north of it.
const EAST = { latitude: 50.0614, longitude: 19.952 };
const FAR = { latitude: 50.15, longitude: 19.9366 };

/** Samples every 10 minutes over the 50 hours before `NOW` with constant values. */
function steadySamples(
  installationId: number,
  values: Record<string, number>,
  untilMs = NOW,
): FakeSample[] {
  const samples: FakeSample[] = [];
  for (let atMs = NOW - 50 * MS_PER_HOUR; atMs < untilMs; atMs += 10 * MS_PER_MINUTE) {
    for (const [name, value] of Object.entries(values))
      samples.push({ installationId, name, atMs, value });
  }
  return samples;
}

/** A third-party station: one hourly value stamped at each hour start, the last one at 07:00. */
function hourlySamples(installationId: number, name: string, value: number): FakeSample[] {
  const samples: FakeSample[] = [];
  for (
    let atMs = Date.parse('2026-11-19T08:00:00.000Z');
    atMs <= Date.parse('2026-11-21T07:00:00.000Z');
    atMs += MS_PER_HOUR
  ) {
    samples.push({ installationId, name, atMs, value });
  }
  return samples;
}

function network() {
  const store = new FakeStore(
    [
      fakeInstallation(1, CENTRE.latitude, CENTRE.longitude),
      fakeInstallation(2, EAST.latitude, EAST.longitude, { vendor: false }),
      fakeInstallation(3, 50.0, 19.9, { successorId: 4 }),
      fakeInstallation(4, 50.0, 19.9, { successorId: 5 }),
      fakeInstallation(5, 50.0, 19.9),
      fakeInstallation(6, 50.07, 19.94, { removed: true }),
      fakeInstallation(7, FAR.latitude, FAR.longitude),
    ],
    [
      ...steadySamples(1, { PM10: 40, PM25: 20, TEMPERATURE: -2 }),
      ...hourlySamples(2, 'PM10', 80),
      ...steadySamples(6, { PM10: 500 }),
    ],
  );
  return { store, service: createMeasurementsService({ store }) };
}

async function payloadOf(service: MeasurementsService, id: number, options: object = {}) {
  const result = await service.installationMeasurements(id, { now: NOW, ...options });
  if (result.status !== 'ok') throw new Error(`expected ok, got ${result.status}`);
  return result.payload;
}

describe('installationMeasurements', () => {
  it('a vendor installation: moving-hour current, 24 + 24 hourly elements, constant forecast', async () => {
    const { service } = network();
    const payload = await payloadOf(service, 1);
    const windows = measurementWindows(NOW);
    expect(payload.current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
    expect(payload.current.tillDateTime).toBe('2026-11-21T09:27:00.000Z');
    expect(payload.current.values).toEqual([
      { name: 'PM25', value: 20 },
      { name: 'PM10', value: 40 },
      { name: 'TEMPERATURE', value: -2 },
    ]);
    expect(payload.history.map((w) => w.fromDateTime)).toEqual(
      windows.history.map((w) => formatTimestamp(w.fromMs)),
    );
    expect(payload.forecast.map((w) => w.tillDateTime)).toEqual(
      windows.forecast.map((w) => formatTimestamp(w.tillMs)),
    );
    for (const w of payload.forecast) {
      expect(w.values).toEqual([
        { name: 'PM25', value: 20 },
        { name: 'PM10', value: 40 },
      ]);
      expect(w.standards.map((s) => s.pollutant)).toEqual(['PM25', 'PM10']);
    }
    expect(payload.current.indexes).toEqual([computeIndex({ PM25: 20, PM10: 40 })]);
    expect(payloadNumberProblems(payload)).toEqual([]);
  });

  it('reads all windows of one installation in ONE windowAverages call', async () => {
    const { store, service } = network();
    await payloadOf(service, 2);
    expect(store.windowAveragesCalls).toHaveLength(1);
    const windows = measurementWindows(NOW);
    expect(store.windowAveragesCalls[0]?.windows).toEqual([windows.current, ...windows.history]);
  });

  it('a third-party station: current is its latest full hour with data, and says so', async () => {
    const { service } = network();
    const payload = await payloadOf(service, 2);
    expect(payload.current.fromDateTime).toBe('2026-11-21T07:00:00.000Z');
    expect(payload.current.tillDateTime).toBe('2026-11-21T08:00:00.000Z');
    expect(payload.current.values).toEqual([{ name: 'PM10', value: 80 }]);
    // Its 08:00–09:00 history hour has no data yet.
    expect(isNoDataWindow(payload.history[23]!)).toBe(true);
  });

  it('a third-party station whose data is more than 3 hours old: the moving hour, no data', async () => {
    const store = new FakeStore(
      [fakeInstallation(9, 50, 20, { vendor: false })],
      [
        {
          installationId: 9,
          name: 'PM10',
          atMs: Date.parse('2026-11-21T05:00:00.000Z'),
          value: 60,
        },
      ],
    );
    const payload = await payloadOf(createMeasurementsService({ store }), 9);
    expect(payload.current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
    expect(isNoDataWindow(payload.current)).toBe(true);
    expect(payload.history[20]?.values).toEqual([{ name: 'PM10', value: 60 }]);
  });

  it('an installation without samples: every element is the no-data element', async () => {
    const { service } = network();
    const payload = await payloadOf(service, 5);
    expect(payload.history).toHaveLength(24);
    expect(payload.forecast).toHaveLength(24);
    expect(allWindows(payload).every(isNoDataWindow)).toBe(true);
  });

  it('replaced installations answer with the final successor, removed and unknown ones are missing', async () => {
    const { service } = network();
    expect(await service.installationMeasurements(3, { now: NOW })).toEqual({
      status: 'replaced',
      successorId: 5,
    });
    expect(await service.installationMeasurements(4, { now: NOW })).toEqual({
      status: 'replaced',
      successorId: 5,
    });
    expect(await service.installationMeasurements(6, { now: NOW })).toEqual({ status: 'missing' });
    expect(await service.installationMeasurements(404, { now: NOW })).toEqual({
      status: 'missing',
    });
    expect((await service.findInstallation(3)).status).toBe('replaced');
  });

  it('returns exactly the requested index type, in the requested language', async () => {
    const { service } = network();
    for (const indexType of ['VENDOR_CAQI', 'CAQI', 'PIJP'] as const) {
      const payload = await payloadOf(service, 1, { indexType, language: 'pl' });
      for (const w of allWindows(payload)) {
        expect(w.indexes).toHaveLength(1);
        expect(w.indexes[0]?.name).toBe(indexType);
      }
      expect(payload.current.indexes[0]).toEqual(
        computeIndex({ PM25: 20, PM10: 40 }, { indexType, language: 'pl' }),
      );
    }
    const empty = await payloadOf(service, 5, { language: 'pl' });
    expect(empty.current.indexes[0]?.description).toBe(
      computeIndex({}, { language: 'pl' }).description,
    );
    expect(empty.current.indexes[0]?.description).not.toBe(
      computeIndex({}, { language: 'en' }).description,
    );
  });

  it('uses the configured WHO edition', async () => {
    const { store } = network();
    const payload = await payloadOf(
      createMeasurementsService({ store, whoEdition: 'WHO_2005' }),
      1,
    );
    expect(payload.current.standards).toEqual([
      { name: 'WHO', pollutant: 'PM25', limit: 25, percent: 80, averaging: '24h' },
      { name: 'WHO', pollutant: 'PM10', limit: 50, percent: 80, averaging: '24h' },
    ]);
  });

  it('an installation with too little history gets 24 no-data forecast elements', async () => {
    const store = new FakeStore(
      [fakeInstallation(1, 50, 20)],
      steadySamples(1, { PM10: 30 }).filter((s) => s.atMs >= NOW - 5 * MS_PER_HOUR),
    );
    const payload = await payloadOf(createMeasurementsService({ store }), 1);
    expect(payload.history.filter((w) => w.values.length > 0)).toHaveLength(5); // 04:00 (from 04:27) … 08:00
    expect(payload.forecast.every(isNoDataWindow)).toBe(true);
  });
});

describe('nearest queries', () => {
  it('nearestMeasurements: the nearest active installation and its payload', async () => {
    const { service } = network();
    const result = await service.nearestMeasurements(50.0618, 19.937, {}, { now: NOW });
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.installation.id).toBe(1);
    expect(result.distanceKm).toBeCloseTo(
      haversineKm(50.0618, 19.937, CENTRE.latitude, CENTRE.longitude),
      9,
    );
    expect(result.payload).toEqual(await payloadOf(service, 1));
  });

  it('nearestMeasurements: none-in-range beyond maxDistanceKM (default 3 km); negative = no limit', async () => {
    const { service } = network();
    expect(await service.nearestMeasurements(51, 21, {}, { now: NOW })).toEqual({
      status: 'none-in-range',
    });
    expect(
      await service.nearestMeasurements(50.1, 19.9366, { maxDistanceKM: 1 }, { now: NOW }),
    ).toEqual({
      status: 'none-in-range',
    });
    const anywhere = await service.nearestMeasurements(51, 21, { maxDistanceKM: -1 }, { now: NOW });
    expect(anywhere.status === 'ok' && anywhere.installation.id).toBe(7);
  });

  it('nearestInstallations: active ones only, nearest first, spec defaults', async () => {
    const { service } = network();
    expect((await service.nearestInstallations(50.07, 19.94)).map((i) => i.id)).toEqual([1]);
    const all = await service.nearestInstallations(50.07, 19.94, {
      maxDistanceKM: -1,
      maxResults: -1,
    });
    expect(all.map((i) => i.id)).toEqual([1, 2, 5, 7]);
    expect(all[0]).toEqual(fakeInstallation(1, CENTRE.latitude, CENTRE.longitude));
  });

  it('builds the spatial index once per change of installationsVersion, not per request', async () => {
    const { store, service } = network();
    await Promise.all([
      service.nearestInstallations(50.07, 19.94),
      service.nearestInstallations(50.07, 19.94),
      service.pointMeasurements(50.07, 19.94, { now: NOW }),
    ]);
    await service.nearestMeasurements(50.07, 19.94, {}, { now: NOW });
    expect(store.listActiveCalls).toBe(1);
    store.putInstallations([fakeInstallation(8, 50.0701, 19.9401)]);
    expect((await service.nearestInstallations(50.07, 19.94)).map((i) => i.id)).toEqual([8]);
    await service.nearestInstallations(50.07, 19.94);
    expect(store.listActiveCalls).toBe(2);
  });
});

describe('pointMeasurements', () => {
  it('far from every sensor: a 200-able payload of no-data elements and no contributors', async () => {
    const { service } = network();
    const { payload } = await service.pointMeasurements(49, 22, { now: NOW, language: 'pl' });
    expect(allWindows(payload).every(isNoDataWindow)).toBe(true);
    expect(payload.history).toHaveLength(24);
    expect(payload.forecast).toHaveLength(24);
    expect(payload.interpolation).toEqual({
      method: 'INVERSE_DISTANCE',
      radiusKm: 1.5,
      contributors: [],
    });
    expect(payload.current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
  });

  it('at a sensor: that sensor’s values, with weight 1', async () => {
    const { service } = network();
    const { payload } = await service.pointMeasurements(CENTRE.latitude, CENTRE.longitude, {
      now: NOW,
    });
    expect(payload.current.values).toEqual((await payloadOf(service, 1)).current.values);
    expect(payload.interpolation.contributors).toEqual([
      { installationId: 1, distanceKm: 0, weight: 1 },
      { installationId: 2, distanceKm: expect.any(Number), weight: 0 },
    ]);
  });

  it('between two sensors: inverse-distance weights, per type and per window', async () => {
    const { service } = network();
    // A point 0.3 km from the centre installation towards the east one.
    const point = {
      latitude: 50.0614,
      longitude:
        19.9366 + (0.3 / haversineKm(50.0614, 19.9366, 50.0614, 19.952)) * (19.952 - 19.9366),
    };
    const { payload } = await service.pointMeasurements(point.latitude, point.longitude, {
      now: NOW,
    });
    const dA = haversineKm(point.latitude, point.longitude, CENTRE.latitude, CENTRE.longitude);
    const dB = haversineKm(point.latitude, point.longitude, EAST.latitude, EAST.longitude);
    const wA = 1 / dA / (1 / dA + 1 / dB);
    const contributors = payload.interpolation.contributors;
    expect(contributors.map((c) => c.installationId)).toEqual([1, 2]);
    expect(contributors[0]?.weight).toBeCloseTo(wA, 12);
    expect(contributors[0]!.weight + contributors[1]!.weight).toBeCloseTo(1, 12);
    // current: the vendor's moving hour (PM10 40) with the third party's 07:00 hour (PM10 80);
    // PM25 and TEMPERATURE only from the vendor installation.
    const pm10 = wA * 40 + (1 - wA) * 80;
    expect(payload.current.values).toEqual([
      { name: 'PM25', value: 20 },
      { name: 'PM10', value: Math.round(pm10 * 100) / 100 },
      { name: 'TEMPERATURE', value: -2 },
    ]);
    expect(payload.current.indexes).toEqual([computeIndex({ PM25: 20, PM10: pm10 })]);
    // 08:00–09:00: the third party has no data yet, so PM10 is the vendor's alone.
    expect(payload.history[23]?.values.find((v) => v.name === 'PM10')?.value).toBe(40);
    expect(payload.history[0]?.values.find((v) => v.name === 'PM10')?.value).toBeCloseTo(pm10, 2);
    // The forecast interpolates the two installations' own forecasts (both flat).
    expect(payload.forecast[5]?.values.find((v) => v.name === 'PM10')?.value).toBeCloseTo(pm10, 2);
    expect(payloadNumberProblems(payload)).toEqual([]);
  });

  it('ignores replaced and removed installations in range', async () => {
    const { service } = network();
    const { payload } = await service.pointMeasurements(50.07, 19.94, { now: NOW });
    expect(payload.interpolation.contributors.map((c) => c.installationId)).not.toContain(6);
    expect(payload.current.values.find((v) => v.name === 'PM10')?.value).not.toBe(500);
  });
});

describe('forecaster port', () => {
  it('passes historyHours of history in the same single store call, and sanitises the result', async () => {
    const seen: number[] = [];
    const forecaster: Forecaster = {
      historyHours: 30,
      forecast: ({ history, windows }) => {
        seen.push(history.length, windows.length);
        return windows.map((_, i) =>
          i === 0 ? ({ PM10: -5, PM25: Number.NaN, NO2: 3 } as never) : { PM25: 1.234 },
        );
      },
    };
    const { store } = network();
    const service = createMeasurementsService({ store, forecaster });
    const payload = await payloadOf(service, 1);
    expect(seen).toEqual([30, 24]);
    expect(store.windowAveragesCalls).toHaveLength(1);
    expect(store.windowAveragesCalls[0]?.windows).toHaveLength(31);
    expect(payload.forecast[0]?.values).toEqual([{ name: 'PM10', value: 0 }]);
    expect(payload.forecast[1]?.values).toEqual([{ name: 'PM25', value: 1.23 }]);
  });

  it('rejects a forecaster result of the wrong length', async () => {
    const { store } = network();
    const forecaster: Forecaster = { historyHours: 24, forecast: () => [] };
    await expect(payloadOf(createMeasurementsService({ store, forecaster }), 1)).rejects.toThrow(
      'Forecaster.forecast: must return one entry per forecast window (24), got 0 entries',
    );
  });
});

describe('robustness against a misbehaving store', () => {
  it('non-finite averages from the store never reach the payload', async () => {
    const store = new FakeStore([fakeInstallation(1, 50, 20)]);
    store.windowAverages = async (_id, windows) =>
      windows.map((_, i) => ({ PM10: i % 2 ? Number.NaN : 10, PM25: Number.POSITIVE_INFINITY }));
    const payload = await payloadOf(createMeasurementsService({ store }), 1);
    expect(payloadNumberProblems(payload)).toEqual([]);
    expect(payload.history[1]?.values).toEqual([{ name: 'PM10', value: 10 }]);
  });

  it('a store returning the wrong number of records is reported', async () => {
    const store = new FakeStore([fakeInstallation(1, 50, 20)]);
    store.windowAverages = async () => [];
    await expect(payloadOf(createMeasurementsService({ store }), 1)).rejects.toThrow(
      /MeasurementStore.windowAverages: must return one record per window \(25\) for installation 1, got 0 records/,
    );
  });
});

describe('misuse', () => {
  it('validates the service options once, naming the option', () => {
    const store = new FakeStore();
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService({})).toThrow(
      /createMeasurementsService: options.store must be a MeasurementStore/,
    );
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService(null)).toThrow(TypeError);
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService({ store, forecaster: {} })).toThrow(
      /options.forecaster must be an object with a forecast\(\) method/,
    );
    expect(() =>
      createMeasurementsService({
        store,
        forecaster: { ...baselineForecaster, historyHours: 0, forecast: () => [] },
      }),
    ).toThrow(/options.forecaster.historyHours must be an integer in \[1, 744\], got 0/);
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService({ store, whoEdition: 'WHO_1999' })).toThrow(
      new RangeError(
        'createMeasurementsService: options.whoEdition must be one of WHO_2021, WHO_2005, got "WHO_1999"',
      ),
    );
  });

  it('rejects bad request arguments with the method and parameter named', async () => {
    const { service } = network();
    await expect(service.pointMeasurements(91, 0, { now: NOW })).rejects.toThrow(
      new RangeError(
        'MeasurementsService.pointMeasurements: latitude must be a finite number in [-90, 90], got 91',
      ),
    );
    await expect(service.nearestMeasurements(0, Number.NaN, {}, { now: NOW })).rejects.toThrow(
      /longitude .* got NaN/,
    );
    const badIndexType = { now: NOW, indexType: 'AQI' } as unknown as MeasurementsRequestOptions;
    await expect(service.installationMeasurements(1, badIndexType)).rejects.toThrow(
      /installationMeasurements: options.indexType must be one of VENDOR_CAQI, CAQI, PIJP, US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, got "AQI"/,
    );
    // @ts-expect-error: deliberately wrong
    await expect(service.installationMeasurements(1, { now: NOW, language: 'de' })).rejects.toThrow(
      /options.language/,
    );
    await expect(service.installationMeasurements(1, { now: Number.NaN })).rejects.toThrow(
      /options.now/,
    );
    await expect(service.installationMeasurements(1.5, { now: NOW })).rejects.toThrow(
      /installationId must be an integer, got 1.5/,
    );
    await expect(
      service.nearestInstallations(50, 20, { maxDistanceKM: Number.NaN }),
    ).rejects.toThrow(/maxDistanceKM/);
  });
});

describe('with the real InMemoryStore', () => {
  it('builds the same payload from an InMemoryStore as from the fake store', async () => {
    const installations = [
      fakeInstallation(1, 50.06, 19.94),
      fakeInstallation(2, 50.061, 19.941, { vendor: false }),
    ];
    const samples = [
      ...steadySamples(1, { PM10: 41.25, PM25: 19.5 }),
      ...hourlySamples(2, 'PM25', 33.3),
    ];
    const memory = new InMemoryStore(installations);
    expect(memory.ingest(samples).rejected).toEqual([]);
    const fake = new FakeStore(installations, samples);
    for (const id of [1, 2]) {
      expect(await payloadOf(createMeasurementsService({ store: memory }), id)).toEqual(
        await payloadOf(createMeasurementsService({ store: fake }), id),
      );
    }
    const { payload: point } = await createMeasurementsService({ store: memory }).pointMeasurements(
      50.0602,
      19.9402,
      { now: NOW },
    );
    expect(point.interpolation.contributors.map((c) => c.installationId)).toEqual([1, 2]);
  });

  it('builds a payload from files via loadStoreFromFiles', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'airq-payload-'));
    const installationsPath = join(dir, 'installations.json');
    const samplesPath = join(dir, 'samples.csv');
    await writeFile(installationsPath, JSON.stringify([fakeInstallation(1001, 50.06, 19.94)]));
    await writeFile(
      samplesPath,
      'installationId,name,timestamp,value\n1001,PM10,2026-11-21T08:40:00.000Z,41.3\n1001,PM10,2026-11-21T09:05:00.000Z,38.7\n',
    );
    const store = await loadStoreFromFiles({ installationsPath, samplesPath });
    const payload = await payloadOf(createMeasurementsService({ store }), 1001);
    expect(payload.current.values).toEqual([{ name: 'PM10', value: 40 }]);
    expect(payload.history[23]?.values).toEqual([{ name: 'PM10', value: 41.3 }]);
  });
});
