import { describe, expect, it } from 'vitest';
import type { Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { encodeJsonWithParts } from '../../src/payload/json-parts.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import type { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import type { TimeWindow } from '../../src/time/windows.js';
import { CENTRE, NOW, smallNetwork, steady } from '../helpers/payload-network.js';

// The hourly cache of the measurements service on worked examples: what it reads from the
// store, when new data or a new hour make it compute again, and its JSON. The property against
// a service without a cache is in create-measurements-service.cache-property.test.ts.

const decoder = new TextDecoder();

/** The store, recording which windows each `windowAverages` call asks for. */
function recorded(store: InMemoryStore): { store: MeasurementStore; calls: TimeWindow[][] } {
  const calls: TimeWindow[][] = [];
  return {
    calls,
    store: {
      get installationsVersion() {
        return store.installationsVersion;
      },
      findInstallation: (id) => store.findInstallation(id),
      listActiveInstallations: () => store.listActiveInstallations(),
      dataVersion: (id, beforeMs) => store.dataVersion(id, beforeMs),
      windowAverages(id, windows) {
        calls.push([...windows]);
        return store.windowAverages(id, windows);
      },
    },
  };
}

async function installationPayload(
  service: MeasurementsService,
  id: number,
  now = NOW,
): Promise<Measurements> {
  const result = await service.installationMeasurements(id, { now });
  if (result.status !== 'ok') throw new Error(`installation ${id}: ${result.status}`);
  return result.payload;
}

describe('the hourly cache of the measurements service', () => {
  it('reads only the moving hour for a vendor installation, and nothing for a third-party one, within the hour', async () => {
    const memory = smallNetwork();
    memory.ingest([...steady(1, 'PM10', 40), ...steady(2, 'PM10', 70)]);
    const { store, calls } = recorded(memory);
    const service = createMeasurementsService({ store });
    const first = await installationPayload(service, 1);
    expect(calls.map((windows) => windows.length)).toEqual([25]);
    const again = await installationPayload(service, 1, NOW + 5 * MS_PER_MINUTE);
    expect(calls.map((windows) => windows.length)).toEqual([25, 1]);
    expect(again.history).toBe(first.history); // shared, frozen
    expect(Object.isFrozen(again.history[0]?.values)).toBe(true);
    expect(again.current.tillDateTime).toBe('2026-11-21T09:32:00.000Z');
    await installationPayload(service, 2);
    await installationPayload(service, 2);
    expect(calls.map((windows) => windows.length)).toEqual([25, 1, 25]);
    // The next hour starts afresh.
    await installationPayload(service, 1, NOW + MS_PER_HOUR);
    expect(calls.at(-1)).toHaveLength(25);
  });

  it('a national index reads the 23 older clock hours once per hour, and the 24 hours up to now per request', async () => {
    const memory = smallNetwork();
    memory.ingest([...steady(1, 'PM25', 12), ...steady(2, 'PM25', 30)]);
    const { store, calls } = recorded(memory);
    const service = createMeasurementsService({ store });
    const plain = createMeasurementsService({ store: memory, cacheSize: 0 });
    const ask = async (
      s: MeasurementsService,
      id: number,
      indexType: 'US_AQI' | 'CAQI',
      now = NOW,
    ) => {
      const result = await s.installationMeasurements(id, { now, indexType });
      if (result.status !== 'ok') throw new Error(`installation ${id}: ${result.status}`);
      return result.payload;
    };
    // Own installation: 24 hours up to now, 23 older clock hours, 24 history hours, in one call.
    const first = await ask(service, 1, 'US_AQI');
    expect(calls.map((windows) => windows.length)).toEqual([71]);
    expect(calls[0]![0]).toEqual({
      fromMs: NOW - 24 * MS_PER_HOUR,
      tillMs: NOW - 23 * MS_PER_HOUR,
    });
    expect(calls[0]![24]).toEqual({
      fromMs: Date.parse('2026-11-19T10:00:00.000Z'),
      tillMs: Date.parse('2026-11-19T11:00:00.000Z'),
    });
    // Within the hour: only the 24 hours up to now; the history is shared.
    const again = await ask(service, 1, 'US_AQI', NOW + 5 * MS_PER_MINUTE);
    expect(calls.map((windows) => windows.length)).toEqual([71, 24]);
    expect(again.history).toBe(first.history);
    expect(again).toEqual(await ask(plain, 1, 'US_AQI', NOW + 5 * MS_PER_MINUTE));
    // A grid index on the same part reads only the moving hour, as before.
    await ask(service, 1, 'CAQI', NOW + 6 * MS_PER_MINUTE);
    expect(calls.at(-1)).toHaveLength(1);
    // Third party: a grid request makes the part, the first national one adds the older hours,
    // later ones read nothing (its current is one of its history hours).
    await ask(service, 2, 'CAQI');
    const third = await ask(service, 2, 'US_AQI');
    await ask(service, 2, 'US_AQI', NOW + 7 * MS_PER_MINUTE);
    expect(calls.slice(3).map((windows) => windows.length)).toEqual([25, 23]);
    expect(third).toEqual(await ask(plain, 2, 'US_AQI'));
    expect(third.current.indexes).toEqual(third.history[23]!.indexes);
  });

  it('a late sample for a past hour changes the next payload; one for the hour in progress keeps the cache', async () => {
    const memory = smallNetwork();
    memory.ingest(steady(1, 'PM10', 40));
    const { store, calls } = recorded(memory);
    const service = createMeasurementsService({ store });
    const plain = createMeasurementsService({ store: memory, cacheSize: 0 });
    const before = await installationPayload(service, 1);
    expect(before.history[23]?.values).toEqual([{ name: 'PM10', value: 40 }]);

    memory.ingest([{ installationId: 1, name: 'PM10', atMs: NOW + 60_000, value: 400 }]);
    const inHour = await installationPayload(service, 1, NOW + 2 * MS_PER_MINUTE);
    expect(calls.map((windows) => windows.length)).toEqual([25, 1]);
    expect(inHour).toEqual(await installationPayload(plain, 1, NOW + 2 * MS_PER_MINUTE));

    // Third-party data is typically one or two hours late: 08:30 arrives at 09:29.
    memory.ingest([
      { installationId: 1, name: 'PM10', atMs: NOW - 57 * MS_PER_MINUTE, value: 160 },
    ]);
    const after = await installationPayload(service, 1, NOW + 2 * MS_PER_MINUTE);
    expect(calls.at(-1)).toHaveLength(25);
    expect(after.history[23]?.values).not.toEqual(before.history[23]?.values);
    expect(after.forecast).not.toEqual(before.forecast);
    expect(after).toEqual(await installationPayload(plain, 1, NOW + 2 * MS_PER_MINUTE));
  });

  it('a late sample of a neighbour changes the next point payload', async () => {
    const memory = smallNetwork();
    memory.ingest([...steady(1, 'PM10', 40), ...steady(3, 'PM10', 20)]);
    const service = createMeasurementsService({ store: memory });
    const plain = createMeasurementsService({ store: memory, cacheSize: 0 });
    const ask = async (s: MeasurementsService) =>
      (await s.pointMeasurements(CENTRE.latitude, CENTRE.longitude + 0.002, { now: NOW })).payload;
    const before = await ask(service);
    expect(await ask(service)).toEqual(before);
    memory.ingest([{ installationId: 3, name: 'PM10', atMs: NOW - 3 * MS_PER_HOUR, value: 900 }]);
    const after = await ask(service);
    expect(after.history[21]).not.toEqual(before.history[21]); // 06:00–07:00
    expect(after).toEqual(await ask(plain));
  });

  it('renews the interpolation note of a cached point when a neighbour’s moving hour empties', async () => {
    const memory = smallNetwork();
    memory.ingest(steady(1, 'PM10', 40));
    // Installation 3 reports only from 08:30 to 08:50.
    memory.ingest(
      [30, 40, 50].map((minute) => ({
        installationId: 3,
        name: 'PM10',
        atMs: NOW - 57 * MS_PER_MINUTE + (minute - 30) * MS_PER_MINUTE,
        value: 20,
      })),
    );
    const service = createMeasurementsService({ store: memory });
    const plain = createMeasurementsService({ store: memory, cacheSize: 0 });
    const ask = async (s: MeasurementsService, now: number) =>
      (await s.pointMeasurements(CENTRE.latitude, CENTRE.longitude + 0.002, { now })).payload;
    const contributors = async (now: number) =>
      (await ask(service, now)).interpolation.contributors.map((c) => c.installationId);
    expect(await contributors(NOW)).toEqual([1, 3]);
    expect(await contributors(NOW + 28 * MS_PER_MINUTE)).toEqual([1]); // 08:55–09:55
    expect(await contributors(NOW)).toEqual([1, 3]);
    expect(await ask(service, NOW + 28 * MS_PER_MINUTE)).toEqual(
      await ask(plain, NOW + 28 * MS_PER_MINUTE),
    );
  });

  it('serialises a cached payload byte for byte as JSON.stringify', async () => {
    const memory = smallNetwork();
    memory.ingest([...steady(1, 'PM25', 12.345), ...steady(3, 'TEMPERATURE', -3.5)]);
    const service = createMeasurementsService({ store: memory });
    for (let round = 0; round < 2; round++) {
      const payload = await installationPayload(service, 1);
      expect(decoder.decode(encodeJsonWithParts(payload))).toBe(JSON.stringify(payload));
      const { payload: point } = await service.pointMeasurements(
        CENTRE.latitude,
        CENTRE.longitude,
        {
          now: NOW,
          language: 'pl',
        },
      );
      expect(decoder.decode(encodeJsonWithParts(point))).toBe(JSON.stringify(point));
    }
  });

  it('refuses a store whose dataVersion or refresh is not a function, a dataVersion that returns no number, and a bad cacheSize', async () => {
    const memory = smallNetwork();
    const broken = { ...recorded(memory).store, dataVersion: 7 } as never;
    expect(() => createMeasurementsService({ store: broken })).toThrow(
      'createMeasurementsService: options.store.dataVersion must be a function when present, got 7',
    );
    const noRefresh = { ...recorded(memory).store, refresh: 'now' } as never;
    expect(() => createMeasurementsService({ store: noRefresh })).toThrow(
      new TypeError(
        'createMeasurementsService: options.store.refresh must be a function when present, got "now"',
      ),
    );
    for (const cacheSize of [-1, 1.5, Number.NaN]) {
      expect(() => createMeasurementsService({ store: memory, cacheSize })).toThrow(RangeError);
    }
    const { store } = recorded(memory);
    const lying = { ...store, dataVersion: () => 'v1' as never };
    await expect(
      createMeasurementsService({ store: lying }).installationMeasurements(1, { now: NOW }),
    ).rejects.toThrow(
      'MeasurementStore.dataVersion: must return a number for installation 1, got "v1"',
    );
  });
});
