import { describe, expect, it } from 'vitest';
import type { GeoPoint, NeighbourHit } from '../../src/geo/geo-point.js';
import { InstallationIndex, type NearestOptions } from '../../src/geo/installation-index.js';
import { wrapLongitude } from '../helpers/geo-arbitraries.js';
import { oracleNearest } from '../helpers/geo-oracle.js';

function ids(hits: readonly NeighbourHit[]): number[] {
  return hits.map((hit) => hit.id);
}

describe('InstallationIndex limits at the far side of the Earth', () => {
  // geokdbush's haversine term of an exact antipode comes out one rounding step above 1 at
  // these latitudes (its operations differ from ours), so a limit handed to it as "half a
  // great circle" would drop the antipode. Limits from half a great circle on must reach it.
  const LATITUDES = [-79.84, -79.36, -74.4, -73.92, -72.64];

  it('finds an exact antipode with limits of half a great circle and more', () => {
    for (const latitude of LATITUDES) {
      const points: GeoPoint[] = [
        { id: 1, latitude, longitude: 20 },
        { id: 2, latitude: -latitude, longitude: wrapLongitude(20 - 180) },
      ];
      const index = InstallationIndex.from(points);
      for (const maxDistanceKM of [Math.PI * 6371, 20_100, 25_000, 1e6]) {
        const options: NearestOptions = { maxDistanceKM, maxResults: 5 };
        const hits = index.nearest(latitude, 20, options);
        expect(ids(hits)).toEqual([1, 2]);
        expect(hits).toEqual(oracleNearest(points, latitude, 20, maxDistanceKM, 5));
      }
    }
  });
});

describe('InstallationIndex.nearest with the k-th point near the antipode', () => {
  // A property run found it (seed 1213732409): from the south pole, the sixth nearest lies
  // 0.45 m from the north pole. Near the antipode one rounding step of a haversine term is
  // metres, so a walk to the farthest point found "plus a tie step in km" left that very point
  // out, and nearest answered five installations where thirty were within reach.
  it('answers as many as asked when there are that many', () => {
    const equator = [515845, 629970, 791152, 837178, 885095].map((id, i) => ({
      id,
      latitude: i * 1e-20,
      longitude: 0,
    }));
    const nearPole = [
      { id: -125673, latitude: 89.9999959152129, longitude: 180 },
      { id: -64935, latitude: 89.99999999998904, longitude: 180 },
      ...[-999995, -17, 6, 999996].map((id) => ({ id, latitude: 89.99999999999996, longitude: 0 })),
    ];
    const points: GeoPoint[] = [...nearPole, ...equator];
    const index = InstallationIndex.from(points);
    for (const maxDistanceKM of [-1, Number.POSITIVE_INFINITY, 20_015.0864, 1e6]) {
      const hits = index.nearest(-90, 0, { maxDistanceKM, maxResults: 6 });
      expect(ids(hits)).toEqual([515845, 629970, 791152, 837178, 885095, -125673]);
      expect(hits).toEqual(oracleNearest(points, -90, 0, maxDistanceKM, 6));
    }
  });
});

describe('InstallationIndex.within at the edge of the radius', () => {
  it('leaves out a point a hair beyond the radius, which the walk lets through its slack', () => {
    // The walk's term limit has a relative slack of 1e-9, about 5e-10 of the distance: a
    // radius 2e-10 short of a point's distance passes the walk and must fail the km check.
    const points: GeoPoint[] = [{ id: 1, latitude: 50, longitude: 20.01 }];
    const index = InstallationIndex.from(points);
    const km = oracleNearest(points, 50, 20, -1, 1)[0]!.distanceKm;
    expect(ids(index.within(50, 20, km))).toEqual([1]);
    expect(index.within(50, 20, km * (1 - 2e-10))).toEqual([]);
    expect(index.nearest(50, 20, { maxDistanceKM: km * (1 - 2e-10) })).toEqual([]);
  });
});

describe('InstallationIndex argument messages', () => {
  const index = InstallationIndex.from([{ id: 1, latitude: 50, longitude: 20 }]);

  it('names the options object, the radius and the result count', () => {
    expect(() => index.nearest(0, 0, null as unknown as NearestOptions)).toThrow(
      new TypeError('InstallationIndex.nearest: options must be an object, got null'),
    );
    expect(() => index.nearest(0, 0, { maxResults: 1.5 })).toThrow(
      new RangeError(
        'InstallationIndex.nearest: maxResults must be an integer (negative = no limit), got 1.5',
      ),
    );
    expect(() => index.within(0, 0, -1)).toThrow(
      new RangeError('InstallationIndex.within: radiusKm must be a number >= 0, got -1'),
    );
  });

  it('names the coordinate that is out of range', () => {
    expect(() => index.within(0, 200, 1)).toThrow(
      new RangeError(
        'InstallationIndex.within: longitude must be a finite number in [-180, 180], got 200',
      ),
    );
    expect(() => index.within(-91, 0, 1)).toThrow(
      new RangeError(
        'InstallationIndex.within: latitude must be a finite number in [-90, 90], got -91',
      ),
    );
    expect(() => index.nearest(0, -200)).toThrow(
      new RangeError(
        'InstallationIndex.nearest: longitude must be a finite number in [-180, 180], got -200',
      ),
    );
  });

  it('accepts infinite and negative result counts as "no limit"', () => {
    expect(ids(index.nearest(50, 20, { maxResults: Number.POSITIVE_INFINITY }))).toEqual([1]);
    expect(ids(index.nearest(50, 20, { maxResults: Number.NEGATIVE_INFINITY }))).toEqual([1]);
  });
});
