import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import { haversineKm } from '../../src/geo/haversine.js';
import { INTERPOLATION_RADIUS_KM } from '../../src/geo/interpolate-averages.js';
import { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import { roundHalfUp2 } from '../../src/indexes/rounding.js';
import type { AveragedValues, Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { formatTimestamp, MS_PER_HOUR } from '../../src/time/instant.js';
import { measurementWindows, type TimeWindow } from '../../src/time/windows.js';
import {
  measuredValueArb,
  measurementNameArb,
  requestTimeArb,
  samplesAround,
} from '../helpers/payload-arbitraries.js';
import { allWindows, payloadNumberProblems } from '../helpers/payload-checks.js';
import { type FakeSample, FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';

const requestArb = fc.record({
  indexType: fc.constantFrom(...INDEX_TYPE_NAMES),
  language: fc.constantFrom('en' as const, 'pl' as const),
});

const bounds = (w: AveragedValues) => `${w.fromDateTime}/${w.tillDateTime}`;
const shown = (w: TimeWindow) => `${formatTimestamp(w.fromMs)}/${formatTimestamp(w.tillMs)}`;

async function installationPayload(
  store: FakeStore,
  id: number,
  options: {
    now: number;
    indexType?: (typeof INDEX_TYPE_NAMES)[number];
    language?: 'en' | 'pl';
  },
  forecaster?: Forecaster,
): Promise<Measurements> {
  const service = createMeasurementsService(forecaster ? { store, forecaster } : { store });
  const result = await service.installationMeasurements(id, options);
  if (result.status !== 'ok') throw new Error(`installation ${id}: ${result.status}`);
  return result.payload;
}

describe('installation payload: properties', () => {
  it('always 1 + 24 + 24 elements with the bounds of measurementWindows, one index of the requested type', async () => {
    await fc.assert(
      fc.asyncProperty(
        requestTimeArb.chain((now) =>
          fc.tuple(fc.constant(now), samplesAround(now, 1), fc.boolean(), requestArb),
        ),
        async ([now, samples, vendor, request]) => {
          const store = new FakeStore([fakeInstallation(1, 50, 20, { vendor })], samples);
          const payload = await installationPayload(store, 1, { now, ...request });
          const windows = measurementWindows(now);
          expect(payload.history.map(bounds)).toEqual(windows.history.map(shown));
          expect(payload.forecast.map(bounds)).toEqual(windows.forecast.map(shown));
          const currentChoices = vendor
            ? [windows.current]
            : [windows.current, ...windows.history.slice(21)];
          expect(currentChoices.map(shown)).toContain(bounds(payload.current));
          const indexNames = allWindows(payload).map((w) =>
            w.indexes.map((index) => index.name).join(),
          );
          expect(indexNames).toEqual(Array(49).fill(request.indexType));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('samples that all have the value v give v (rounded) in every window that has samples', async () => {
    await fc.assert(
      fc.asyncProperty(
        requestTimeArb.chain((now) =>
          fc.tuple(fc.constant(now), samplesAround(now, 1), measuredValueArb),
        ),
        async ([now, raw, v]) => {
          const samples = raw.map((s) => ({ ...s, value: v }));
          const store = new FakeStore([fakeInstallation(1, 50, 20)], samples);
          const payload = await installationPayload(store, 1, { now });
          const windows = measurementWindows(now);
          const observed: [AveragedValues, TimeWindow][] = [
            [payload.current, windows.current],
            ...payload.history.map((w, i): [AveragedValues, TimeWindow] => [
              w,
              windows.history[i]!,
            ]),
          ];
          for (const [w, window] of observed) {
            // Oracle: the types with a sample inside the window, by a direct scan.
            const names = new Set(
              samples
                .filter((s) => s.atMs >= window.fromMs && s.atMs < window.tillMs)
                .map((s) => s.name),
            );
            expect(new Set(w.values.map((x) => x.name))).toEqual(names);
            for (const value of w.values) expect(value.value).toBe(roundHalfUp2(v));
          }
          // A flat history is forecast flat (and never below zero).
          for (const w of payload.forecast) {
            for (const value of w.values) expect(value.value).toBe(roundHalfUp2(Math.max(v, 0)));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never holds NaN, Infinity or null where a number belongs, even from a store that leaks NaN', async () => {
    const leakArb = fc.array(
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308),
      {
        maxLength: 30,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        requestTimeArb.chain((now) =>
          fc.tuple(fc.constant(now), samplesAround(now, 1), fc.boolean(), requestArb, leakArb),
        ),
        async ([now, samples, vendor, request, leaks]) => {
          const store = new FakeStore([fakeInstallation(1, 50, 20, { vendor })], samples);
          const honest = store.windowAverages.bind(store);
          store.windowAverages = async (id, windows) => {
            const records = await honest(id, windows);
            return records.map((r, i) => (i < leaks.length ? { ...r, PM10: leaks[i]! } : r));
          };
          const payload = await installationPayload(store, 1, { now, ...request });
          expect(payloadNumberProblems(payload)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('forecast values are never negative and carry only PM25 / PM10, whatever the forecaster returns', async () => {
    const anyNumber = fc.oneof(fc.double(), fc.constantFrom(-0, -1e-9, Number.NaN));
    const hourArb = fc.option(
      fc.record({ PM25: anyNumber, PM10: anyNumber, NO2: anyNumber }, { requiredKeys: [] }),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        requestTimeArb.chain((now) =>
          fc.tuple(
            fc.constant(now),
            samplesAround(now, 1, 20),
            fc.array(hourArb, { minLength: 24, maxLength: 24 }),
          ),
        ),
        async ([now, samples, hours]) => {
          const forecaster: Forecaster = { historyHours: 24, forecast: () => hours };
          const store = new FakeStore([fakeInstallation(1, 50, 20)], samples);
          const payload = await installationPayload(store, 1, { now }, forecaster);
          const bad = payload.forecast.flatMap((w) =>
            w.values.filter(
              (value) =>
                !(value.name === 'PM25' || value.name === 'PM10') ||
                !(value.value >= 0 && Number.isFinite(value.value)),
            ),
          );
          expect(bad).toEqual([]);
          expect(payloadNumberProblems(payload)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

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
