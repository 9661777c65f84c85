import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '../../src/geo/geo-point.js';
import { MAX_GREAT_CIRCLE_KM } from '../../src/geo/haversine.js';
import { InstallationIndex } from '../../src/geo/installation-index.js';
import { ids } from '../helpers/geo-oracle.js';

// InstallationIndex on worked examples around Kraków, at the antimeridian and the poles, and
// its messages on misuse (the properties against the brute-force oracle:
// installation-index-properties.test.ts).

const KRAKOW: readonly GeoPoint[] = [
  { id: 101, latitude: 50.0614, longitude: 19.9366 }, // Rynek Główny
  { id: 102, latitude: 50.0647, longitude: 19.945 }, // Dworzec Główny
  { id: 103, latitude: 50.0537, longitude: 19.9355 }, // Wawel
  { id: 104, latitude: 50.09, longitude: 19.9 }, // Bronowice, about 4 km out
];

describe('InstallationIndex.nearest examples', () => {
  const index = InstallationIndex.from(KRAKOW);

  it('defaults to one result within 3 km', () => {
    const hits = index.nearest(50.062, 19.94);
    expect(ids(hits)).toEqual([101]);
    expect(hits[0]!.distanceKm).toBeCloseTo(0.2517, 4);
  });

  it('honours maxResults and maxDistanceKM, nearest first', () => {
    expect(ids(index.nearest(50.062, 19.94, { maxResults: 10 }))).toEqual([101, 102, 103]);
    expect(ids(index.nearest(50.062, 19.94, { maxResults: 10, maxDistanceKM: 5 }))).toEqual([
      101, 102, 103, 104,
    ]);
    expect(ids(index.nearest(50.062, 19.94, { maxResults: 2, maxDistanceKM: 5 }))).toEqual([
      101, 102,
    ]);
  });

  it('reads negative limits as "no limit" and maxResults 0 as "nothing"', () => {
    expect(ids(index.nearest(0, 0, { maxDistanceKM: -1 }))).toEqual([103]);
    expect(ids(index.nearest(0, 0, { maxDistanceKM: -1, maxResults: -1 }))).toEqual([
      103, 101, 102, 104,
    ]);
    expect(index.nearest(50.062, 19.94, { maxResults: 0, maxDistanceKM: -1 })).toEqual([]);
  });

  it('returns an empty list when nothing is in range, and on an empty index', () => {
    expect(index.nearest(0, 0)).toEqual([]);
    expect(InstallationIndex.from([]).nearest(50, 20, { maxDistanceKM: -1 })).toEqual([]);
  });

  it('reaches the far side of the Earth with distances beyond 20,000 km', () => {
    const world = InstallationIndex.from([
      { id: 1, latitude: 10, longitude: 20 },
      { id: 2, latitude: -10, longitude: -160 }, // antipode of id 1
    ]);
    const hits = world.nearest(10, 20, { maxDistanceKM: 25_000, maxResults: 5 });
    expect(ids(hits)).toEqual([1, 2]);
    // The haversine is ill-conditioned at the antipode: a rounding step is about 0.2 m there.
    expect(Math.abs(hits[1]!.distanceKm - MAX_GREAT_CIRCLE_KM)).toBeLessThan(0.001);
    expect(ids(world.nearest(10, 20, { maxDistanceKM: 20_000, maxResults: 5 }))).toEqual([1]);
  });

  it('breaks ties by id, whatever order the points came in', () => {
    const same = [9, 4, 7, 1, 8].map((id) => ({ id, latitude: 50, longitude: 20 }));
    const index = InstallationIndex.from(same);
    expect(ids(index.nearest(50, 20, { maxResults: 3 }))).toEqual([1, 4, 7]);
    // Mirror images across the antimeridian differ only by rounding noise.
    const mirrored = InstallationIndex.from([
      { id: 5, latitude: 0, longitude: 179.99 },
      { id: 3, latitude: 0, longitude: -179.99 },
    ]);
    expect(ids(mirrored.nearest(0, 180))).toEqual([3]);
    expect(ids(mirrored.nearest(0, -180, { maxResults: 2 }))).toEqual([3, 5]);
  });

  it('works across the antimeridian and at the poles', () => {
    const index = InstallationIndex.from([
      { id: 1, latitude: 0, longitude: -179.99 },
      { id: 2, latitude: 0, longitude: 179.97 },
      { id: 3, latitude: 89.99, longitude: 0 },
      { id: 4, latitude: 89.99, longitude: 180 },
    ]);
    expect(ids(index.nearest(0, 179.995, { maxResults: 5 }))).toEqual([1, 2]);
    expect(ids(index.nearest(90, 0, { maxResults: 5 }))).toEqual([3, 4]);
    expect(ids(index.nearest(89.995, 90, { maxResults: 5 }))).toEqual([3, 4]);
  });
});

