/**
 * fast-check arbitraries for the geo module: point sets with the awkward places in them
 * (clusters straddling ±180°, points within 1° of a pole, duplicated coordinates), query
 * points near those places, and the spec's nearest options including the "no limit" values.
 */
import fc from 'fast-check';
import type { GeoPoint } from '../../src/geo/geo-point.js';
import type { NearestOptions } from '../../src/geo/installation-index.js';

const EARTH_RADIUS_KM = 6371;

/** Any latitude in [-90, 90]. */
export const latitudeArb = fc.double({ min: -90, max: 90, noNaN: true });
/** Any longitude in [-180, 180]. */
export const longitudeArb = fc.double({ min: -180, max: 180, noNaN: true });

/** Wraps a longitude into [-180, 180]. */
export function wrapLongitude(longitude: number): number {
  let wrapped = longitude;
  while (wrapped > 180) wrapped -= 360;
  while (wrapped < -180) wrapped += 360;
  return wrapped;
}

/**
 * The point `distanceKm` from (latitude, longitude) along the initial bearing `bearingDegrees`,
 * computed with 3-D unit vectors and atan2 so that it stays accurate next to the poles (the
 * asin form loses about 1e-9° there), longitude wrapped into [-180, 180].
 */
export function destination(
  latitude: number,
  longitude: number,
  bearingDegrees: number,
  distanceKm: number,
): { latitude: number; longitude: number } {
  const rad = Math.PI / 180;
  const angle = distanceKm / EARTH_RADIUS_KM;
  const [sinPhi, cosPhi] = [Math.sin(latitude * rad), Math.cos(latitude * rad)];
  const [sinLambda, cosLambda] = [Math.sin(longitude * rad), Math.cos(longitude * rad)];
  const [sinBearing, cosBearing] = [Math.sin(bearingDegrees * rad), Math.cos(bearingDegrees * rad)];
  const [sinAngle, cosAngle] = [Math.sin(angle), Math.cos(angle)];
  // start + tangent direction (north · cos β + east · sin β), rotated by the angle
  const north = [-sinPhi * cosLambda, -sinPhi * sinLambda, cosPhi];
  const east = [-sinLambda, cosLambda, 0];
  const start = [cosPhi * cosLambda, cosPhi * sinLambda, sinPhi];
  const [x, y, z] = [0, 1, 2].map(
    (axis) =>
      cosAngle * start[axis]! + sinAngle * (cosBearing * north[axis]! + sinBearing * east[axis]!),
  ) as [number, number, number];
  return {
    latitude: Math.atan2(z, Math.hypot(x, y)) / rad,
    longitude: wrapLongitude(Math.atan2(y, x) / rad),
  };
}

type Coordinates = { latitude: number; longitude: number };

/** Centres of clusters: anywhere, on the antimeridian, or within 1° of a pole. */
const centreArb: fc.Arbitrary<Coordinates> = fc.oneof(
  fc.record({ latitude: latitudeArb, longitude: longitudeArb }),
  fc.record({
    latitude: fc.double({ min: -80, max: 80, noNaN: true }),
    longitude: fc.oneof(
      fc.constantFrom(180, -180),
      fc.double({ min: 179.9, max: 180, noNaN: true }),
      fc.double({ min: -180, max: -179.9, noNaN: true }),
    ),
  }),
  fc.record({
    latitude: fc.oneof(
      fc.double({ min: 89, max: 90, noNaN: true }),
      fc.double({ min: -90, max: -89, noNaN: true }),
    ),
    longitude: longitudeArb,
  }),
);

const clusterArb: fc.Arbitrary<Coordinates[]> = fc
  .record({
    centre: centreArb,
    spreadKm: fc.constantFrom(0.01, 0.5, 1.5, 3, 20, 300, 5000),
    offsets: fc.array(
      fc.tuple(
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
      ),
      { maxLength: 65, size: 'max' },
    ),
  })
  .map(({ centre, spreadKm, offsets }) =>
    offsets.map(([bearing, fraction]) =>
      destination(centre.latitude, centre.longitude, bearing, fraction * spreadKm),
    ),
  );

const polarArb: fc.Arbitrary<Coordinates> = fc.record({
  latitude: fc.oneof(
    fc.double({ min: 89, max: 90, noNaN: true }),
    fc.double({ min: -90, max: -89, noNaN: true }),
  ),
  longitude: longitudeArb,
});

