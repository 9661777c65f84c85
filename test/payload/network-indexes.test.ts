import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { NetworkBox } from '../../src/payload/measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';
import { NOW, network, payloadOf } from '../helpers/payload-network.js';
import { FULL_PROPERTY_RUNS } from '../helpers/property-runs.js';

// The service's network answer: which installations it holds (active ones, inside the box,
// by id) against a brute-force filter, the index of each against the installation's own
// payload, and the argument checks.

// Inside the box, edges included, by walking east from the west edge: the box spans
// `maxLng − minLng` degrees east of `minLng` (360 more when it crosses the antimeridian).
function insideByWalkingEast(box: NetworkBox, latitude: number, longitude: number): boolean {
  if (latitude < box.minLat || latitude > box.maxLat) return false;
  const span = box.maxLng - box.minLng + (box.maxLng < box.minLng ? 360 : 0);
  const reached = (lng: number) => lng - box.minLng + (lng < box.minLng ? 360 : 0) <= span;
  // −180 and 180 name one meridian: a point on it is reached under either name.
  return reached(longitude) || (Math.abs(longitude) === 180 && reached(-longitude));
}

// Quarter degrees: the oracle's sums are then exact, and many points share an edge's value.
const latitude = fc.integer({ min: -360, max: 360 }).map((quarters) => quarters / 4);
const longitude = fc.integer({ min: -720, max: 720 }).map((quarters) => quarters / 4);
const box: fc.Arbitrary<NetworkBox> = fc
  .record({ a: latitude, b: latitude, minLng: longitude, maxLng: longitude })
  .map(({ a, b, minLng, maxLng }) => ({
    minLat: Math.min(a, b),
    maxLat: Math.max(a, b),
    minLng,
    maxLng,
  }));

