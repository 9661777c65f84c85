import { SPLIT_ID_STRIDE } from '../import/place-registry.js';
import { checkedInstallations } from '../store/installation-input.js';
import type { PlacedInstallation } from '../store/placed-installation.js';
import type { StoredInstallation } from '../store/stored-installation.js';
import type { FollowedPlace, FollowedSourceName } from './followed-batch.js';

// Which installation a place of a followed source is: the one stored for its location at the
// same coordinates, or a new one. Ids are a pure function of (source, source id, k), so that
// the same place gets the same id wherever it is computed; the store keeps them all the same
// (journal records, airq_followed_places), which is what makes them stable for good.

/**
 * The first installation id of each followed source. Frozen for ever: the ids are kept with
 * the data, and a base that moved would give a place a second id.
 *
 * A place's id is `base + sourceId + k × SPLIT_ID_STRIDE`: the importers' scheme
 * (`sourceId + k × 10⁹`, k counting the coordinates a location was seen at), moved up by the
 * source's base. A source has 10¹⁵ ids from its base (source ids below 10⁹, k below 10⁶), so the
 * sources never share one, and all stay below 2⁵³ (9.007 × 10¹⁵): safe integers, exact in JSON,
 * in the journal's float64 and in PostgreSQL's bigint. Installations of files (written by hand,
 * or by `airq import` with the same ids as the source's, below 10¹⁵ for any k below 10⁶) never
 * reach 10¹⁵; should one do, the store refuses to take its id for a place rather than
 * overwrite it.
 *
 * @example
 * FOLLOWED_ID_BASES.openaq; // 2_000_000_000_000_000
 */
export const FOLLOWED_ID_BASES: Readonly<Record<FollowedSourceName, number>> = Object.freeze({
  'sensor-community': 1_000_000_000_000_000,
  openaq: 2_000_000_000_000_000,
  purpleair: 3_000_000_000_000_000,
});

/** How many places (coordinates) one location of a source can have: k < 10⁶. */
export const MAX_PLACES_PER_LOCATION = 1_000_000;

/**
 * The installation id of the k-th place of a location of a followed source.
 *
 * @param sourceId - the source's id of the location, a positive integer below 10⁹
 * @param k - 0 for the first coordinates, below {@link MAX_PLACES_PER_LOCATION}
 * @throws RangeError when `sourceId` or `k` is outside its range
 * @example
 * followedInstallationId('sensor-community', 1071, 0); // 1_000_000_000_001_071
 * followedInstallationId('openaq', 1071, 2); // 2_000_002_000_001_071
 */
export function followedInstallationId(
  source: FollowedSourceName,
  sourceId: number,
  k: number,
): number {
  if (!(Number.isSafeInteger(sourceId) && sourceId > 0 && sourceId < SPLIT_ID_STRIDE)) {
    throw new RangeError(
      `followedInstallationId: sourceId must be a positive integer below ${SPLIT_ID_STRIDE}, got ${sourceId}`,
    );
  }
  if (!(Number.isSafeInteger(k) && k >= 0 && k < MAX_PLACES_PER_LOCATION)) {
    throw new RangeError(
      `followedInstallationId: k must be an integer in [0, ${MAX_PLACES_PER_LOCATION - 1}] (a location seen at more places than that), got ${k}`,
    );
  }
  return FOLLOWED_ID_BASES[source] + sourceId + k * SPLIT_ID_STRIDE;
}

/** What {@link assignPlaces} decided for a batch's places. */
export interface PlaceAssignment {
  /** The installation id of each source id of the batch. */
  readonly ids: ReadonlyMap<number, number>;
  /** The places to write: the new ones, and the known ones whose description changed. */
  readonly writes: readonly PlacedInstallation[];
  /** How many of `writes` are new places. */
  readonly created: number;
}