describe('InstallationIndex.within examples', () => {
  it('finds the interpolation neighbours of a point, nearest first', () => {
    const index = InstallationIndex.from(KRAKOW);
    const hits = index.within(50.062, 19.94, 1.5);
    expect(ids(hits)).toEqual([101, 102, 103]);
    expect(hits.map((hit) => Number(hit.distanceKm.toFixed(3)))).toEqual([0.252, 0.466, 0.977]);
  });

  it('splits its box across the antimeridian', () => {
    const index = InstallationIndex.from([
      { id: 1, latitude: 0, longitude: 179.995 },
      { id: 2, latitude: 0, longitude: -179.99 },
      { id: 3, latitude: 0, longitude: 179.9 },
    ]);
    expect(ids(index.within(0, 180, 1.5))).toEqual([1, 2]);
    expect(ids(index.within(0, -180, 1.5))).toEqual([1, 2]);
  });

  it('takes every longitude around a pole', () => {
    const index = InstallationIndex.from(
      [-180, -90, 0, 45, 90, 179.5].map((longitude, i) => ({
        id: i + 1,
        latitude: 89.995,
        longitude,
      })),
    );
    expect(ids(index.within(90, 0, 1)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(index.within(90, 0, 0.5)).toEqual([]);
  });

  it('includes a point on the circle and a point at the query itself with radius 0', () => {
    const index = InstallationIndex.from([{ id: 1, latitude: 50, longitude: 20 }]);
    expect(ids(index.within(50, 20, 0))).toEqual([1]);
    const onCircle = index.within(50, 20.01, 1)[0]!.distanceKm;
    expect(ids(index.within(50, 20.01, onCircle))).toEqual([1]);
  });
});

describe('InstallationIndex misuse', () => {
  const index = InstallationIndex.from(KRAKOW);

  it.each([
    [() => index.nearest(91, 0), 'InstallationIndex.nearest: latitude', '91'],
    [() => index.nearest(Number.NaN, 0), 'InstallationIndex.nearest: latitude', 'NaN'],
    [() => index.nearest(0, -180.5), 'InstallationIndex.nearest: longitude', '-180.5'],
    [() => index.nearest(0, Number.POSITIVE_INFINITY), 'nearest: longitude', 'Infinity'],
    [() => index.nearest(0, 0, { maxResults: 1.5 }), 'nearest: maxResults', '1.5'],
    [() => index.nearest(0, 0, { maxResults: Number.NaN }), 'nearest: maxResults', 'NaN'],
    [() => index.nearest(0, 0, { maxDistanceKM: Number.NaN }), 'nearest: maxDistanceKM', 'NaN'],
    [() => index.within(-90.1, 0, 1.5), 'InstallationIndex.within: latitude', '-90.1'],
    [() => index.within(0, 0, -1), 'InstallationIndex.within: radiusKm', '-1'],
    [() => index.within(0, 0, Number.NaN), 'InstallationIndex.within: radiusKm', 'NaN'],
  ])('throws a RangeError naming the parameter and value (%#)', (call, name, value) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(name);
    expect(call).toThrow(value);
  });

  it('throws a TypeError for arguments that are not numbers', () => {
    expect(() => index.nearest('50' as unknown as number, 20)).toThrow(TypeError);
    expect(() => index.nearest(50, 20, { maxResults: '2' as unknown as number })).toThrow(
      /maxResults must be a number, got "2"/,
    );
  });

  it('InstallationIndex.from names the bad point', () => {
    const ok = { id: 1, latitude: 50, longitude: 20 };
    expect(() => InstallationIndex.from([ok, { id: 2.5, latitude: 0, longitude: 0 }])).toThrow(
      new RangeError('InstallationIndex.from: points[1].id must be a safe integer, got 2.5'),
    );
    expect(() => InstallationIndex.from([ok, { id: 2, latitude: 0, longitude: 0 }, ok])).toThrow(
      'InstallationIndex.from: points[2].id 1 duplicates points[0].id',
    );
    expect(() => InstallationIndex.from([ok, { id: 7, latitude: 95, longitude: 0 }])).toThrow(
      new RangeError(
        'InstallationIndex.from: points[1].latitude (installation 7) must be a finite number in [-90, 90], got 95',
      ),
    );
    expect(() => InstallationIndex.from([{ id: 3, latitude: 0, longitude: Number.NaN }])).toThrow(
      /points\[0\]\.longitude \(installation 3\) .* got NaN/,
    );
    expect(() => InstallationIndex.from([null as unknown as GeoPoint])).toThrow(TypeError);
    expect(() => InstallationIndex.from({} as unknown as GeoPoint[])).toThrow(
      'InstallationIndex.from: points must be an array',
    );
  });
});
