import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../src/geo/haversine.js';
import { INTERPOLATION_RADIUS_KM } from '../../src/geo/interpolate-averages.js';
import type { Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import { measurementNameArb, requestTimeArb } from '../helpers/payload-arbitraries.js';
import { payloadNumberProblems } from '../helpers/payload-checks.js';
import { type FakeSample, FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';
import { installationPayload } from '../helpers/payload-installation.js';

// Properties of the point payload over random installations around a centre, against the
// installations' own payloads (test/helpers/payload-installation.ts).

describe('point payload: properties', () => {
  // Up to 5 installations within about 2 km of a centre and a query point near it, so that
  // some installations are in the 1.5 km radius and some are not.
  const CENTRE = { latitude: 50.06, longitude: 19.94 };
  const offsetArb = fc.record({
    dLat: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
    dLng: fc.double({ min: -0.03, max: 0.03, noNaN: true }),
  });
  const networkArb = requestTimeArb.chain((now) =>
    fc.tuple(
      fc.constant(now),
      fc.array(
        fc.record({
          offset: offsetArb,
          vendor: fc.boolean(),
          samples: fc.array(
            fc.record({
              offsetMs: fc.integer({ min: -50 * MS_PER_HOUR, max: 0 }),
              name: measurementNameArb,
              value: fc.double({ min: -5, max: 800, noNaN: true }),
            }),
            { maxLength: 40 },
          ),
        }),
        { maxLength: 5 },
      ),
      offsetArb,
    ),
  );

  it('values lie between the contributing installations’ values; weights sum to 1; no NaN', async () => {
    await fc.assert(
      fc.asyncProperty(networkArb, async ([now, installations, pointOffset]) => {
        const samples: FakeSample[] = [];
        const store = new FakeStore(
          installations.map((inst, i) =>
            fakeInstallation(
              i + 1,
              CENTRE.latitude + inst.offset.dLat,
              CENTRE.longitude + inst.offset.dLng,
              {
                vendor: inst.vendor,
              },
            ),
          ),
        );
        installations.forEach((inst, i) => {
          for (const s of inst.samples) {
            samples.push({
              installationId: i + 1,
              name: s.name,
              atMs: now + s.offsetMs,
              value: s.value,
            });
          }
        });
        store.addSamples(samples);
        const latitude = CENTRE.latitude + pointOffset.dLat;
        const longitude = CENTRE.longitude + pointOffset.dLng;
        const service = createMeasurementsService({ store });
        const { payload: point } = await service.pointMeasurements(latitude, longitude, { now });
        expect(payloadNumberProblems(point)).toEqual([]);

        // Oracle: the installations in range by a brute-force distance scan, and their own payloads.
        const inRange = installations
          .map((inst, i) => ({
            id: i + 1,
            km: haversineKm(
              latitude,
              longitude,
              CENTRE.latitude + inst.offset.dLat,
              CENTRE.longitude + inst.offset.dLng,
            ),
          }))
          .filter((x) => x.km <= INTERPOLATION_RADIUS_KM);
        const own = await Promise.all(
          inRange.map((x) => installationPayload(store, x.id, { now })),
        );
        const contributors = point.interpolation.contributors;
        const withCurrent = inRange
          .filter((_, k) => own[k]!.current.values.length > 0)
          .map((x) => x.id);
        expect(contributors.map((c) => c.installationId).sort()).toEqual(withCurrent.sort());
        if (contributors.length > 0) {
          expect(contributors.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 9);
        }
        const pick = (m: Measurements, part: 'history' | 'forecast' | 'current', i: number) =>
          part === 'current' ? m.current : m[part][i]!;
        for (const part of ['current', 'history', 'forecast'] as const) {
          const count = part === 'current' ? 1 : 24;
          for (let i = 0; i < count; i++) {
            const names = new Set(own.flatMap((m) => pick(m, part, i).values.map((v) => v.name)));
            expect(new Set(pick(point, part, i).values.map((v) => v.name))).toEqual(names);
            for (const value of pick(point, part, i).values) {
              const sources = own.flatMap((m) =>
                pick(m, part, i).values.filter((v) => v.name === value.name),
              );
              const values = sources.map((v) => v.value);
              expect(value.value).toBeGreaterThanOrEqual(Math.min(...values));
              expect(value.value).toBeLessThanOrEqual(Math.max(...values));
            }
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
