import { around } from 'geokdbush';
import type KDBush from 'kdbush';
import { checkNotNaN, checkNumberInRange, checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { CapScan } from './cap-scan.js';
import { DISTANCE_TIE_KM, type GeoPoint, type NeighbourHit, sortNeighbours } from './geo-point.js';
import {
  haversineTerm,
  haversineTermToKm,
  kmToHaversineTerm,
  RADIANS_PER_DEGREE,
} from './haversine.js';
import { type BuiltTree, buildTree } from './tree-build.js';

/** Options of {@link InstallationIndex.nearest}. */
export interface NearestOptions {
  /** Every result lies within this great-circle distance, in km. Default 3; negative = no limit. */
  readonly maxDistanceKM?: number;
  /** At most this many results (an integer). Default 1; negative = no limit; 0 = none. */
  readonly maxResults?: number;
}

/** Default of {@link NearestOptions.maxDistanceKM}, in km (the spec's default). */
export const DEFAULT_MAX_DISTANCE_KM = 3;
/** Default of {@link NearestOptions.maxResults} (the spec's default). */
export const DEFAULT_MAX_RESULTS = 1;

// A bound, far above the actual few ulps, on how much geokdbush's haversine term and ours may
// differ for the same pair of points (its formula skips the antimeridian fold and orders the
// operations differently). The limit handed to geokdbush is widened by it, in term space
// because near antipodes a tiny term difference is a large km difference.
const TERM_ROUNDING = 1e-14;

const NEAREST = 'InstallationIndex.nearest';
const WITHIN = 'InstallationIndex.within';

/**
 * An immutable spatial index of installations (kdbush, x = longitude, y = latitude) answering
 * k-nearest and radius queries with great-circle distances in km. Results are always ordered
 * nearest first with ties broken by ascending id (see {@link compareNeighbours}), so equal
 * inputs give equal outputs whatever order the points were given in.
 *
 * @example
 * const index = InstallationIndex.from([
 *   { id: 1, latitude: 50.0614, longitude: 19.9366 },
 *   { id: 2, latitude: 50.0647, longitude: 19.945 },
 * ]);
 * index.nearest(50.062, 19.94); // [{ id: 1, distanceKm: 0.2517… }]
 * index.within(50.062, 19.94, 1.5).map((hit) => hit.id); // [1, 2]
 */
export class InstallationIndex {
  /** Number of installations in the index. */
  readonly size: number;
  readonly #tree: KDBush;
  // See BuiltTree: kdbush and geokdbush speak of input positions, callers of installation ids.
  readonly #idsByPosition: Float64Array;
  readonly #slotByPosition: Uint32Array;
  readonly #scan = new CapScan();
  // The last nearest limit and its geokdbush distance (a cache; never observable).
  #lastLimitKm = Number.NaN;
  #lastAroundKm = Number.NaN;

  private constructor({ tree, idsByPosition, slotByPosition }: BuiltTree) {
    this.#tree = tree;
    this.#idsByPosition = idsByPosition;
    this.#slotByPosition = slotByPosition;
    this.size = idsByPosition.length;
  }

  /**
   * Builds an index in O(n log n) (bench/RESULTS.md has the measured times); queries never
   * rebuild it.
   *
   * @param points - installations; ids must be unique safe integers
   * @throws TypeError / RangeError naming the offending point (its position and id) when a
   *   point is not an object, its id is not a safe integer or repeats, or a coordinate is out
   *   of range or NaN
   * @example
   * InstallationIndex.from([{ id: 7, latitude: 52.23, longitude: 21.01 }]).size; // 1
   */
  static from(points: readonly GeoPoint[]): InstallationIndex {
    return new InstallationIndex(buildTree(points));
  }

  /**
   * The installations nearest to a point (the spec's `/v2/installations/nearest` semantics).
   *
   * @param latitude - degrees in [-90, 90]
   * @param longitude - degrees in [-180, 180]
   * @param options - `maxDistanceKM` (default 3, negative = no limit; limits of half a great
   *   circle or more reach every point), `maxResults` (default 1, negative = no limit, 0 = empty)
   * @returns nearest first, ties by id; empty when nothing lies within `maxDistanceKM`
   * @throws TypeError / RangeError naming the parameter and value for NaN or out-of-range
   *   coordinates, a NaN distance or a fractional / NaN `maxResults`
   * @example
   * const index = InstallationIndex.from([
   *   { id: 2, latitude: 0, longitude: 0.01 },
   *   { id: 1, latitude: 0, longitude: -0.01 },
   *   { id: 3, latitude: 0, longitude: 1 },
   * ]);
   * index.nearest(0, 0, { maxResults: 2 }); // [{ id: 1, distanceKm: 1.1119… }, { id: 2, distanceKm: 1.1119… }]
   * index.nearest(0, 0, { maxResults: -1, maxDistanceKM: -1 }).length; // 3
   */
  nearest(latitude: number, longitude: number, options: NearestOptions = {}): NeighbourHit[] {
    checkNumberInRange(NEAREST, 'latitude', latitude, -90, 90);
    checkNumberInRange(NEAREST, 'longitude', longitude, -180, 180);
    checkObject(NEAREST, 'options', options);
    const { maxDistanceKM = DEFAULT_MAX_DISTANCE_KM, maxResults = DEFAULT_MAX_RESULTS } = options;
    checkNotNaN(NEAREST, 'maxDistanceKM', maxDistanceKM);
    checkMaxResults(maxResults);
    if (maxResults === 0 || this.size === 0) return [];

    const limitKm = maxDistanceKM < 0 ? Number.POSITIVE_INFINITY : maxDistanceKM;
    const limitCount = maxResults < 0 ? Number.POSITIVE_INFINITY : maxResults;
    const positions = around(this.#tree, longitude, latitude, limitCount, this.#aroundKm(limitKm));
    // Fewer than asked for: geokdbush ran out of points within the limit, so nothing is unseen.
    if (positions.length < limitCount) {
      return this.#hitsAt(positions, latitude, longitude, limitKm);
    }
    // geokdbush found enough points but orders equal distances arbitrarily and may have left
    // out points tied with the last one. Every point that can come before it or tie with it lies
    // within the farthest of those found (plus a tie step), so a radius walk to there settles
    // membership and order exactly, in our own distances.
    const reachKm = Math.min(limitKm, this.#reachKm(positions, latitude, longitude));
    const answer = this.#hitsWithin(latitude, longitude, reachKm);
    while (answer.length > limitCount) answer.pop();
    return answer;
  }

  /**
   * Every installation within `radiusKm` (great-circle) of a point: a bounding-box walk of
   * the tree (split in two across the antimeridian, every longitude around a pole) with an
   * exact haversine check. Allocates only the returned array.
   *
   * @param latitude - degrees in [-90, 90]
   * @param longitude - degrees in [-180, 180]
   * @param radiusKm - km ≥ 0 (`Infinity` allowed); a point exactly on the circle is included
   * @returns nearest first, ties by id; empty when nothing is in range
   * @throws TypeError / RangeError naming the parameter and value
   * @example
   * const index = InstallationIndex.from([
   *   { id: 1, latitude: 0, longitude: 179.995 },
   *   { id: 2, latitude: 0, longitude: -179.99 },
   *   { id: 3, latitude: 0, longitude: 179.9 },
   * ]);
   * index.within(0, 180, 1.5); // [{ id: 1, distanceKm: 0.5559… }, { id: 2, distanceKm: 1.1119… }]
   */
  within(latitude: number, longitude: number, radiusKm: number): NeighbourHit[] {
    checkNumberInRange(WITHIN, 'latitude', latitude, -90, 90);
    checkNumberInRange(WITHIN, 'longitude', longitude, -180, 180);
    checkNotNaN(WITHIN, 'radiusKm', radiusKm);
    if (radiusKm < 0) {
      throw argumentError(RangeError, WITHIN, 'radiusKm', 'must be a number >= 0', radiusKm);
    }
    return this.#hitsWithin(latitude, longitude, radiusKm);
  }

  #hitsWithin(latitude: number, longitude: number, radiusKm: number): NeighbourHit[] {
    const scan = this.#scan;
    const count = scan.run(this.#tree, latitude, longitude, radiusKm);
    const { positions, terms } = scan;
    const idsByPosition = this.#idsByPosition;
    const hits: NeighbourHit[] = [];
    for (let i = 0; i < count; i++) {
      const distanceKm = haversineTermToKm(terms[i]!); // ! : i < count ≤ terms.length
      if (distanceKm <= radiusKm) hits.push({ id: idsByPosition[positions[i]!]!, distanceKm });
    }
    return sortNeighbours(hits);
  }

  /**
   * The distance handed to geokdbush for a limit: widened so its rounding cannot drop a point
   * lying on the limit, and "no limit" from half a great circle on (geokdbush's haversine wraps
   * around there and would search a smaller circle). Remembered for the next query's limit.
   */
  #aroundKm(limitKm: number): number {
    if (limitKm !== this.#lastLimitKm) {
      const aroundTerm = kmToHaversineTerm(limitKm) + 2 * TERM_ROUNDING;
      this.#lastAroundKm =
        aroundTerm < 1 ? haversineTermToKm(aroundTerm) : Number.POSITIVE_INFINITY;
      this.#lastLimitKm = limitKm;
    }
    return this.#lastAroundKm;
  }

  /** The hits within `limitKm` among geokdbush's results, sorted. */
  #hitsAt(
    positions: readonly number[],
    latitude: number,
    longitude: number,
    limitKm: number,
  ): NeighbourHit[] {
    const idsByPosition = this.#idsByPosition;
    const cosLatitude = Math.cos(latitude * RADIANS_PER_DEGREE);
    const hits: NeighbourHit[] = [];
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i]!; // ! : i < length
      const distanceKm = haversineTermToKm(
        this.#termTo(position, latitude, cosLatitude, longitude),
      );
      if (distanceKm <= limitKm) hits.push({ id: idsByPosition[position]!, distanceKm });
    }
    return sortNeighbours(hits);
  }

  /**
   * The largest great-circle distance, in km, from the query point to geokdbush's results,
   * widened by a tie step and by the rounding of a haversine term: near the antipode a term
   * one ulp larger is a distance metres larger, and the walk computes its terms afresh, so a
   * step in km alone could leave out the very point that was farthest.
   */
  #reachKm(positions: readonly number[], latitude: number, longitude: number): number {
    const cosLatitude = Math.cos(latitude * RADIANS_PER_DEGREE);
    let farthestTerm = 0;
    for (let i = 0; i < positions.length; i++) {
      const term = this.#termTo(positions[i]!, latitude, cosLatitude, longitude); // ! : i < length
      if (term > farthestTerm) farthestTerm = term;
    }
    const widenedTerm = Math.min(1, farthestTerm + 2 * TERM_ROUNDING);
    return haversineTermToKm(widenedTerm) + 2 * DISTANCE_TIE_KM;
  }

  /**
   * The haversine term from the query point to the installation at input `position`, read
   * from kdbush's coordinates (kept in tree order, hence the slot lookup).
   */
  #termTo(position: number, latitude: number, cosLatitude: number, longitude: number): number {
    const slot = this.#slotByPosition[position]!; // ! : geokdbush returns positions < size
    const coords = this.#tree.coords;
    // ! : slot < size, so both coordinates exist
    return haversineTerm(
      latitude,
      cosLatitude,
      longitude,
      coords[2 * slot + 1]!,
      coords[2 * slot]!,
    );
  }
}

function checkMaxResults(maxResults: unknown): void {
  checkNotNaN(NEAREST, 'maxResults', maxResults);
  // ±Infinity passes: it is a limit like any negative or very large count.
  if (!Number.isInteger(maxResults) && Number.isFinite(maxResults)) {
    const expectation = 'must be an integer (negative = no limit)';
    throw argumentError(RangeError, NEAREST, 'maxResults', expectation, maxResults);
  }
}