describe('MeasurementsService.networkIndexes', () => {
  it('holds the active installations by id, each with the index of its own payload', async () => {
    const { service } = network();
    for (const indexType of ['VENDOR_CAQI', 'US_AQI'] as const) {
      for (const language of ['en', 'pl'] as const) {
        const { payload } = await service.networkIndexes!({ now: NOW, indexType, language });
        expect(payload.indexType).toBe(indexType);
        // 3 and 4 were replaced, 6 removed.
        expect(payload.installations.map((installation) => installation.id)).toEqual([1, 2, 5, 7]);
        for (const installation of payload.installations) {
          const own = await payloadOf(service, installation.id, { indexType, language });
          const { advice, dominantPollutant, subIndexes, ...index } = own.current.indexes[0]!;
          expect(installation.index).toEqual(index);
        }
        // 7 has no samples at all: the no-data index.
        expect(payload.installations[3]?.index).toMatchObject({ value: null, level: 'UNKNOWN' });
      }
    }
  });

  it('gives a third-party station the index of its own payload, whichever of its last hours hold values', async () => {
    // Hourly values that differ from hour to hour over the 50 hours before NOW, with any of the
    // last five hours empty: a network index read from the wrong hours would differ.
    const hourStartMs = Math.floor(NOW / MS_PER_HOUR) * MS_PER_HOUR;
    const hourValues = fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 50, maxLength: 50 });
    const emptyHours = fc.array(fc.boolean(), { minLength: 5, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(
        hourValues,
        emptyHours,
        fc.constantFrom(...INDEX_TYPE_NAMES),
        fc.constantFrom('PM10', 'PM25', 'NO2', 'O3'),
        async (values, empty, indexType, name) => {
          const store = new InMemoryStore([fakeInstallation(1, 50, 19.9, { vendor: false })]);
          store.ingest(
            values.flatMap((value, age) =>
              age < empty.length && empty[age]
                ? []
                : [{ installationId: 1, name, atMs: hourStartMs - (age + 1) * MS_PER_HOUR, value }],
            ),
          );
          const service = createMeasurementsService({ store });
          const { payload } = await service.networkIndexes!({ now: NOW, indexType });
          const own = await payloadOf(service, 1, { indexType });
          const { advice, dominantPollutant, subIndexes, ...index } = own.current.indexes[0]!;
          expect(payload.installations[0]?.index).toEqual(index);
        },
      ),
      { numRuns: FULL_PROPERTY_RUNS },
    );
  });

  it('keeps exactly the installations a brute-force filter keeps, antimeridian included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ latitude, longitude }), { maxLength: 12 }),
        box,
        fc.boolean(),
        async (points, query, onEdge) => {
          // Some installations right on the box's edges and corners.
          const placed = onEdge
            ? [
                ...points,
                { latitude: query.minLat, longitude: query.minLng },
                { latitude: query.maxLat, longitude: query.maxLng },
              ]
            : points;
          // Ids in reverse placement order: the answer must sort them.
          const installations = placed.map((point, i) =>
            fakeInstallation(placed.length - i, point.latitude, point.longitude),
          );
          const service = createMeasurementsService({ store: new InMemoryStore(installations) });
          const { payload } = await service.networkIndexes!({ now: NOW, box: query });
          const expected = installations
            .filter((installation) =>
              insideByWalkingEast(
                query,
                installation.location.latitude,
                installation.location.longitude,
              ),
            )
            .map((installation) => installation.id)
            .sort((a, b) => a - b);
          expect(payload.installations.map((installation) => installation.id)).toEqual(expected);
          const all = await service.networkIndexes!({ now: NOW });
          expect(all.payload.installations.map((installation) => installation.id)).toEqual(
            installations.map((installation) => installation.id).sort((a, b) => a - b),
          );
        },
      ),
      { numRuns: FULL_PROPERTY_RUNS },
    );
  });

  it('gives the same answers without any cache, and a new one when a sample arrives', async () => {
    const installations = [fakeInstallation(1, 50, 19.9), fakeInstallation(2, 50.1, 20)];
    const store = new InMemoryStore(installations);
    store.ingest([{ installationId: 1, name: 'PM10', atMs: NOW - 5 * MS_PER_MINUTE, value: 30 }]);
    const cached = createMeasurementsService({ store });
    const uncached = createMeasurementsService({ store, cacheSize: 0 });
    const first = await cached.networkIndexes!({ now: NOW });
    expect(first.payload).toEqual((await uncached.networkIndexes!({ now: NOW })).payload);
    const horizon = await first.freshness!();
    expect(horizon.validAt(NOW + 1000)).toBe(true);
    store.ingest([{ installationId: 2, name: 'PM10', atMs: NOW - 4 * MS_PER_MINUTE, value: 300 }]);
    expect(horizon.validAt(NOW + 1000)).toBe(false);
    const second = await cached.networkIndexes!({ now: NOW + 1000 });
    expect(second.payload).toEqual((await uncached.networkIndexes!({ now: NOW + 1000 })).payload);
    expect(second.payload.installations[1]?.index.value).not.toBeNull();
    // A store that cannot bound a payload's validity gives no horizon.
    const { service } = network();
    expect((await service.networkIndexes!({ now: NOW })).freshness).toBeUndefined();
  });

  it('names the method, the parameter and the value of a bad argument', async () => {
    const { service } = network();
    const call = (options: object) => service.networkIndexes!({ now: NOW, ...options });
    await expect(call({ indexType: 'AQI' })).rejects.toThrow(
      /^MeasurementsService\.networkIndexes: options\.indexType must be one of /,
    );
    await expect(call({ box: { minLat: 91, minLng: 0, maxLat: 0, maxLng: 0 } })).rejects.toThrow(
      new RangeError(
        'MeasurementsService.networkIndexes: box.minLat must be a finite number in [-90, 90], got 91',
      ),
    );
    await expect(call({ box: { minLat: 0, minLng: 0, maxLat: 0, maxLng: '1' } })).rejects.toThrow(
      TypeError,
    );
    await expect(call({ box: { minLat: 2, minLng: 0, maxLat: 1, maxLng: 0 } })).rejects.toThrow(
      new RangeError(
        'MeasurementsService.networkIndexes: box.minLat must be at most box.maxLat (1), got 2',
      ),
    );
    await expect(call({ box: null })).rejects.toThrow(/networkIndexes: box must be/);
  });
});
