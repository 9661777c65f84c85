import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capBounds } from '../../src/geo/cap-bounds.js';
import { MAX_GREAT_CIRCLE_KM } from '../../src/geo/haversine.js';
import { destination, latitudeArb, longitudeArb } from '../helpers/geo-arbitraries.js';
import { RUNS } from '../helpers/property-runs.js';

function boxesOf(latitude: number, longitude: number, radiusKm: number): number[][] {
  const out = new Float64Array(8);
  const count = capBounds(latitude, longitude, radiusKm, out);
  return Array.from({ length: count }, (_, i) => Array.from(out.subarray(i * 4, i * 4 + 4)));
}

function inside(boxes: number[][], latitude: number, longitude: number): boolean {
  return boxes.some(
    ([minLng, minLat, maxLng, maxLat]) =>
      longitude >= minLng! && longitude <= maxLng! && latitude >= minLat! && latitude <= maxLat!,
  );
}

const centreArb = fc.oneof(
  fc.tuple(latitudeArb, longitudeArb),
  fc.tuple(latitudeArb, fc.constantFrom(180, -180, 179.999, -179.999)),
  fc.tuple(
    fc.oneof(fc.double({ min: 88, max: 90, noNaN: true }), fc.constantFrom(-90, 90)),
    longitudeArb,
  ),
);

describe('capBounds examples', () => {
  it('gives one tight box away from the antimeridian and the poles', () => {
    const [box] = boxesOf(52, 19, 1.5);
    expect(box![1]).toBeCloseTo(52 - 1.5 / 111.195, 6);
    expect(box![3]).toBeCloseTo(52 + 1.5 / 111.195, 6);
    // The longitude half-width grows with 1 / cos(latitude).
    expect(box![2]! - 19).toBeCloseTo(1.5 / 111.195 / Math.cos((52 * Math.PI) / 180), 6);
  });

  it('splits in two across the antimeridian', () => {
    const boxes = boxesOf(0, 179.99, 5);
    expect(boxes).toHaveLength(2);
    expect(boxes[0]![2]).toBe(180);
    expect(boxes[1]![0]).toBe(-180);
    expect(boxes[1]![2]).toBeCloseTo(-179.965, 3);
  });

  it('spans every longitude when the cap holds a pole, or reaches 90° of longitude', () => {
    expect(boxesOf(89.99, 10, 5)).toEqual([[-180, expect.closeTo(89.945, 3), 180, 90]]);
    expect(boxesOf(-90, 0, 1)[0]).toEqual([-180, -90, 180, expect.closeTo(-89.991, 3)]);
    expect(boxesOf(0, 0, MAX_GREAT_CIRCLE_KM)).toEqual([[-180, -90, 180, 90]]);
    expect(boxesOf(60, 0, 9000)[0]![0]).toBe(-180);
  });

  it('spans every longitude when sin(radius) / cos(latitude) rounds to 1 without a pole inside', () => {
    // 5e-9 rad short of a quarter circle: the cap reaches neither pole, but sin of the angle
    // rounds to exactly 1, so its longitude extent is the full ±90° and more.
    const radiusKm = 6371 * (Math.PI / 2 - 5e-9);
    const [box, ...rest] = boxesOf(0, 0, radiusKm);
    expect(rest).toEqual([]);
    expect(box![0]).toBe(-180);
    expect(box![2]).toBe(180);
    expect(box![1]).toBeGreaterThan(-90);
    expect(box![3]).toBeLessThan(90);
    for (const [latitude, longitude] of [
      [0, 89.99999],
      [0, -89.99999],
      [45, 80],
      [-60, -30],
      [89.9999, 0],
    ] as const) {
      expect(inside([box!], latitude, longitude)).toBe(true);
    }
  });
});

describe('capBounds properties', () => {
  it('contains every point of the cap, across ±180° and near the poles', () => {
    fc.assert(
      fc.property(
        centreArb,
        fc.oneof(
          fc.double({ min: 0, max: 5, noNaN: true }),
          fc.double({ min: 0, max: 25_000, noNaN: true }),
        ),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ([latitude, longitude], radiusKm, bearing, fraction) => {
          const target = destination(latitude, longitude, bearing, fraction * radiusKm);
          const boxes = boxesOf(latitude, longitude, radiusKm);
          expect(inside(boxes, target.latitude, target.longitude)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
