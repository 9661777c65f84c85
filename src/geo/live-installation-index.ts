import type { GeoPoint } from './geo-point.js';
import { InstallationIndex } from './installation-index.js';

/**
 * Holds the current {@link InstallationIndex} of a set of installations that changes at run
 * time (added, removed, replaced). `replace` builds a complete new index first and only then
 * swaps the reference, so a query sees either the old set or the new one, never a half-built
 * index; a query that already holds `current` keeps a consistent snapshot. A `replace` whose
 * points are invalid throws and leaves the current index untouched.
 *
 * Rebuilding is a synchronous O(n log n) build that blocks the event loop while it runs (the
 * times are in bench/RESULTS.md): call `replace` when the store's `installationsVersion` changes (after an import, on
 * a timer), not inside a request handler. Memory: about 32 bytes per installation for the tree
 * and its id maps, held twice only while a replacement is being built.
 *
 * @example
 * const live = new LiveInstallationIndex([{ id: 1, latitude: 50, longitude: 20 }]);
 * const before = live.current;
 * live.replace([{ id: 2, latitude: 50, longitude: 20.001 }]);
 * live.current.nearest(50, 20)[0]?.id; // 2
 * before.nearest(50, 20)[0]?.id; // 1 (the old snapshot still answers)
 */
export class LiveInstallationIndex {
  #current: InstallationIndex;

  /** @param points - the initial installations (default: none) */
  constructor(points: readonly GeoPoint[] = []) {
    this.#current = InstallationIndex.from(points);
  }

  /** The index of the latest successfully replaced set of installations. */
  get current(): InstallationIndex {
    return this.#current;
  }

  /**
   * Builds an index of `points` and makes it current.
   *
   * @throws whatever {@link InstallationIndex.from} throws; the current index then stays
   */
  replace(points: readonly GeoPoint[]): void {
    const next = InstallationIndex.from(points);
    this.#current = next;
  }
}
