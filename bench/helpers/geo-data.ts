/**
 * Seeded data sets for bench/geo.bench.ts: installations spread uniformly over a box centred on
 * Poland whose area grows with the count, so that the density stays that of a dense city-wide
 * network (0.5 installations per km²: about 3.5 within 1.5 km and 14 within 3 km of a point).
 * 10k → 141 km square (a voivodeship), 100k → 447 km (Poland), 1M → 1414 km (central Europe).
 */
import { randomPoints, seededRandom } from './seeded-random.js';

/** Installations per km². */
export const GEO_BENCH_DENSITY_PER_KM2 = 0.5;
/** Number of distinct query points each benchmark cycles through. */
export const GEO_BENCH_QUERY_COUNT = 1024;

const CENTRE_LATITUDE = 52;
const CENTRE_LONGITUDE = 19;
const KM_PER_DEGREE = 111.195;

export interface GeoBenchData {
  readonly size: number;
  /** Side of the square box, in km. */
  readonly sideKm: number;
  readonly points: readonly { id: number; latitude: number; longitude: number }[];
  /** Latitude and longitude of each point in flat typed arrays (for the linear-scan baselines). */
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
  /** Query points as [latitude, longitude] pairs, uniformly over the same box. */
  readonly queries: Float64Array;
}

/**
 * `size` installations (ids 1..size, in id order as a store lists them) and
 * {@link GEO_BENCH_QUERY_COUNT} query points, identical in every run.
 *
 * @example
 * geoBenchData(10_000).sideKm; // 141.42…
 */
export function geoBenchData(size: number): GeoBenchData {
  const sideKm = Math.sqrt(size / GEO_BENCH_DENSITY_PER_KM2);
  const halfLatitude = sideKm / KM_PER_DEGREE / 2;
  const halfLongitude = sideKm / (KM_PER_DEGREE * Math.cos((CENTRE_LATITUDE * Math.PI) / 180)) / 2;
  const box = {
    minLat: CENTRE_LATITUDE - halfLatitude,
    maxLat: CENTRE_LATITUDE + halfLatitude,
    minLng: CENTRE_LONGITUDE - halfLongitude,
    maxLng: CENTRE_LONGITUDE + halfLongitude,
  };
  const points = randomPoints(seededRandom(size), size, box);
  const latitudes = Float64Array.from(points, (point) => point.latitude);
  const longitudes = Float64Array.from(points, (point) => point.longitude);
  const queryPoints = randomPoints(seededRandom(size + 1), GEO_BENCH_QUERY_COUNT, box);
  const queries = new Float64Array(GEO_BENCH_QUERY_COUNT * 2);
  queryPoints.forEach((query, i) => {
    queries[2 * i] = query.latitude;
    queries[2 * i + 1] = query.longitude;
  });
  return { size, sideKm, points, latitudes, longitudes, queries };
}

/** A builder that keeps the result for one size at a time; `clear` drops it. */
export interface LastSizeCache<T> {
  (size: number): T;
  clear(): void;
}

/**
 * Keeps the data of one size at a time (the 1M set and its indexes take hundreds of MB), built
 * on first use.
 */
export function lastSizeCache<T>(build: (size: number) => T): LastSizeCache<T> {
  let cachedSize = -1;
  let cached: T | undefined;
  const get = (size: number): T => {
    if (cachedSize !== size || cached === undefined) {
      cached = undefined; // let the previous size be collected before building the next
      cached = build(size);
      cachedSize = size;
    }
    return cached;
  };
  return Object.assign(get, {
    clear: () => {
      cached = undefined;
      cachedSize = -1;
    },
  });
}