/**
 * Gives each place of a batch its installation, as the importers' `PlaceRegistry` does: a
 * location keeps the installation of the coordinates it stands at (exactly the same numbers),
 * and gets a new one, with the next `k`, at coordinates it was never seen at; coming back to
 * earlier coordinates gives back their installation. A known place whose description changed
 * (address, elevation, correction …) keeps its id and takes the new description: the source
 * corrects its metadata over time, and an installation's description is not history (its
 * samples' place is fixed by its coordinates, which never change). An unchanged one is not
 * written again, so a batch stored twice writes its places once.
 *
 * @param stored - every place stored for the batch's source ids (`PlaceWriter.readPlaces`)
 * @throws TypeError for an invalid installation; RangeError for a source id or k out of range
 * @example
 * assignPlaces('openaq', [{ sourceId: 1071, installation }], []);
 * // { ids: Map { 1071 → 2000000000001071 }, writes: [{ place: { source: 'openaq', sourceId: 1071, k: 0 }, … }], created: 1 }
 */
export function assignPlaces(
  source: FollowedSourceName,
  places: readonly FollowedPlace[],
  stored: readonly PlacedInstallation[],
): PlaceAssignment {
  const known = new Map<number, PlacedInstallation[]>();
  for (const entry of stored) {
    const list = known.get(entry.place.sourceId) ?? [];
    list.push(entry);
    known.set(entry.place.sourceId, list);
  }
  const ids = new Map<number, number>();
  const writes: PlacedInstallation[] = [];
  let created = 0;
  for (const { sourceId, installation } of places) {
    const list = known.get(sourceId) ?? [];
    const { latitude, longitude } = installation.location;
    const same = list.find(({ installation: old }) => {
      return old.location.latitude === latitude && old.location.longitude === longitude;
    });
    if (same !== undefined) {
      const { id } = same.installation;
      // Most places of a poll are described as at the last one: a description that is the
      // stored one to the letter was checked when it was stored, and is not checked again.
      if (!sameJson({ ...installation, id }, same.installation)) {
        const described = describedAs(installation, id);
        if (!sameJson(described, same.installation)) {
          writes.push({ place: same.place, installation: described });
        }
      }
      ids.set(sourceId, id);
      continue;
    }
    const k = list.reduce((next, entry) => Math.max(next, entry.place.k + 1), 0);
    const id = followedInstallationId(source, sourceId, k);
    writes.push({ place: { source, sourceId, k }, installation: describedAs(installation, id) });
    ids.set(sourceId, id);
    created++;
  }
  return { ids, writes, created };
}

// The installation as the store will keep it (validated, normalised), so that comparing it
// with the stored one finds only real changes.
function describedAs(installation: FollowedPlace['installation'], id: number): StoredInstallation {
  const [checked] = checkedInstallations('FollowSink.storeBatch', [{ ...installation, id }]);
  return checked as StoredInstallation; // one in, one out
}

/**
 * Whether two JSON-shaped values (plain objects, arrays, strings, finite numbers, booleans,
 * null) would be written as the same JSON once the keys of every object are sorted:
 * PostgreSQL's jsonb gives keys back in its own order, and a key whose value is `undefined` is
 * not written at all. Compared in place, since a poll compares every place of
 * the batch on the server's thread, where writing both out as text cost milliseconds.
 *
 * @example
 * sameJson({ a: 1, b: [2, { c: 3 }] }, { b: [2, { c: 3 }], a: 1 }); // true
 * sameJson({ a: 1, b: undefined }, { a: 1 }); // true
 * sameJson({ a: 1 }, { a: '1' }); // false
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    // An array writes an `undefined` item (or a hole) as null.
    for (let i = 0; i < a.length; i++) {
      if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    }
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let written = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key) || left[key] === undefined) continue;
    written++;
    if (!Object.hasOwn(right, key) || !sameJson(left[key], right[key])) return false;
  }
  for (const key in right) {
    if (Object.hasOwn(right, key) && right[key] !== undefined) written--;
  }
  return written === 0;
}
