import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import type { Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { encodeJsonWithParts } from '../../src/payload/json-parts.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import type { TimeWindow } from '../../src/time/windows.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';

const NOW = Date.parse('2026-11-21T09:27:00.000Z');
const CENTRE = { latitude: 50.0614, longitude: 19.9366 };
const decoder = new TextDecoder();

/** Three installations within about 0.6 km of the centre; 2 is a third-party station. */
function smallNetwork(): InMemoryStore {
  return new InMemoryStore([
    fakeInstallation(1, CENTRE.latitude, CENTRE.longitude),
    fakeInstallation(2, CENTRE.latitude + 0.004, CENTRE.longitude, { vendor: false }),
    fakeInstallation(3, CENTRE.latitude, CENTRE.longitude + 0.006),
  ]);
}

/** Samples every 10 minutes over the 30 hours before `NOW`. */
function steady(installationId: number, name: string, value: number): Sample[] {
  const samples: Sample[] = [];
  for (let atMs = NOW - 30 * MS_PER_HOUR; atMs < NOW; atMs += 10 * MS_PER_MINUTE)
    samples.push({ installationId, name, atMs, value });
  return samples;
}

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

// Operations on one small store, replayed against a service with the cache and one without.
const sampleArb = fc.record({
  installationId: fc.constantFrom(1, 2, 3),
  name: fc.constantFrom('PM25', 'PM10', 'TEMPERATURE'),
  // From 30 hours before NOW (late data) to 2 hours after it, on whole minutes.
  atMs: fc.integer({ min: -30 * 60, max: 2 * 60 }).map((minute) => NOW + minute * MS_PER_MINUTE),
  value: fc.integer({ min: -500, max: 50_000 }).map((x) => x / 100),
});
const requestArb = fc.record({
  kind: fc.constantFrom('installation' as const, 'point' as const, 'nearest' as const),
  installationId: fc.constantFrom(1, 2, 3),
  offset: fc.record({
    dLat: fc.constantFrom(0, -0.003),
    dLng: fc.constantFrom(0.002, 0.03),
  }),
  // Around the 10:00 seam, so requests cross hours.
  nowMs: fc.integer({ min: -30, max: 120 }).map((minute) => NOW + minute * MS_PER_MINUTE),
  indexType: fc.constantFrom(...INDEX_TYPE_NAMES),
  language: fc.constantFrom('en' as const, 'pl' as const),
});
const operationArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('ask' as const), request: requestArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('ingest' as const),
      samples: fc.array(sampleArb, { minLength: 1, maxLength: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('prune' as const),
      hoursBack: fc.integer({ min: 2, max: 40 }),
    }),
  },
);

interface RequestShape {
  readonly kind: 'installation' | 'point' | 'nearest';
  readonly installationId: number;
  readonly offset: { readonly dLat: number; readonly dLng: number };
  readonly nowMs: number;
  readonly indexType: (typeof INDEX_TYPE_NAMES)[number];
  readonly language: 'en' | 'pl';
}

/** What a service answers to a request, and the payload inside the answer. */
async function answer(service: MeasurementsService, request: RequestShape) {
  const options = { now: request.nowMs, indexType: request.indexType, language: request.language };
  const latitude = CENTRE.latitude + request.offset.dLat;
  const longitude = CENTRE.longitude + request.offset.dLng;
  if (request.kind === 'installation') {
    const result = await service.installationMeasurements(request.installationId, options);
    return { result, payload: result.status === 'ok' ? result.payload : undefined };
  }
  if (request.kind === 'nearest') {
    const result = await service.nearestMeasurements(
      latitude,
      longitude,
      { maxDistanceKM: -1 },
      options,
    );
    return { result, payload: result.status === 'ok' ? result.payload : undefined };
  }
  const result = await service.pointMeasurements(latitude, longitude, options);
  return { result, payload: result.payload };
}

// Close to the 30 s default on the shared 2-core machine under load: a longer timeout, the same
// runs and assertions.
describe('the hourly cache: property', () => {
  it('gives the same payloads (and the same JSON bytes) as the service without a cache', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sampleArb, { maxLength: 40 }),
        fc.array(operationArb, { minLength: 1, maxLength: 10 }),
        async (initial, operations) => {
          const store = smallNetwork();
          store.ingest(initial);
          // Room for fewer entries than there are installations and points, so entries get evicted.
          const cached = createMeasurementsService({ store, cacheSize: 2 });
          const plain = createMeasurementsService({ store, cacheSize: 0 });
          for (const operation of operations) {
            if (operation.op === 'ingest') store.ingest(operation.samples);
            else if (operation.op === 'prune')
              store.pruneBefore(NOW - operation.hoursBack * MS_PER_HOUR);
            else {
              const withCache = await answer(cached, operation.request);
              const without = await answer(plain, operation.request);
              // The freshness horizon is a function of its own per answer; the rest is data.
              const { freshness: _a, ...cachedResult } = withCache.result as {
                freshness?: unknown;
              };
              const { freshness: _b, ...plainResult } = without.result as { freshness?: unknown };
              expect(cachedResult).toEqual(plainResult);
              expect(decoder.decode(encodeJsonWithParts(withCache.payload))).toBe(
                JSON.stringify(without.payload),
              );
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 90_000);
});

describe('the validity horizon in the typed result', () => {
  it('comes with each payload and says when a request would get another one', async () => {
    const memory = smallNetwork();
    memory.ingest([...steady(1, 'PM10', 40), ...steady(3, 'PM10', 20)]);
    const service = createMeasurementsService({ store: memory });
    const result = await service.installationMeasurements(1, { now: NOW });
    if (result.status !== 'ok' || result.freshness === undefined) {
      throw new Error('an installation of an in-memory store has a horizon');
    }
    const freshness = await result.freshness();
    expect(result.freshness()).toBe(result.freshness()); // worked out once
    expect(freshness.movingBounds).toBe(true);
    expect(freshness.validAt(NOW)).toBe(true);
    expect(freshness.validAt(NOW - 1)).toBe(false); // before the instant it was computed for
    expect(freshness.validAt(NOW + MS_PER_HOUR)).toBe(false); // the next hour
    const point = await service.pointMeasurements(CENTRE.latitude, CENTRE.longitude, { now: NOW });
    expect(point.freshness).toBeTypeOf('function');
    // New data for the installation: the horizon no longer holds.
    memory.ingest([{ installationId: 1, name: 'PM10', atMs: NOW - MS_PER_MINUTE, value: 900 }]);
    expect(freshness.validAt(NOW)).toBe(false);
  });

  it('is absent for a store that cannot bound it', async () => {
    const memory = smallNetwork();
    memory.ingest(steady(1, 'PM10', 40));
    // The same store without `dataVersion`: nothing tells when its data change.
    const store = new Proxy(memory, {
      get(target, name) {
        if (name === 'dataVersion') return undefined;
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as MeasurementStore;
    const result = await createMeasurementsService({ store }).installationMeasurements(1, {
      now: NOW,
    });
    expect(result.status).toBe('ok');
    expect(result.status === 'ok' && result.freshness).toBe(undefined);
  });
});
