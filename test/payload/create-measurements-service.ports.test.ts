import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { loadStoreFromFiles } from '../../src/store/load-store.js';
import { payloadNumberProblems } from '../helpers/payload-checks.js';
import { FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';
import {
  hourlySamples,
  NOW,
  network,
  payloadOf,
  steadySamples,
} from '../helpers/payload-network.js';

// The measurements service's ports: what it asks of a forecaster and checks in its answer, what
// it does with a store that misbehaves, and the same payloads from the real stores (InMemoryStore,
// loadStoreFromFiles) as from the fake one.

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
    try {
      const store = await loadStoreFromFiles({ installationsPath, samplesPath });
      const payload = await payloadOf(createMeasurementsService({ store }), 1001);
      expect(payload.current.values).toEqual([{ name: 'PM10', value: 40 }]);
      expect(payload.history[23]?.values).toEqual([{ name: 'PM10', value: 41.3 }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
