import { describe, expect, it } from 'vitest';
import { InverseDistanceWeights } from '../../src/geo/inverse-distance-weights.js';
import type { WindowAverages } from '../../src/model/window-averages.js';

// InverseDistanceWeights on worked examples (the properties against the direct IDW oracle and
// interpolateAverages: inverse-distance-weights-properties.test.ts).

describe('InverseDistanceWeights examples', () => {
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

  it('skips values that are not finite numbers, as if absent', () => {
    const weights = InverseDistanceWeights.of([
      { id: 1, distanceKm: 0.5 },
      { id: 2, distanceKm: 1 },
    ]);
    const dirty = [
      { PM10: Number.NaN, PM25: 8 },
      { PM10: 40, PM25: Number.POSITIVE_INFINITY },
    ];
    expect(weights.interpolate(dirty)).toEqual({ PM10: 40, PM25: 8 });
    expect(weights.interpolate([undefined, { PM10: 40 }])).toEqual({ PM10: 40 });
  });

  it('reports normalised weights by neighbour position (moved from interpolateInverseDistance)', () => {
    const weights = InverseDistanceWeights.of([
      { id: 2, distanceKm: 1 },
      { id: 1, distanceKm: 0.5 },
    ]);
    expect(weights.size).toBe(2);
    expect(weights.normalisedWeights()).toEqual(Float64Array.of(1 / 3, 2 / 3));
    expect(weights.normalisedWeights([true, false])).toEqual(Float64Array.of(1, 0));
    expect(weights.normalisedWeights([false, false])).toEqual(Float64Array.of(0, 0));
    expect(InverseDistanceWeights.of([]).normalisedWeights()).toEqual(new Float64Array(0));
  });

  it('gives sensors standing at the point equal shares and the others none', () => {
    const near = { id: 3, distanceKm: 0.3 };
    expect(InverseDistanceWeights.of([near, { id: 1, distanceKm: 0 }]).normalisedWeights()).toEqual(
      Float64Array.of(0, 1),
    );
    const two = InverseDistanceWeights.of([
      near,
      { id: 5, distanceKm: 0.0009 },
      { id: 4, distanceKm: 0.0002 },
    ]);
    expect(two.normalisedWeights()).toEqual(Float64Array.of(0, 0.5, 0.5));
    // Without the sensors at the point, the one left takes everything.
    expect(two.normalisedWeights([true, false, false])).toEqual(Float64Array.of(1, 0, 0));
  });

  it('keeps a type named __proto__ as a value of its own', () => {
    const record = JSON.parse('{"__proto__": 5}') as WindowAverages;
    const result = InverseDistanceWeights.of([{ id: 1, distanceKm: 1 }]).interpolate([record]);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(5);
  });
});
