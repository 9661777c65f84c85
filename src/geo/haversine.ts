import { checkNumberInRange } from '../arguments/argument-checks.js';

/** Mean Earth radius in km (the IUGG mean radius; geokdbush uses the same sphere). */
export const EARTH_RADIUS_KM = 6371;

/** Half a great circle in km: no two points on the sphere are farther apart than this. */
export const MAX_GREAT_CIRCLE_KM = Math.PI * EARTH_RADIUS_KM;

/** Radians in one degree. */
export const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * The haversine term `h = sin²(Δφ/2) + cos φ₁ · cos φ₂ · sin²(Δλ/2)` of two points: the cheap
 * form of their great-circle distance (0 for the same point, 1 for antipodes). It grows with
 * the distance, so loops compare terms and convert to km only for what they return.
 * Expects valid coordinates (degrees); does not check them.
 *
 * @param cosLatitude1 - `cos(latitude1)`, passed in so a query computes it once
 * @example
 * haversineTerm(0, Math.cos(0), 0, 90); // 0.5 (a quarter of the equator)
 */
export function haversineTerm(
  latitude1: number,
  cosLatitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  // Folding Δλ into [-180, 180] makes -180 and 180 the same meridian to the last bit.
  let deltaLongitude = longitude2 - longitude1;
  if (deltaLongitude > 180) deltaLongitude -= 360;
  else if (deltaLongitude < -180) deltaLongitude += 360;
  const sinHalfDeltaLatitude = Math.sin((latitude2 - latitude1) * (RADIANS_PER_DEGREE / 2));
  const sinHalfDeltaLongitude = Math.sin(deltaLongitude * (RADIANS_PER_DEGREE / 2));
  return (
    sinHalfDeltaLatitude * sinHalfDeltaLatitude +
    cosLatitude1 *
      Math.cos(latitude2 * RADIANS_PER_DEGREE) *
      sinHalfDeltaLongitude *
      sinHalfDeltaLongitude
  );
}

/**
 * Converts a haversine term to a great-circle distance in km. Terms a rounding step above 1
 * (antipodes) are read as 1, so the result never exceeds {@link MAX_GREAT_CIRCLE_KM}.
 *
 * @example
 * haversineTermToKm(1); // 20015.086796020572 (half a great circle)
 */
export function haversineTermToKm(term: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(term, 1)));
}

/**
 * Converts a great-circle distance in km to its haversine term. Distances of half a great
 * circle or more give 1 (every point on the sphere is that close).
 *
 * @example
 * kmToHaversineTerm(MAX_GREAT_CIRCLE_KM); // 1
 */
export function kmToHaversineTerm(distanceKm: number): number {
  if (distanceKm >= MAX_GREAT_CIRCLE_KM) return 1;
  const sinHalfAngle = Math.sin(distanceKm / (2 * EARTH_RADIUS_KM));
  return sinHalfAngle * sinHalfAngle;
}

/**
 * Great-circle (haversine) distance between two points on a sphere of radius
 * {@link EARTH_RADIUS_KM}, in km. Longitudes -180 and 180 are the same meridian.
 *
 * @param latitude1 - degrees in [-90, 90]
 * @param longitude1 - degrees in [-180, 180]
 * @param latitude2 - degrees in [-90, 90]
 * @param longitude2 - degrees in [-180, 180]
 * @returns km in [0, {@link MAX_GREAT_CIRCLE_KM}]
 * @throws TypeError / RangeError naming the coordinate that is not a number in its range
 * @example
 * haversineKm(50.0614, 19.9366, 52.2297, 21.0122); // ≈ 252.0 (Kraków – Warsaw)
 * haversineKm(0, 179.9, 0, -179.9); // ≈ 22.24 (across the antimeridian, not around the world)
 */
export function haversineKm(
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  checkNumberInRange('haversineKm', 'latitude1', latitude1, -90, 90);
  checkNumberInRange('haversineKm', 'longitude1', longitude1, -180, 180);
  checkNumberInRange('haversineKm', 'latitude2', latitude2, -90, 90);
  checkNumberInRange('haversineKm', 'longitude2', longitude2, -180, 180);
  const cosLatitude1 = Math.cos(latitude1 * RADIANS_PER_DEGREE);
  return haversineTermToKm(
    haversineTerm(latitude1, cosLatitude1, longitude1, latitude2, longitude2),
  );
}
