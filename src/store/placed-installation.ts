import { argumentError } from '../arguments/describe-value.js';
import { checkedInstallations } from './installation-input.js';
import type { StoredInstallation } from './stored-installation.js';

// Installations that a running server creates for the places of a followed open-data source
// (`airq --follow`), kept with the data so that a place has the same installation after a
// restart and in every process sharing a database. The store keeps the key of each place beside
// its installation; the follow sink decides which key a place gets and which id it has.

/**
 * Which place of a followed source an installation stands for: the source's name, the source's
 * own id of the location, and `k`, the location's k-th place (0 for the first coordinates it
 * was seen at, 1 after it first moved, …), as the importers split a location that moved.
 *
 * @example
 * const key: PlaceKey = { source: 'openaq', sourceId: 1071, k: 0 };
 */
export interface PlaceKey {
  /** A followed source's name, e.g. `sensor-community` (1 to 64 characters). */
  readonly source: string;
  /** The source's own id of the location: a positive safe integer. */
  readonly sourceId: number;
  /** A non-negative safe integer. */
  readonly k: number;
}

/**
 * An installation of a followed place, and the place's key. The installation's `location` is
 * where the place stands: a place keeps its id and its coordinates for ever (a location seen
 * elsewhere becomes another place, with another `k`), while the rest of its description may
 * change.
 *
 * @example
 * const placed: PlacedInstallation = { place: { source: 'openaq', sourceId: 1071, k: 0 }, installation };
 */
export interface PlacedInstallation {
  readonly place: PlaceKey;
  readonly installation: StoredInstallation;
}

/**
 * The port through which a followed source adds installations while the server runs, durably:
 * `JournaledStore` (a journal record, then memory), `PostgresStore` (one transaction, seen by
 * every process at its next refresh), `InMemoryStore` (memory only, not durable).
 *
 * @example
 * await writer.writePlaces([{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]);
 * await writer.readPlaces('openaq', [1071]); // [{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]
 */
export interface PlaceWriter {
  /**
   * The places stored for these source ids of `source` (every `k` of each), with their
   * installations as stored now, in no particular order.
   */
  readPlaces(source: string, sourceIds: readonly number[]): Promise<readonly PlacedInstallation[]>;
  /**
   * Stores the places and adds their installations, or replaces the installations of places
   * already stored; resolves once that is durable and served, rejects with nothing of it
   * served otherwise (`DependencyUnavailableError` for a disk or a database that fails).
   *
   * @throws TypeError for an invalid place or installation; RangeError when a key or an id
   *   repeats in the call, a stored place would change its id or its coordinates, two places of
   *   a location would stand at the same coordinates, or an id is already an installation
   *   that is no followed place (one loaded from a file)
   */
  writePlaces(entries: readonly PlacedInstallation[]): Promise<void>;
}

const MAX_SOURCE_LENGTH = 64;

/**
 * Validates untrusted placed installations and returns frozen copies (the installations as
 * `checkedInstallations` copies them).
 *
 * @param functionName - named in the error messages
 * @throws TypeError naming the entry and field
 * @example
 * checkedPlacedInstallations('InMemoryStore.writePlaces', [{ place: { source: '', sourceId: 1, k: 0 }, installation }]);
 * // TypeError: InMemoryStore.writePlaces: entries[0].place.source must be a name of 1 to 64 characters, got ""
 */
export function checkedPlacedInstallations(
  functionName: string,
  entries: readonly PlacedInstallation[],
): PlacedInstallation[] {
  if (!Array.isArray(entries)) {
    throw argumentError(TypeError, functionName, 'entries', 'must be an array', entries);
  }
  const installations = entries.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null) {
      throw argumentError(TypeError, functionName, `entries[${i}]`, 'must be an object', entry);
    }
    checkPlaceKey(functionName, `entries[${i}].place`, (entry as PlacedInstallation).place);
    return (entry as PlacedInstallation).installation;
  });
  const checked = checkedInstallations(functionName, installations);
  return entries.map((entry, i) => {
    const { source, sourceId, k } = entry.place;
    return Object.freeze({
      place: Object.freeze({ source, sourceId, k }),
      installation: checked[i] as StoredInstallation, // one per entry
    });
  });
}

function checkPlaceKey(functionName: string, parameter: string, place: unknown): void {
  if (typeof place !== 'object' || place === null) {
    throw argumentError(TypeError, functionName, parameter, 'must be an object', place);
  }
  const { source, sourceId, k } = place as PlaceKey;
  if (typeof source !== 'string' || source.length === 0 || source.length > MAX_SOURCE_LENGTH) {
    const expected = `must be a name of 1 to ${MAX_SOURCE_LENGTH} characters`;
    throw argumentError(TypeError, functionName, `${parameter}.source`, expected, source);
  }
  if (!(Number.isSafeInteger(sourceId) && sourceId > 0)) {
    const expected = 'must be a positive safe integer';
    throw argumentError(TypeError, functionName, `${parameter}.sourceId`, expected, sourceId);
  }
  if (!(Number.isSafeInteger(k) && k >= 0)) {
    const expected = 'must be a non-negative safe integer';
    throw argumentError(TypeError, functionName, `${parameter}.k`, expected, k);
  }
}

/**
 * Checks the arguments of `readPlaces`: a source name and an array of positive safe integers.
 *
 * @throws TypeError naming the parameter
 * @example
 * checkReadPlacesArguments('PostgresStore.readPlaces', 'openaq', [1.5]);
 * // TypeError: PostgresStore.readPlaces: sourceIds[0] must be a positive safe integer, got 1.5
 */
export function checkReadPlacesArguments(
  functionName: string,
  source: unknown,
  sourceIds: unknown,
): void {
  if (typeof source !== 'string' || source.length === 0 || source.length > MAX_SOURCE_LENGTH) {
    const expected = `must be a name of 1 to ${MAX_SOURCE_LENGTH} characters`;
    throw argumentError(TypeError, functionName, 'source', expected, source);
  }
  if (!Array.isArray(sourceIds)) {
    throw argumentError(TypeError, functionName, 'sourceIds', 'must be an array', sourceIds);
  }
  sourceIds.forEach((sourceId: unknown, i) => {
    if (!(Number.isSafeInteger(sourceId) && (sourceId as number) > 0)) {
      const expected = 'must be a positive safe integer';
      throw argumentError(TypeError, functionName, `sourceIds[${i}]`, expected, sourceId);
    }
  });
}

/**
 * How a message names a place: `openaq 1071 #0`.
 *
 * @example
 * describePlace({ source: 'openaq', sourceId: 1071, k: 1 }); // 'openaq 1071 #1'
 */
export function describePlace(place: PlaceKey): string {
  return `${place.source} ${place.sourceId} #${place.k}`;
}
