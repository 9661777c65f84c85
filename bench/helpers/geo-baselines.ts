/**
 * The obvious implementations that bench/geo.bench.ts measures airq against: linear scans
 * over all installations with the haversine formula, and averages recomputed from raw samples.
 */

const RADIANS = Math.PI / 180;
const EARTH_RADIUS_KM = 6371;

function haversineTerm(
  latitude1: number,
  cosLatitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  const sinLatitude = Math.sin(((latitude2 - latitude1) * RADIANS) / 2);
  const sinLongitude = Math.sin(((longitude2 - longitude1) * RADIANS) / 2);
  return (
    sinLatitude * sinLatitude +
    cosLatitude1 * Math.cos(latitude2 * RADIANS) * sinLongitude * sinLongitude
  );
}

function kmToTerm(distanceKm: number): number {
  const s = Math.sin(distanceKm / (2 * EARTH_RADIUS_KM));
  return s * s;
}

function termToKm(term: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, term)));
}

/** Position of the nearest point within `maxDistanceKm`, or -1: one pass over every point. */
export function linearNearest(
  latitudes: Float64Array,
  longitudes: Float64Array,
  latitude: number,
  longitude: number,
  maxDistanceKm: number,
): number {
  const cosLatitude = Math.cos(latitude * RADIANS);
  let bestTerm = kmToTerm(maxDistanceKm);
  let best = -1;
  for (let i = 0; i < latitudes.length; i++) {
    const term = haversineTerm(latitude, cosLatitude, longitude, latitudes[i]!, longitudes[i]!);
    if (term <= bestTerm) {
      bestTerm = term;
      best = i;
    }
  }
  return best;
}

/** Positions and distances (km) of every point within `radiusKm`: one pass over every point. */
export function linearWithin(
  latitudes: Float64Array,
  longitudes: Float64Array,
  latitude: number,
  longitude: number,
  radiusKm: number,
): { position: number; distanceKm: number }[] {
  const cosLatitude = Math.cos(latitude * RADIANS);
  const limit = kmToTerm(radiusKm);
  const found: { position: number; distanceKm: number }[] = [];
  for (let i = 0; i < latitudes.length; i++) {
    const term = haversineTerm(latitude, cosLatitude, longitude, latitudes[i]!, longitudes[i]!);
    if (term <= limit) found.push({ position: i, distanceKm: termToKm(term) });
  }
  return found;
}

/** One installation's raw samples of the last hours: per type, timestamps and values. */
export interface RawSeries {
  readonly atMs: Float64Array;
  readonly values: Float64Array;
}

/** Mean of the samples in `[fromMs, tillMs)`, scanning every sample; undefined when none. */
export function rawAverage(series: RawSeries, fromMs: number, tillMs: number): number | undefined {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < series.atMs.length; i++) {
    const atMs = series.atMs[i]!;
    if (atMs >= fromMs && atMs < tillMs) {
      sum += series.values[i]!;
      count++;
    }
  }
  return count === 0 ? undefined : sum / count;
}

/**
 * The naive point interpolation: scan every installation, and for each one within the radius
 * recompute its window averages from raw samples and add it to Σ(v/d) and Σ(1/d) per type.
 */
export function naiveInterpolateAt(
  latitudes: Float64Array,
  longitudes: Float64Array,
  samples: readonly Readonly<Record<string, RawSeries>>[],
  latitude: number,
  longitude: number,
  radiusKm: number,
  fromMs: number,
  tillMs: number,
): Record<string, number> {
  const numerators: Record<string, number> = {};
  const denominators: Record<string, number> = {};
  const exactSums: Record<string, number> = {};
  const exactCounts: Record<string, number> = {};
  for (const { position, distanceKm } of linearWithin(
    latitudes,
    longitudes,
    latitude,
    longitude,
    radiusKm,
  )) {
    for (const [type, series] of Object.entries(samples[position]!)) {
      const value = rawAverage(series, fromMs, tillMs);
      if (value === undefined) continue;
      if (distanceKm < 0.001) {
        exactSums[type] = (exactSums[type] ?? 0) + value;
        exactCounts[type] = (exactCounts[type] ?? 0) + 1;
      } else {
        numerators[type] = (numerators[type] ?? 0) + value / distanceKm;
        denominators[type] = (denominators[type] ?? 0) + 1 / distanceKm;
      }
    }
  }
  const result: Record<string, number> = {};
  for (const type of Object.keys(denominators)) {
    result[type] = numerators[type]! / denominators[type]!;
  }
  for (const type of Object.keys(exactCounts)) {
    result[type] = exactSums[type]! / exactCounts[type]!;
  }
  return result;
}