/**
 * Up to 290 installations with unique ids: clusters (some straddling ±180° or around a
 * pole), scattered points, points within 1° of a pole and copies of earlier coordinates.
 * Sometimes the ids come in ascending order, usually not.
 */
export const geoPointsArb: fc.Arbitrary<GeoPoint[]> = fc
  .record({
    clusters: fc.array(clusterArb, { maxLength: 3, size: 'max' }),
    scattered: fc.array(fc.record({ latitude: latitudeArb, longitude: longitudeArb }), {
      maxLength: 45,
      size: 'max',
    }),
    polar: fc.array(polarArb, { maxLength: 20, size: 'medium' }),
    duplicates: fc.array(fc.nat(), { maxLength: 30, size: 'max' }),
  })
  .map(({ clusters, scattered, polar, duplicates }) => {
    const places = [...clusters.flat(), ...scattered, ...polar];
    if (places.length > 0) {
      for (const pick of duplicates) places.push({ ...places[pick % places.length]! });
    }
    return places;
  })
  .chain((places) =>
    fc
      .tuple(
        fc.uniqueArray(fc.integer({ min: -1_000_000, max: 1_000_000 }), {
          minLength: places.length,
          maxLength: places.length,
        }),
        fc.boolean(),
      )
      .map(([ids, ascending]) => {
        const ordered = ascending ? [...ids].sort((a, b) => a - b) : ids;
        return places.map((place, i) => ({ id: ordered[i]!, ...place }));
      }),
  );

/**
 * A query point for a given point set: anywhere, exactly on a point, a few km from a point,
 * on the antimeridian, or at a pole.
 */
export function queryArb(points: readonly GeoPoint[]): fc.Arbitrary<Coordinates> {
  const options: fc.Arbitrary<Coordinates>[] = [
    fc.record({ latitude: latitudeArb, longitude: longitudeArb }),
    fc.record({ latitude: latitudeArb, longitude: fc.constantFrom(180, -180) }),
    fc.record({ latitude: fc.constantFrom(90, -90), longitude: longitudeArb }),
  ];
  if (points.length > 0) {
    const pointArb = fc.constantFrom(...points);
    options.push(
      pointArb.map(({ latitude, longitude }) => ({ latitude, longitude })),
      fc
        .tuple(
          pointArb,
          fc.double({ min: 0, max: 360, noNaN: true }),
          fc.double({ min: 0, max: 5, noNaN: true }),
        )
        .map(([point, bearing, km]) => destination(point.latitude, point.longitude, bearing, km)),
    );
  }
  return fc.oneof(...options);
}

/** A point set together with a query point aimed at it. */
export const pointsAndQueryArb = geoPointsArb.chain((points) =>
  queryArb(points).map((query) => ({ points, query })),
);

/** maxDistanceKM values: absent (default 3), negative (no limit), 0, small, large, > 20,000. */
export const maxDistanceArb: fc.Arbitrary<number | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(-1, -0.5, -5000, Number.NEGATIVE_INFINITY),
  fc.constant(0),
  fc.double({ min: 0, max: 10, noNaN: true }),
  fc.double({ min: 0, max: 3000, noNaN: true }),
  fc.double({ min: 20_000, max: 60_000, noNaN: true }),
  fc.constant(Number.POSITIVE_INFINITY),
);

/** maxResults values: absent (default 1), negative (no limit), 0, small, larger than any set. */
export const maxResultsArb: fc.Arbitrary<number | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: -10, max: -1 }),
  fc.constant(0),
  fc.integer({ min: 1, max: 10 }),
  fc.integer({ min: 1, max: 400 }),
);

/** Builds an options object that omits absent values (exactOptionalPropertyTypes). */
export function nearestOptions(
  maxDistanceKM: number | undefined,
  maxResults: number | undefined,
): NearestOptions {
  return {
    ...(maxDistanceKM === undefined ? {} : { maxDistanceKM }),
    ...(maxResults === undefined ? {} : { maxResults }),
  };
}

/** Interpolation-sized radii plus the extremes: 0, around 1.5 km, regional, world-spanning. */
export const radiusArb: fc.Arbitrary<number> = fc.oneof(
  fc.constant(0),
  fc.constant(1.5),
  fc.double({ min: 0, max: 5, noNaN: true }),
  fc.double({ min: 0, max: 3000, noNaN: true }),
  fc.double({ min: 19_000, max: 60_000, noNaN: true }),
);
