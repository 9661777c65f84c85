import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import { roundHalfUp2 } from '../../src/indexes/rounding.js';
import type { AveragedValues } from '../../src/model/api-types.js';
import { formatTimestamp } from '../../src/time/instant.js';
import { measurementWindows, type TimeWindow } from '../../src/time/windows.js';
import { measuredValueArb, requestTimeArb, samplesAround } from '../helpers/payload-arbitraries.js';
import { allWindows, payloadNumberProblems } from '../helpers/payload-checks.js';
import { FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';
import { installationPayload } from '../helpers/payload-installation.js';

// Properties of the installation payload over random samples; those of the point payload are
// in create-measurements-service.point-properties.test.ts.

const requestArb = fc.record({
  indexType: fc.constantFrom(...INDEX_TYPE_NAMES),
  language: fc.constantFrom('en' as const, 'pl' as const),
});

const bounds = (w: AveragedValues) => `${w.fromDateTime}/${w.tillDateTime}`;
const shown = (w: TimeWindow) => `${formatTimestamp(w.fromMs)}/${formatTimestamp(w.tillMs)}`;

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
