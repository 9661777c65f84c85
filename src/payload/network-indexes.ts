import { type IndexTypeName, isGridIndexType } from '../indexes/index-table.js';
import type { Installation } from '../model/api-types.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { MeasurementWindows } from '../time/windows.js';
import type { RenderOptions } from './averaged-values.js';
import { installationCurrentIndex } from './installation-current-index.js';
import type { NetworkInstallation, NetworkResult } from './measurements-service.js';
import { inNetworkBox, type NetworkBox } from './network-box.js';
import { NetworkHorizons } from './network-horizons.js';
import {
  currentThroughMs,
  type FreshnessReach,
  StoreFreshness,
  snapshotVersions,
} from './payload-freshness.js';

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

/**
 * Installations whose element is computed at the same time, at most: below `PostgresStore`'s
 * default pool of 10 connections, so other requests still find one free.
 */
const READS_IN_FLIGHT = 8;

// One installation's element and how long it stays exact.
interface CurrentEntry {
  readonly element: NetworkInstallation;
  /** `JSON.stringify(element)`, once, when the element is kept; `undefined` otherwise. */
  readonly json: string | undefined;
  /** `undefined` over a store that cannot bound it: the element serves one request. */
  readonly freshness: StoreFreshness | undefined;
  /** `dataVersion(id, +Infinity)` read before the element's data. */
  readonly version: number;
}

// The last answer over every installation, position by position in the sorted list: the next
// one checks each kept element once and copies these arrays with only the changed positions
// replaced, instead of building each again from the entries.
interface LastAnswer {
  readonly chosen: readonly Installation[];
  readonly entries: readonly CurrentEntry[];
  readonly installations: readonly NetworkInstallation[];
  readonly json: readonly string[];
  readonly versions: readonly number[];
  readonly ids: readonly number[];
  readonly horizons: NetworkHorizons;
  readonly result: NetworkResult;
}

// The kept elements of one index type and language.
interface KeptElements {
  readonly byId: Map<number, CurrentEntry>;
  /** Elements being computed, by id: a request that needs one meanwhile waits for it. */
  readonly computing: Map<number, Promise<CurrentEntry>>;
  last: LastAnswer | undefined;
}

/**
 * The current index of every active installation, for one measurements service. Each
 * installation's element is computed by `installationCurrentIndex` (so it is the
 * `current.indexes[0]` of its Measurements payload) and, over a store that can bound it
 * (`freshnessReach` not `none`), kept per index type and language with the validity horizon its
 * own payload would have: until a sample enters or leaves the windows behind `current`, a sample
 * of the installation changes or the hour ends. A request then computes only the installations
 * whose horizon passed. Over a store without `refresh` (`across-calls`) its answer carries the
 * horizon of the whole network (every installation's version, the earliest end), which the
 * adapter's response cache keys on; over a shared store (`within-call`: `PostgresStore`) kept
 * elements are checked in each call after the store's refresh, and the answer carries none.
 * A kept element is serialised once, with it, and its JSON handed out with the payload
 * (network-body.ts), so the adapter serialises and compresses again only what changed.
 *
 * @example
 * const network = new NetworkIndexes(store, 'across-calls', true);
 * const { payload } = await network.answer(snapshot, { nowMs, windows, render, box: undefined });
 * payload.installations[0].index.level; // 'LOW'
 */
export class NetworkIndexes {
  readonly #store: MeasurementStore;
  readonly #bounded: MeasurementStore | undefined;
  readonly #handsOutFreshness: boolean;
  readonly #keep: boolean;
  // Elements by `indexType:language`; dropped when the installations change.
  readonly #kept = new Map<string, KeptElements>();
  #keptVersion = Number.NaN;
  #sortedFrom: ReadonlyMap<number, Installation> | undefined;
  #sorted: readonly Installation[] = [];

  /**
   * @param store - the service's store
   * @param reach - how far `store` can bound a payload's validity (`freshnessReach`)
   * @param keep - keep elements between requests (the service's `cacheSize` is not 0)
   */
  constructor(store: MeasurementStore, reach: FreshnessReach, keep: boolean) {
    this.#store = store;
    this.#bounded = reach === 'none' ? undefined : store;
    this.#handsOutFreshness = reach === 'across-calls';
    this.#keep = reach !== 'none' && keep;
  }

