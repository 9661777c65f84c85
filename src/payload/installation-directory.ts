import type { InstallationIndex } from '../geo/installation-index.js';
import { LiveInstallationIndex } from '../geo/live-installation-index.js';
import type { Installation } from '../model/api-types.js';
import type { MeasurementStore } from '../store/measurement-store.js';

/** The spatial index and the installations it holds, taken together at one moment. */
export interface DirectorySnapshot {
  readonly index: InstallationIndex;
  readonly byId: ReadonlyMap<number, Installation>;
}

interface PendingBuild {
  readonly version: number;
  readonly done: Promise<void>;
}

/**
 * Keeps a spatial index of a store's active installations up to date. Each call compares the
 * store's `installationsVersion` with the version the index was built from; the index is
 * rebuilt once per change (concurrent callers share one rebuild), never per request.
 *
 * @example
 * const directory = new InstallationDirectory(store);
 * const { index, byId } = await directory.snapshot();
 * index.nearest(50.06, 19.94).map((hit) => byId.get(hit.id)); // [the nearest Installation]
 */
export class InstallationDirectory {
  readonly #store: MeasurementStore;
  readonly #live = new LiveInstallationIndex();
  #byId: ReadonlyMap<number, Installation> = new Map();
  #builtVersion: number | undefined;
  #pending: PendingBuild | undefined;
  // Builds are numbered so that a slow, older build can never overwrite a newer one.
  #startedBuilds = 0;
  #appliedBuild = 0;
  #buildCount = 0;

  constructor(store: MeasurementStore) {
    this.#store = store;
  }

  /** How many times the index has been rebuilt (for tests and diagnostics). */
  get buildCount(): number {
    return this.#buildCount;
  }

  /** The current index and id map, rebuilt first when the store's installations changed. */
  async snapshot(): Promise<DirectorySnapshot> {
    const version = this.#store.installationsVersion;
    if (version !== this.#builtVersion) {
      if (this.#pending?.version !== version) {
        const pending: PendingBuild = {
          version,
          // A failed build is forgotten, so that the next call tries again.
          done: this.#rebuild(version).finally(() => {
            if (this.#pending === pending) this.#pending = undefined;
          }),
        };
        this.#pending = pending;
      }
      await this.#pending.done;
    }
    // Read together, synchronously, so that the index and the map always belong to one build.
    return { index: this.#live.current, byId: this.#byId };
  }

  async #rebuild(version: number): Promise<void> {
    const build = ++this.#startedBuilds;
    const installations = await this.#store.listActiveInstallations();
    if (!Array.isArray(installations)) {
      throw new TypeError(
        `MeasurementStore.listActiveInstallations: must return an array, got ${typeof installations}`,
      );
    }
    if (build < this.#appliedBuild) return;
    const byId = new Map<number, Installation>();
    const points = installations.map((installation) => {
      byId.set(installation.id, installation);
      const { latitude, longitude } = installation.location;
      return { id: installation.id, latitude, longitude };
    });
    this.#live.replace(points);
    this.#byId = byId;
    this.#appliedBuild = build;
    this.#builtVersion = version;
    this.#buildCount++;
  }
}
