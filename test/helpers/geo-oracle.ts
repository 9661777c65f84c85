/**
 * Brute-force oracles for the geo module: every answer is computed by looking at every point,
 * with the textbook haversine written out independently of src/geo.
 */
import type { GeoPoint, NeighbourHit } from '../../src/geo/geo-point.js';

/** One sensor's value and its distance (km) to the point being interpolated. */
export interface OracleSource {
  readonly id: number;
  readonly distanceKm: number;
  readonly value: number;
}

/** Sources closer than this (1 m, in km) stand at the point, as the spec's interpolation says. */
const ORACLE_COINCIDENT_KM = 0.001;

/**
 * Distances in the same step of this width (km) are ties, broken by id, as src/geo promises.
 * Steps rather than "closer than 1e-9 km": the latter is not transitive (a ≈ b ≈ c, a ≉ c),
 * so sorting with it depends on the input order.
 */
export const ORACLE_TIE_KM = 1e-9;

const EARTH_RADIUS_KM = 6371;

/**
 * Great-circle distance in km by the textbook haversine, the -180/180 meridian folded so both
 * spellings coincide. Its floating-point steps are deliberately the same as src/geo's: near
 * antipodes the haversine is ill-conditioned (a rounding step in the term moves the distance by
 * up to 0.2 m), and the properties compare decisions at exact limits, not the formula, which
 * haversine.test.ts checks against an independent one.
 */
export function oracleDistanceKm(
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  const halfRadians = Math.PI / 180 / 2;
  let deltaLongitude = longitude2 - longitude1;
  if (deltaLongitude > 180) deltaLongitude -= 360;
  if (deltaLongitude < -180) deltaLongitude += 360;
  const sinHalfLatitude = Math.sin((latitude2 - latitude1) * halfRadians);
  const sinHalfLongitude = Math.sin(deltaLongitude * halfRadians);
  const cosLatitudes =
    Math.cos(latitude1 * (Math.PI / 180)) * Math.cos(latitude2 * (Math.PI / 180));
  const term =
    sinHalfLatitude * sinHalfLatitude + cosLatitudes * sinHalfLongitude * sinHalfLongitude;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, term)));
}

/** Nearest first; distances in the same {@link ORACLE_TIE_KM} step are ties, broken by id. */
export function oracleOrder(a: NeighbourHit, b: NeighbourHit): number {
  const stepA = Math.floor(a.distanceKm / ORACLE_TIE_KM);
  const stepB = Math.floor(b.distanceKm / ORACLE_TIE_KM);
  return stepA !== stepB ? stepA - stepB : a.id - b.id;
}

/** Every point with its distance to the query, in {@link oracleOrder}. */
export function oracleAllByDistance(
  points: readonly GeoPoint[],
  latitude: number,
  longitude: number,
): NeighbourHit[] {
  return points
    .map((point) => ({
      id: point.id,
      distanceKm: oracleDistanceKm(latitude, longitude, point.latitude, point.longitude),
    }))
    .sort(oracleOrder);
}

/** The spec's nearest: within maxDistanceKM (negative = any), at most maxResults (negative = any). */
export function oracleNearest(
  points: readonly GeoPoint[],
  latitude: number,
  longitude: number,
  maxDistanceKM = 3,
  maxResults = 1,
): NeighbourHit[] {
  const inRange = oracleAllByDistance(points, latitude, longitude).filter(
    (hit) => maxDistanceKM < 0 || hit.distanceKm <= maxDistanceKM,
  );
  return maxResults < 0 ? inRange : inRange.slice(0, maxResults);
}

/** Every point within radiusKm, in {@link oracleOrder}. */
export function oracleWithin(
  points: readonly GeoPoint[],
  latitude: number,
  longitude: number,
  radiusKm: number,
): NeighbourHit[] {
  return oracleAllByDistance(points, latitude, longitude).filter(
    (hit) => hit.distanceKm <= radiusKm,
  );
}

/**
 * Inverse-distance weighting written the direct way, Σ(v/d) / Σ(1/d); sources closer than
 * 1 m give the plain mean of those sources; no sources give undefined.
 */
export function oracleInverseDistance(sources: readonly OracleSource[]): number | undefined {
  if (sources.length === 0) return undefined;
  const coincident = sources.filter((source) => source.distanceKm < ORACLE_COINCIDENT_KM);
  if (coincident.length > 0) {
    return coincident.reduce((sum, source) => sum + source.value, 0) / coincident.length;
  }
  let numerator = 0;
  let denominator = 0;
  for (const { distanceKm, value } of sources) {
    numerator += value / distanceKm;
    denominator += 1 / distanceKm;
  }
  return numerator / denominator;
}

/**
 * Each source's share in {@link oracleInverseDistance}, written the direct way: (1/dᵢ) / Σ(1/d),
 * or, when some sources are closer than 1 m, 1/k for each of those k and 0 for the others.
 */
export function oracleInverseDistanceWeights(
  sources: readonly Pick<OracleSource, 'distanceKm'>[],
): number[] {
  const coincident = sources.filter((source) => source.distanceKm < ORACLE_COINCIDENT_KM).length;
  if (coincident > 0) {
    return sources.map((source) => (source.distanceKm < ORACLE_COINCIDENT_KM ? 1 / coincident : 0));
  }
  let denominator = 0;
  for (const { distanceKm } of sources) denominator += 1 / distanceKm;
  return sources.map((source) => 1 / source.distanceKm / denominator);
}

/** The ids of `hits`, in their order: what a search answered, to compare with the oracle. */
export function ids(hits: readonly NeighbourHit[]): number[] {
  return hits.map((hit) => hit.id);
}

/** Whether two numbers agree to `relative` of the larger magnitude (absolute near zero). */
export function closeTo(actual: number, expected: number, relative = 1e-9): boolean {
  return Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected));
}
