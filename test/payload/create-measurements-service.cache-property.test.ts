import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { encodeJsonWithParts } from '../../src/payload/json-parts.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { CENTRE, NOW, smallNetwork } from '../helpers/payload-network.js';

const decoder = new TextDecoder();

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
