import { describePlace, type PlacedInstallation } from './placed-installation.js';

// The places of followed sources that a store knows, and the one check of a write against
// them, shared by the in-memory store (all its places) and PostgreSQL (the rows a write
// touches, read in its transaction): a place keeps its id and its coordinates for ever.

/** Map key of a location of a source: its places are the entries with every `k`. */
function locationKey(source: string, sourceId: number): string {
  return `${source}\n${sourceId}`;
}

function sameCoordinates(a: PlacedInstallation, b: PlacedInstallation): boolean {
  const [p, q] = [a.installation.location, b.installation.location];
  return p.latitude === q.latitude && p.longitude === q.longitude;
}

/**
 * An immutable set of placed installations, indexed by location and by installation id.
 * {@link with} checks a write and returns the set after it; a failed check changes nothing.
 *
 * @example
 * const table = PlaceTable.EMPTY.with('f', [placed], () => false);
 * table.read('openaq', [1071]); // [placed]
 */
export class PlaceTable {
  /** The table without places. */
  static readonly EMPTY = new PlaceTable(new Map(), new Map());

  readonly #byLocation: ReadonlyMap<string, readonly PlacedInstallation[]>;
  readonly #byId: ReadonlyMap<number, PlacedInstallation>;

  private constructor(
    byLocation: ReadonlyMap<string, readonly PlacedInstallation[]>,
    byId: ReadonlyMap<number, PlacedInstallation>,
  ) {
    this.#byLocation = byLocation;
    this.#byId = byId;
  }

  /**
   * A table of stored entries, unchecked (they were checked when they were written).
   *
   * @example
   * PlaceTable.of(rowsReadFromTheDatabase).read('openaq', [1071]);
   */
  static of(entries: Iterable<PlacedInstallation>): PlaceTable {
    const byLocation = new Map<string, PlacedInstallation[]>();
    const byId = new Map<number, PlacedInstallation>();
    for (const entry of entries) {
      PlaceTable.#put(byLocation, byId, entry);
    }
    return new PlaceTable(byLocation, byId);
  }

  static #put(
    byLocation: Map<string, readonly PlacedInstallation[]>,
    byId: Map<number, PlacedInstallation>,
    entry: PlacedInstallation,
  ): void {
    const key = locationKey(entry.place.source, entry.place.sourceId);
    const others = (byLocation.get(key) ?? []).filter((old) => old.place.k !== entry.place.k);
    byLocation.set(key, [...others, entry]);
    byId.set(entry.installation.id, entry);
  }

  /** Places stored, over all sources. */
  get size(): number {
    return this.#byId.size;
  }

  /** Whether installation `id` is a followed place's. */
  has(id: number): boolean {
    return this.#byId.has(id);
  }

  /** The places of these source ids of `source`, every `k`, in source-id order then `k`. */
  read(source: string, sourceIds: readonly number[]): PlacedInstallation[] {
    const found: PlacedInstallation[] = [];
    for (const sourceId of new Set(sourceIds)) {
      const places = this.#byLocation.get(locationKey(source, sourceId)) ?? [];
      found.push(...[...places].sort((a, b) => a.place.k - b.place.k));
    }
    return found;
  }

  /**
   * The table with `entries` (checked copies) stored: new places added, the installations of
   * known places replaced.
   *
   * @param isInstallation - whether an id is an installation of the store at all (a followed
   *   place's or not): an id that is, but is not in this table, belongs to someone else
   * @throws RangeError when a key or an id repeats in `entries`, a known place would change
   *   its id or coordinates, an id is another place's or another installation's, or two places
   *   of one location would stand at the same coordinates
   * @example
   * table.with('PostgresStore.writePlaces', [{ ...placed, installation: { ...placed.installation, id: 9 } }], has);
   * // RangeError: PostgresStore.writePlaces: place openaq 1071 #0 is installation 2000000000001071; it cannot become 9
   */
  with(
    functionName: string,
    entries: readonly PlacedInstallation[],
    isInstallation: (id: number) => boolean,
  ): PlaceTable {
    const fail = (message: string) => new RangeError(`${functionName}: ${message}`);
    const byLocation = new Map(this.#byLocation);
    const byId = new Map(this.#byId);
    const keys = new Set<string>();
    const ids = new Set<number>();
    for (const entry of entries) {
      const { place, installation } = entry;
      const name = describePlace(place);
      const key = `${locationKey(place.source, place.sourceId)}\n${place.k}`;
      if (keys.has(key)) throw fail(`place ${name} appears more than once`);
      if (ids.has(installation.id)) {
        throw fail(`installation id ${installation.id} appears more than once`);
      }
      keys.add(key);
      ids.add(installation.id);
      const places = byLocation.get(locationKey(place.source, place.sourceId)) ?? [];
      const old = places.find((other) => other.place.k === place.k);
      if (old !== undefined && old.installation.id !== installation.id) {
        throw fail(
          `place ${name} is installation ${old.installation.id}; it cannot become ${installation.id}`,
        );
      }
      if (old !== undefined && !sameCoordinates(old, entry)) {
        const { latitude, longitude } = old.installation.location;
        throw fail(
          `place ${name} stands at (${latitude}, ${longitude}); a location that moved is a new place`,
        );
      }
      const twin = places.find(
        (other) => other.place.k !== place.k && sameCoordinates(other, entry),
      );
      if (twin !== undefined) {
        throw fail(`place ${name} stands where place ${describePlace(twin.place)} stands`);
      }
      const owner = byId.get(installation.id);
      if (owner !== undefined && owner !== old) {
        throw fail(`installation id ${installation.id} is place ${describePlace(owner.place)}'s`);
      }
      if (owner === undefined && isInstallation(installation.id)) {
        throw fail(
          `installation id ${installation.id} is taken by an installation that is no followed place`,
        );
      }
      PlaceTable.#put(byLocation, byId, entry);
    }
    return new PlaceTable(byLocation, byId);
  }
}
