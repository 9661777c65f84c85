/** A located installation as the spatial index sees it. */
export interface GeoPoint {
  /** Installation id (a safe integer, unique within one index). */
  readonly id: number;
  /** Degrees in [-90, 90]. */
  readonly latitude: number;
  /** Degrees in [-180, 180]; -180 and 180 are the same meridian. */
  readonly longitude: number;
}

/** An installation found by a query, with its great-circle distance to the query point. */
export interface NeighbourHit {
  readonly id: number;
  /** Great-circle (haversine) distance in km. */
  readonly distanceKm: number;
}

/**
 * Width, in km (1 µm), of the distance steps within which results count as tied. Two points at
 * the same true distance can come out a rounding step apart (mirror images across the
 * antimeridian, for example); putting distances in fixed steps of this width and ordering by id
 * within a step makes the order depend on ids rather than on floating-point noise, and unlike
 * "closer than 1e-9 km to each other" it is transitive, so a sort gives the same order whatever
 * order its input came in.
 */
export const DISTANCE_TIE_KM = 1e-9;

/**
 * The order of every query result: nearest first, ties (distances in the same
 * {@link DISTANCE_TIE_KM} step) by ascending id. A comparator for `Array.prototype.sort`.
 *
 * @example
 * [{ id: 7, distanceKm: 1 }, { id: 3, distanceKm: 1 }, { id: 9, distanceKm: 0.5 }]
 *   .sort(compareNeighbours); // ids 9, 3, 7
 */
export function compareNeighbours(a: NeighbourHit, b: NeighbourHit): number {
  return (
    Math.floor(a.distanceKm / DISTANCE_TIE_KM) - Math.floor(b.distanceKm / DISTANCE_TIE_KM) ||
    a.id - b.id
  );
}

// Below this length an insertion sort beats Array.prototype.sort, whose fixed cost dominates
// the typical query result of one to a dozen hits.
const INSERTION_SORT_MAX = 16;

/**
 * Sorts hits in place into the {@link compareNeighbours} order and returns them.
 *
 * @example
 * sortNeighbours([{ id: 2, distanceKm: 1 }, { id: 1, distanceKm: 1 }]); // ids 1, 2
 */
export function sortNeighbours(hits: NeighbourHit[]): NeighbourHit[] {
  if (hits.length > INSERTION_SORT_MAX) return hits.sort(compareNeighbours);
  for (let i = 1; i < hits.length; i++) {
    const hit = hits[i]!; // ! : i < length
    let j = i - 1;
    while (j >= 0 && compareNeighbours(hits[j]!, hit) > 0) {
      hits[j + 1] = hits[j]!; // ! : 0 ≤ j < i
      j--;
    }
    hits[j + 1] = hit;
  }
  return hits;
}
