import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InverseDistanceWeights,
  interpolateAverages,
  type NeighbourHit,
} from '../../src/geo/index.js';

describe('InverseDistanceWeights', () => {
  it('weights by 1 / distance per type (the example) and takes coincident sensors alone', () => {
    const weights = InverseDistanceWeights.of([
      { id: 1, distanceKm: 0.5 },
      { id: 2, distanceKm: 1 },
    ]);
    expect(weights.interpolate([{ PM10: 10, PM25: 8 }, { PM10: 40 }])).toEqual({
      PM10: 20,
      PM25: 8,
    });
    const atSensor = InverseDistanceWeights.of([
      { id: 5, distanceKm: 0.3 },
      { id: 4, distanceKm: 0.0004 },
    ]);
    expect(atSensor.interpolate([{ PM10: 90, NO2: 3 }, { PM10: 7 }])).toEqual({ PM10: 7, NO2: 3 });
    expect(InverseDistanceWeights.of([]).interpolate([])).toEqual({});
  });

  it('gives the same numbers, to the bit, as interpolateAverages of the geo module', () => {
    const distance = fc.oneof(
      fc.double({ min: 0, max: 1.5, noNaN: true }),
      fc.double({ min: 0, max: 0.002, noNaN: true }),
      fc.constantFrom(0, 0.001, 0.5, 1),
    );
    const record = fc.dictionary(
      fc.constantFrom('PM25', 'PM10', 'NO2', 'TEMPERATURE'),
      fc.oneof(fc.double({ min: -50, max: 1000, noNaN: true }), fc.constantFrom(0, -0, 1e300)),
    );
    const neighbours = fc
      .uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 8 })
      .chain((ids) =>
        fc.tuple(
          fc.tuple(
            ...ids.map((id) => distance.map((distanceKm): NeighbourHit => ({ id, distanceKm }))),
          ),
          fc.array(fc.array(record, { minLength: ids.length, maxLength: ids.length }), {
            minLength: 1,
            maxLength: 4,
          }),
        ),
      );
    fc.assert(
      fc.property(neighbours, ([hits, windows]) => {
        const weights = InverseDistanceWeights.of(hits);
        for (const records of windows) {
          const ours = weights.interpolate(records);
          const theirs = interpolateAverages(hits, records);
          expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
          for (const type of Object.keys(theirs))
            expect(Object.is(ours[type], theirs[type])).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