  /** The network answer of a request: its installations in the box by id, each with its index. */
  async answer(snapshot: NetworkSnapshot, query: NetworkQuery): Promise<NetworkResult> {
    const { box, render, nowMs } = query;
    const sorted = this.#sortedOf(snapshot.byId);
    const chosen =
      box === undefined
        ? sorted
        : sorted.filter((installation) =>
            inNetworkBox(box, installation.location.latitude, installation.location.longitude),
          );
    const kept = this.#keptOf(render.indexType, render.language, snapshot.installationsVersion);
    const last = box === undefined && kept?.last?.chosen === chosen ? kept.last : undefined;
    // Kept elements still exact are taken as they are; only the others wait on the store. With
    // a promise per installation, an answer after one late sample took 120 ms of wall time in
    // bench/network.bench.ts, then 71 ms; with the positions of the last answer (checked over
    // flat arrays, network-horizons.ts) and its arrays copied, 1 ms of CPU (a busy machine).
    const entries: CurrentEntry[] = last ? [...last.entries] : new Array(chosen.length);
    const { installationsVersion } = snapshot;
    const quickly = last?.horizons.staleAt(
      this.#store,
      installationsVersion,
      last.ids,
      last.versions,
      nowMs,
    );
    const stale = quickly ?? [];
    for (let i = 0; quickly === undefined && i < chosen.length; i++) {
      const found = last ? entries[i] : kept?.byId.get(chosen[i]!.id); // i < length
      if (found?.freshness?.validAt(nowMs) === true) entries[i] = found;
      else stale.push(i);
    }
    if (last !== undefined && stale.length === 0) return last.result;
    // A few installations in flight at a time, not all: a store with a deadline per call and a
    // pool of connections (PostgresStore: 2 s, 10) would otherwise queue 10,000 calls at once,
    // and those at the back missed their deadline before a connection was free for them.
    let next = 0;
    const computeInTurn = async () => {
      while (next < stale.length) {
        const i = stale[next++]!; // next < length
        try {
          entries[i] = await this.#shared(chosen[i]!, kept, snapshot, query); // a position of chosen
        } catch (error) {
          // The answer fails: the others take no further installation.
          next = stale.length;
          throw error;
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(READS_IN_FLIGHT, stale.length) }, computeInTurn),
    );
    const installations = patched(entries, stale, last?.installations, (entry) => entry.element);
    const indexType: IndexTypeName = render.indexType;
    // Every entry of a kept map has its JSON.
    const json =
      kept === undefined ? undefined : patched(entries, stale, last?.json, (entry) => entry.json!);
    const payload = Object.freeze({ indexType, installations: Object.freeze(installations) });
    const bounded = this.#bounded;
    if (bounded === undefined) return { payload };
    const versions = patched(entries, stale, last?.versions, (entry) => entry.version);
    const ids = last?.ids ?? entries.map((entry) => entry.element.id);
    // Kept with the last answer over every installation; read again whole after a slow check.
    const freshnessAt = (i: number) => entries[i]!.freshness!; // bounded: every entry has one
    const horizons =
      kept === undefined || box !== undefined
        ? undefined
        : NetworkHorizons.of(
            entries.length,
            freshnessAt,
            last && quickly ? { horizons: last.horizons, stale } : undefined,
          );
    const throughMs = horizons?.throughMs ?? earliestThroughMs(entries);
    const snapshotOfAll = { installationsVersion, ids, versions };
    const whole = new StoreFreshness(bounded, snapshotOfAll, nowMs, throughMs, false);
    const result: NetworkResult = {
      payload,
      ...(this.#handsOutFreshness ? { freshness: async () => whole } : {}),
      ...(json === undefined ? {} : { elementJson: Object.freeze(json) }),
    };
    if (kept !== undefined && json !== undefined && horizons !== undefined) {
      kept.last = { chosen, entries, installations, json, versions, ids, horizons, result };
    }
    return result;
  }

  // The element of one installation, computed once however many requests need it at the same
  // time: at the top of the hour every kept element expires, and each network request that came
  // meanwhile computed all 10,000 again on its own (three at once over PostgreSQL, in
  // bench:shared-load). The entry of another request serves this one if it is exact for it.
  async #shared(
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

  #keptOf(
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

  // Sorted once per build of the directory's map.
  #sortedOf(byId: ReadonlyMap<number, Installation>): readonly Installation[] {
    if (byId !== this.#sortedFrom) {
      this.#sorted = [...byId.values()].sort((a, b) => a.id - b.id);
      this.#sortedFrom = byId;
    }
    return this.#sorted;
  }
}

// A value of each entry: `previous` copied with the `stale` positions replaced when there is
// one, else every entry's. Copied by spreading: `slice` of a frozen array (a payload's) takes a
// slow path in V8, 340 µs for 10,000 elements against 5 µs.
function patched<T>(
  entries: readonly CurrentEntry[],
  stale: readonly number[],
  previous: readonly T[] | undefined,
  value: (entry: CurrentEntry) => T,
): T[] {
  if (previous === undefined) return entries.map(value);
  const values = [...previous];
  for (const i of stale) values[i] = value(entries[i]!); // a position of entries
  return values;
}

// The earliest horizon of the entries (all bounded: each has its freshness).
function earliestThroughMs(entries: readonly CurrentEntry[]): number {
  let throughMs = Number.POSITIVE_INFINITY;
  for (const entry of entries) throughMs = Math.min(throughMs, entry.freshness!.throughMs);
  return throughMs;
}
