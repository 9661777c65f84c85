import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { formatTimestamp, MS_PER_HOUR } from '../../src/time/instant.js';
import { measurementWindows } from '../../src/time/windows.js';
import { allWindows, isNoDataWindow, payloadNumberProblems } from '../helpers/payload-checks.js';
import { FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';
import { NOW, network, payloadOf, steadySamples } from '../helpers/payload-network.js';

// installationMeasurements on the network of test/helpers/payload-network.ts: the windows of
// vendor and third-party installations, successors, index type, language and WHO edition.
// The queries by location, the ports (forecaster, store) and the argument checks have files of
// their own (create-measurements-service.*.test.ts).

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
