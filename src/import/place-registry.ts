import type { StoredInstallation } from '../store/stored-installation.js';

/**
 * Installation ids of a source location that moved: its k-th place (k = 0 for the first) gets
 * `sourceId + k × SPLIT_ID_STRIDE`. Source ids stay below the stride (Sensor.Community and
 * OpenAQ location ids are in the millions at most), so split ids never collide with real ones
 * and the same input always gives the same ids.
 */
export const SPLIT_ID_STRIDE = 1_000_000_000;

/** Where a source location was seen, and which installation stands for it there. */
interface Place {
  readonly latitude: number;
  readonly longitude: number;
  readonly installationId: number;
}

/** The answer of {@link PlaceRegistry.place}. */
export interface PlaceAnswer {
  readonly installationId: number;
  /** Set when the location was last seen somewhere else: it moved (or moved back). */
  readonly movedFrom?: Place;
}

/**
 * The installations an import builds, one per (source location, coordinates): a location is
 * identified by its source id, and when its coordinates change it is split, so samples taken
 * at different places never mix in one installation. Memory grows with the number of
 * locations, never with the number of rows.
 *
 * @example
 * const places = new PlaceRegistry();
 * places.place(85606, 45.528, 11.56, describe); // { installationId: 85606 }
 * places.place(85606, 45.6, 11.6, describe).installationId; // 1000085606
 */
export class PlaceRegistry {
  readonly #places = new Map<number, Place[]>();
  readonly #last = new Map<number, Place>();
  readonly #installations = new Map<number, StoredInstallation>();

  /**
   * The installation of `sourceId` at these coordinates, created on first sight with
   * `describe(installationId)`.
   *
   * @param sourceId - a positive integer below {@link SPLIT_ID_STRIDE}
   */
  place(
    sourceId: number,
    latitude: number,
    longitude: number,
    describe: (installationId: number) => StoredInstallation,
  ): PlaceAnswer {
    const last = this.#last.get(sourceId);
    if (last !== undefined && last.latitude === latitude && last.longitude === longitude) {
      return { installationId: last.installationId };
    }
    let places = this.#places.get(sourceId);
    if (places === undefined) {
      places = [];
      this.#places.set(sourceId, places);
    }
    let found = places.find((p) => p.latitude === latitude && p.longitude === longitude);
    if (found === undefined) {
      const installationId = sourceId + places.length * SPLIT_ID_STRIDE;
      found = { latitude, longitude, installationId };
      places.push(found);
      this.#installations.set(installationId, describe(installationId));
    }
    this.#last.set(sourceId, found);
    return last === undefined
      ? { installationId: found.installationId }
      : { installationId: found.installationId, movedFrom: last };
  }

  /** How many source locations were seen at more than one place. */
  get splitCount(): number {
    let count = 0;
    for (const places of this.#places.values()) if (places.length > 1) count++;
    return count;
  }

  /** Every installation built, in ascending id order. */
  installations(): StoredInstallation[] {
    return [...this.#installations.values()].sort((a, b) => a.id - b.id);
  }
}
