import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  haversineKm,
  haversineTermToKm,
  kmToHaversineTerm,
  MAX_GREAT_CIRCLE_KM,
} from '../../src/geo/haversine.js';
import { latitudeArb, longitudeArb } from '../helpers/geo-arbitraries.js';
import { RUNS } from '../helpers/property-runs.js';

/** Vincenty's special case for the sphere: atan2 of cross and dot, well-conditioned everywhere. */
function vincentyKm(latitude1: number, longitude1: number, latitude2: number, longitude2: number) {
  const rad = Math.PI / 180;
  const phi1 = latitude1 * rad;
  const phi2 = latitude2 * rad;
  const deltaLambda = (longitude2 - longitude1) * rad;
  const y = Math.hypot(
    Math.cos(phi2) * Math.sin(deltaLambda),
    Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(deltaLambda),
  );
  const x =
    Math.sin(phi1) * Math.sin(phi2) + Math.cos(phi1) * Math.cos(phi2) * Math.cos(deltaLambda);
  return EARTH_RADIUS_KM * Math.atan2(y, x);
}

const pointArb = fc.tuple(latitudeArb, longitudeArb);

describe('haversineKm examples', () => {
  it('measures known distances on a 6371 km sphere', () => {
    expect(haversineKm(50.0614, 19.9366, 52.2297, 21.0122)).toBeCloseTo(252.5, 1); // Kraków – Warsaw
    expect(haversineKm(0, 0, 0, 1)).toBeCloseTo(111.195, 3); // one degree of the equator
    expect(haversineKm(90, 0, 0, 0)).toBeCloseTo(10_007.543, 3); // pole to equator
    expect(haversineKm(0, 0, 0, 180)).toBeCloseTo(MAX_GREAT_CIRCLE_KM, 6);
  });

  it('treats -180 and 180 as one meridian and a pole as one point', () => {
    expect(haversineKm(37.5, 180, 37.5, -180)).toBe(0);
    // cos(90°) is 6e-17 in floating point, not 0: a pole is one point to a nanometre.
    expect(haversineKm(90, -120, 90, 45)).toBeLessThan(1e-9);
    expect(haversineKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.239, 3);
  });

  it('throws naming the coordinate and its value', () => {
    expect(() => haversineKm(91, 0, 0, 0)).toThrow(
      new RangeError('haversineKm: latitude1 must be a finite number in [-90, 90], got 91'),
    );
    expect(() => haversineKm(0, -180.5, 0, 0)).toThrow(
      new RangeError('haversineKm: longitude1 must be a finite number in [-180, 180], got -180.5'),
    );
    expect(() => haversineKm(0, 0, 0, Number.NaN)).toThrow(
      new RangeError('haversineKm: longitude2 must be a finite number in [-180, 180], got NaN'),
    );
    expect(() => haversineKm(0, 0, '1' as unknown as number, 0)).toThrow(
      new TypeError('haversineKm: latitude2 must be a number, got "1"'),
    );
  });
});

describe('haversine terms', () => {
  // The term of a distance d is sin²(d / 2R): here from arcs of the equator, where d is
  // R · Δλ and the term is sin²(Δλ / 2), both written out without src/geo.
  it('turns km into the term of the same arc and back', () => {
    for (const degrees of [0, 1e-6, 0.5, 1, 45, 90, 179]) {
      const km = (EARTH_RADIUS_KM * degrees * Math.PI) / 180;
      const term = Math.sin((degrees * Math.PI) / 360) ** 2;
      expect(Math.abs(kmToHaversineTerm(km) - term)).toBeLessThanOrEqual(1e-15);
      expect(Math.abs(haversineTermToKm(term) - km)).toBeLessThanOrEqual(1e-9 * Math.max(1, km));
    }
  });

  it('reads every distance from half a great circle on as term 1, and a term above 1 as half a great circle', () => {
    for (const km of [MAX_GREAT_CIRCLE_KM, 20_016, 30_000, 1e9, Number.POSITIVE_INFINITY]) {
      expect(kmToHaversineTerm(km)).toBe(1);
    }
    const halfCircleKm = 6371 * Math.PI;
    expect(haversineTermToKm(1)).toBeCloseTo(halfCircleKm, 9);
    // Rounding can push a term just past 1 near antipodes: never NaN, never beyond half a circle.
    expect(haversineTermToKm(1 + 2 ** -52)).toBe(haversineTermToKm(1));
    expect(haversineTermToKm(1.5)).toBe(haversineTermToKm(1));
  });
});

describe('haversineKm properties', () => {
  it('agrees with an independent formula (to 0.2 m at antipodes, where haversine is ill-conditioned)', () => {
    fc.assert(
      fc.property(pointArb, pointArb, ([lat1, lng1], [lat2, lng2]) => {
        const expected = vincentyKm(lat1, lng1, lat2, lng2);
        const tolerance = expected < MAX_GREAT_CIRCLE_KM - 1 ? 1e-6 : 1e-3;
        expect(Math.abs(haversineKm(lat1, lng1, lat2, lng2) - expected)).toBeLessThanOrEqual(
          tolerance,
        );
      }),
      RUNS,
    );
  });

  it('is symmetric, zero on the diagonal, and within [0, half a great circle]', () => {
    fc.assert(
      fc.property(pointArb, pointArb, ([lat1, lng1], [lat2, lng2]) => {
        const distance = haversineKm(lat1, lng1, lat2, lng2);
        expect(distance).toBe(haversineKm(lat2, lng2, lat1, lng1));
        expect(distance).toBeGreaterThanOrEqual(0);
        expect(distance).toBeLessThanOrEqual(MAX_GREAT_CIRCLE_KM);
        expect(haversineKm(lat1, lng1, lat1, lng1)).toBe(0);
      }),
      RUNS,
    );
  });

  it('satisfies the triangle inequality', () => {
    fc.assert(
      fc.property(pointArb, pointArb, pointArb, ([lat1, lng1], [lat2, lng2], [lat3, lng3]) => {
        expect(haversineKm(lat1, lng1, lat3, lng3)).toBeLessThanOrEqual(
          haversineKm(lat1, lng1, lat2, lng2) + haversineKm(lat2, lng2, lat3, lng3) + 1e-3,
        );
      }),
      RUNS,
    );
  });
});
