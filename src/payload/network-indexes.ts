import { type IndexTypeName, isGridIndexType } from '../indexes/index-table.js';
import type { Installation } from '../model/api-types.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { MeasurementWindows } from '../time/windows.js';
import type { RenderOptions } from './averaged-values.js';
import { installationCurrentIndex } from './installation-current-index.js';
import type { NetworkInstallation, NetworkResult } from './measurements-service.js';
import { inNetworkBox, type NetworkBox } from './network-box.js';
import { currentThroughMs, StoreFreshness, snapshotVersions } from './payload-freshness.js';

/** What one network request reads: the active installations, and their version read first. */
export interface NetworkSnapshot {
  readonly byId: ReadonlyMap<number, Installation>;
  readonly installationsVersion: number;
}

/** What one network request asks for. */
export interface NetworkQuery {
  readonly nowMs: number;
  readonly windows: MeasurementWindows;
  readonly render: RenderOptions;
  readonly box: NetworkBox | undefined;
}

// One installation's element and how long it stays exact.
interface CurrentEntry {
  readonly element: NetworkInstallation;
  /** `undefined` over a store that cannot bound it: the element serves one request. */
  readonly freshness: StoreFreshness | undefined;
  /** `dataVersion(id, +Infinity)` read before the element's data. */
  readonly version: number;
}

/**
 * The current index of every active installation, for one measurements service. Each
 * installation's element is computed by `installationCurrentIndex` (so it is the
 * `current.indexes[0]` of its Measurements payload) and, over a store that can bound it
 * (`canBoundFreshness`), kept per index type and language with the validity horizon its own
 * payload would have: until a sample enters or leaves the windows behind `current`, a sample of
 * the installation changes or the hour ends. A request then computes only the installations
 * whose horizon passed, and its answer carries the horizon of the whole network (every
 * installation's version, the earliest end), which the adapter's response cache keys on.
 *
 * @example
 * const network = new NetworkIndexes(store, true);
 * const { payload } = await network.answer(snapshot, { nowMs, windows, render, box: undefined });
 * payload.installations[0].index.level; // 'LOW'
 */
export class NetworkIndexes {
  readonly #store: MeasurementStore;
  readonly #bounded: MeasurementStore | undefined;
  readonly #keep: boolean;
  // Elements by `indexType:language`, then installation id; dropped when the installations change.
  readonly #entries = new Map<string, Map<number, CurrentEntry>>();
  #entriesVersion = Number.NaN;
  #sortedFrom: ReadonlyMap<number, Installation> | undefined;
  #sorted: readonly Installation[] = [];

  /**
   * @param store - the service's store
   * @param bounded - whether `store` can bound a payload's validity (`canBoundFreshness`)
   * @param keep - keep elements between requests (the service's `cacheSize` is not 0)
   */
  constructor(store: MeasurementStore, bounded: boolean, keep: boolean) {
    this.#store = store;
    this.#bounded = bounded ? store : undefined;
    this.#keep = bounded && keep;
  }

  /** The network answer of a request: its installations in the box by id, each with its index. */
  async answer(snapshot: NetworkSnapshot, query: NetworkQuery): Promise<NetworkResult> {
    const { box, render } = query;
    const chosen = this.#sortedOf(snapshot.byId).filter(
      (installation) =>
        box === undefined ||
        inNetworkBox(box, installation.location.latitude, installation.location.longitude),
    );
    const kept = this.#keptOf(render.indexType, render.language, snapshot.installationsVersion);
    // Kept elements still exact are taken as they are; only the others wait on the store. With
    // a promise per installation, an answer after one late sample took 120 ms of wall time in
    // bench/network.bench.ts, now 71 ms (a busy machine; CPU 63 → 66 ms, within its noise).
    const entries: CurrentEntry[] = new Array(chosen.length);
    const pending: Promise<void>[] = [];
    chosen.forEach((installation, i) => {
      const found = kept?.get(installation.id);
      if (found?.freshness?.validAt(query.nowMs) === true) entries[i] = found;
      else {
        const computed = this.#computed(installation, kept, snapshot, query);
        pending.push(
          computed.then((entry) => {
            entries[i] = entry;
          }),
        );
      }
    });
    await Promise.all(pending);
    const indexType: IndexTypeName = render.indexType;
    const payload = Object.freeze({
      indexType,
      installations: Object.freeze(entries.map((entry) => entry.element)),
    });
    const bounded = this.#bounded;
    if (bounded === undefined) return { payload };
    let throughMs = Number.POSITIVE_INFINITY;
    for (const entry of entries) throughMs = Math.min(throughMs, entry.freshness!.throughMs); // bounded
    const versions = {
      installationsVersion: snapshot.installationsVersion,
      ids: entries.map((entry) => entry.element.id),
      versions: entries.map((entry) => entry.version),
    };
    const whole = new StoreFreshness(bounded, versions, query.nowMs, throughMs, false);
    return { payload, freshness: async () => whole };
  }

  async #computed(
    installation: Installation,
    kept: Map<number, CurrentEntry> | undefined,
    snapshot: NetworkSnapshot,
    { nowMs, windows, render }: NetworkQuery,
  ): Promise<CurrentEntry> {
    const bounded = this.#bounded;
    // Read before the data, so a change during the read leaves the entry stale, never wrong.
    const versions =
      bounded && snapshotVersions(bounded, snapshot.installationsVersion, [installation.id]);
    const full = await installationCurrentIndex(this.#store, installation, windows, render);
    const { latitude, longitude } = installation.location;
    const { name, value, level, description, color } = full;
    const element: NetworkInstallation = Object.freeze({
      id: installation.id,
      location: Object.freeze({ latitude, longitude }),
      index: Object.freeze({ name, value, level, description, color }),
    });
    if (bounded === undefined || !versions) return { element, freshness: undefined, version: 0 };
    const indexHours = !isGridIndexType(render.indexType);
    const throughMs = await currentThroughMs(bounded, installation, nowMs, indexHours);
    const freshness = new StoreFreshness(bounded, versions, nowMs, throughMs, false);
    const entry = { element, freshness, version: versions.versions[0]! }; // one id
    kept?.set(installation.id, entry);
    return entry;
  }

  #keptOf(
    indexType: string,
    language: string,
    installationsVersion: number,
  ): Map<number, CurrentEntry> | undefined {
    if (!this.#keep) return undefined;
    if (installationsVersion !== this.#entriesVersion) {
      this.#entries.clear();
      this.#entriesVersion = installationsVersion;
    }
    const key = `${indexType}:${language}`;
    let kept = this.#entries.get(key);
    if (kept === undefined) {
      kept = new Map();
      this.#entries.set(key, kept);
    }
    return kept;
  }

  // Sorted once per build of the directory's map.
  #sortedOf(byId: ReadonlyMap<number, Installation>): readonly Installation[] {
    if (byId !== this.#sortedFrom) {
      this.#sorted = [...byId.values()].sort((a, b) => a.id - b.id);
      this.#sortedFrom = byId;
    }
    return this.#sorted;
  }
}
