import { isGridIndexType } from '../indexes/index-table.js';
import type { Installation } from '../model/api-types.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { MeasurementWindows } from '../time/windows.js';
import type { RenderOptions } from './averaged-values.js';
import { installationCurrentIndex } from './installation-current-index.js';
import type { NetworkInstallation, NetworkResult } from './measurements-service.js';
import type { NetworkBox } from './network-box.js';
import type { NetworkHorizons } from './network-horizons.js';
import { currentThroughMs, StoreFreshness, snapshotVersions } from './payload-freshness.js';

// The elements of a network answer, one per installation, with the state that outlives a
// request: the elements kept per index type and language, and those being computed right now.
// Kept apart from `NetworkIndexes` (network-indexes.ts), which puts an answer together from
// them: this file decides what one element is and whether it is computed, waited for or kept;
// that one decides which elements an answer needs and reuses the arrays of the last answer.

/**
 * What one network request reads: the active installations, and their version read first.
 *
 * @example
 * const snapshot: NetworkSnapshot = { byId: new Map([[1001, installation]]), installationsVersion: 0 };
 */
export interface NetworkSnapshot {
  readonly byId: ReadonlyMap<number, Installation>;
  readonly installationsVersion: number;
}

/**
 * What one network request asks for.
 *
 * @example
 * const query: NetworkQuery = { nowMs, windows: measurementWindows(nowMs), render, box: undefined };
 */
export interface NetworkQuery {
  readonly nowMs: number;
  readonly windows: MeasurementWindows;
  readonly render: RenderOptions;
  readonly box: NetworkBox | undefined;
}

/**
 * One installation's element and how long it stays exact.
 *
 * @example
 * entry.freshness?.validAt(nowMs) === true; // the element may serve a request at `nowMs`
 */
export interface CurrentEntry {
  readonly element: NetworkInstallation;
  /** `JSON.stringify(element)`, once, when the element is kept; `undefined` otherwise. */
  readonly json: string | undefined;
  /** `undefined` over a store that cannot bound it: the element serves one request. */
  readonly freshness: StoreFreshness | undefined;
  /** `dataVersion(id, +Infinity)` read before the element's data. */
  readonly version: number;
}

/**
 * The last answer over every installation, position by position in the sorted list: the next
 * one checks each kept element once and copies these arrays with only the changed positions
 * replaced, instead of building each again from the entries.
 *
 * @example
 * kept.last?.horizons.staleAt(store, installationsVersion, kept.last.ids, kept.last.versions, nowMs);
 * // [] when every element of the last answer is still exact
 */
export interface LastAnswer {
  readonly chosen: readonly Installation[];
  readonly entries: readonly CurrentEntry[];
  readonly installations: readonly NetworkInstallation[];
  readonly json: readonly string[];
  readonly versions: readonly number[];
  readonly ids: readonly number[];
  readonly horizons: NetworkHorizons;
  readonly result: NetworkResult;
}

/**
 * The kept elements of one index type and language.
 *
 * @example
 * const kept: KeptElements = { byId: new Map(), computing: new Map(), last: undefined };
 */
export interface KeptElements {
  readonly byId: Map<number, CurrentEntry>;
  /** Elements being computed, by id: a request that needs one meanwhile waits for it. */
  readonly computing: Map<number, Promise<CurrentEntry>>;
  last: LastAnswer | undefined;
}

/**
 * The network elements of one measurements service: each computed by
 * `installationCurrentIndex` (so it is the `current.indexes[0]` of its Measurements payload),
 * over a bounded store with the validity horizon of its own payload, and, when kept, serialised
 * once and held per index type and language until the installations change.
 *
 * @example
 * const elements = new NetworkElements(store, store, true);
 * const kept = elements.keptOf('CAQI', 'en', snapshot.installationsVersion);
 * const entry = await elements.entry(installation, kept, snapshot, query);
 * entry.element.index.level; // 'LOW'
 */
export class NetworkElements {
  readonly #store: MeasurementStore;
  readonly #bounded: MeasurementStore | undefined;
  readonly #keep: boolean;
  // Elements by `indexType:language`; dropped when the installations change.
  readonly #kept = new Map<string, KeptElements>();
  #keptVersion = Number.NaN;

  /**
   * @param store - the service's store
   * @param bounded - `store` when it can bound an element's validity, else `undefined`
   * @param keep - keep elements between requests (only over a bounded store)
   */
  constructor(store: MeasurementStore, bounded: MeasurementStore | undefined, keep: boolean) {
    this.#store = store;
    this.#bounded = bounded;
    this.#keep = keep;
  }

  /**
   * The kept elements of one index type and language, all dropped first when
   * `installationsVersion` is not the one they were kept under; `undefined` when nothing is kept.
   *
   * @example
   * elements.keptOf('CAQI', 'en', 3)?.byId.get(1001)?.element.index.level; // 'LOW', or undefined
   */
  keptOf(
    indexType: string,
    language: string,
    installationsVersion: number,
  ): KeptElements | undefined {
    if (!this.#keep) return undefined;
    if (installationsVersion !== this.#keptVersion) {
      this.#kept.clear();
      this.#keptVersion = installationsVersion;
    }
    const key = `${indexType}:${language}`;
    let kept = this.#kept.get(key);
    if (kept === undefined) {
      kept = { byId: new Map(), computing: new Map(), last: undefined };
      this.#kept.set(key, kept);
    }
    return kept;
  }

  /**
   * The element of one installation, computed once however many requests need it at the same
   * time (kept in `kept` when given): at the top of the hour every kept element expires, and
   * each network request that came meanwhile computed all 10,000 again on its own (three at
   * once over PostgreSQL, in bench:shared-load). The entry of another request serves this one
   * if it is exact for it.
   *
   * @throws whatever the store throws while the element is computed
   * @example
   * (await elements.entry(installation, kept, snapshot, query)).element.id; // installation.id
   */
  async entry(
    installation: Installation,
    kept: KeptElements | undefined,
    snapshot: NetworkSnapshot,
    query: NetworkQuery,
  ): Promise<CurrentEntry> {
    const { id } = installation;
    const pending = kept?.computing.get(id);
    if (pending !== undefined) {
      // Its failure is that request's; this one then computes on its own.
      const entry = await pending.catch(() => undefined);
      if (entry?.freshness?.validAt(query.nowMs) === true) return entry;
    }
    const computing = this.#computed(installation, kept, snapshot, query);
    if (kept === undefined) return computing;
    kept.computing.set(id, computing);
    try {
      return await computing;
    } finally {
      if (kept.computing.get(id) === computing) kept.computing.delete(id);
    }
  }

  async #computed(
    installation: Installation,
    kept: KeptElements | undefined,
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
    if (bounded === undefined || !versions) {
      return { element, json: undefined, freshness: undefined, version: 0 };
    }
    const indexHours = !isGridIndexType(render.indexType);
    const throughMs = await currentThroughMs(bounded, installation, nowMs, indexHours);
    const freshness = new StoreFreshness(bounded, versions, nowMs, throughMs, false);
    // Serialised only when kept: a payload of elements that are not is serialised whole.
    const json = kept === undefined ? undefined : JSON.stringify(element);
    const entry = { element, json, freshness, version: versions.versions[0]! }; // one id
    kept?.byId.set(installation.id, entry);
    return entry;
  }
}
