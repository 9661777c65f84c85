import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNetworkBox, inNetworkBox } from '../../src/payload/network-box.js';
import { FULL_PROPERTY_RUNS } from '../helpers/property-runs.js';

// The box of a network request: worked examples at the edges and across the antimeridian, a
// property against a membership written as a walk east, and the argument checks.

const KRAKOW = { minLat: 49.9, minLng: 19.8, maxLat: 50.2, maxLng: 20.1 };
const FIJI = { minLat: -20, minLng: 175, maxLat: -15, maxLng: -178 };

// Inside when the point lies no further east of the west edge than the east edge does.
function walkEast(box: typeof KRAKOW, latitude: number, longitude: number): boolean {
  if (!(latitude >= box.minLat && latitude <= box.maxLat)) return false;
  const eastOf = (lng: number) => (lng >= box.minLng ? lng - box.minLng : lng - box.minLng + 360);
  // −180 and 180 name one meridian: a point on it is inside under either name.
  const names = Math.abs(longitude) === 180 ? [longitude, -longitude] : [longitude];
  return names.some((lng) => eastOf(lng) <= eastOf(box.maxLng));
}

describe('inNetworkBox', () => {
  it('includes the edges and corners', () => {
    expect(inNetworkBox(KRAKOW, 49.9, 19.8)).toBe(true);
    expect(inNetworkBox(KRAKOW, 50.2, 20.1)).toBe(true);
    expect(inNetworkBox(KRAKOW, 50.0614, 19.9366)).toBe(true);
    expect(inNetworkBox(KRAKOW, 50.21, 20)).toBe(false);
    expect(inNetworkBox(KRAKOW, 50, 20.11)).toBe(false);
  });

  it('crosses the antimeridian when minLng is above maxLng', () => {
    expect(inNetworkBox(FIJI, -18, 178.4)).toBe(true);
    expect(inNetworkBox(FIJI, -18, 180)).toBe(true);
    expect(inNetworkBox(FIJI, -18, -180)).toBe(true);
    expect(inNetworkBox(FIJI, -18, -178)).toBe(true);
    expect(inNetworkBox(FIJI, -18, -177.9)).toBe(false);
    expect(inNetworkBox(FIJI, -18, 0)).toBe(false);
    expect(inNetworkBox(FIJI, -21, 178.4)).toBe(false);
  });

  it('takes −180 and 180 as one meridian, from either side', () => {
    const east = { minLat: 0, minLng: 0, maxLat: 1, maxLng: 180 };
    const west = { minLat: 0, minLng: -180, maxLat: 1, maxLng: 0 };
    for (const longitude of [180, -180]) {
      expect(inNetworkBox(east, 0, longitude)).toBe(true);
      expect(inNetworkBox(west, 0, longitude)).toBe(true);
    }
    expect(inNetworkBox(east, 0, -179.75)).toBe(false);
    expect(inNetworkBox(west, 0, 179.75)).toBe(false);
  });

  it('agrees with a walk east from the west edge', () => {
    // Quarter degrees: exact sums in the oracle, and many points on an edge.
    const lat = fc.integer({ min: -360, max: 360 }).map((q) => q / 4);
    const lng = fc.integer({ min: -720, max: 720 }).map((q) => q / 4);
    fc.assert(
      fc.property(lat, lat, lng, lng, lat, lng, (a, b, minLng, maxLng, latitude, longitude) => {
        const box = { minLat: Math.min(a, b), maxLat: Math.max(a, b), minLng, maxLng };
        expect(inNetworkBox(box, latitude, longitude)).toBe(walkEast(box, latitude, longitude));
      }),
      { numRuns: FULL_PROPERTY_RUNS },
    );
  });
});

describe('checkNetworkBox', () => {
  it('accepts a box and names the edge of a bad one', () => {
    expect(() => checkNetworkBox('f', KRAKOW)).not.toThrow();
    expect(() => checkNetworkBox('f', FIJI)).not.toThrow();
    expect(() => checkNetworkBox('f', { ...KRAKOW, maxLng: 181 })).toThrow(
      new RangeError('f: box.maxLng must be a finite number in [-180, 180], got 181'),
    );
    expect(() => checkNetworkBox('f', { ...KRAKOW, minLat: Number.NaN })).toThrow(RangeError);
    expect(() => checkNetworkBox('f', { ...KRAKOW, minLat: 50.3 })).toThrow(
      new RangeError('f: box.minLat must be at most box.maxLat (50.2), got 50.3'),
    );
    expect(() => checkNetworkBox('f', undefined as never)).toThrow(TypeError);
  });
});
