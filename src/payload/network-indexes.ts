import type { IndexTypeName } from '../indexes/index-table.js';
import type { Installation } from '../model/api-types.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { NetworkResult } from './measurements-service.js';
import { inNetworkBox } from './network-box.js';
import {
  type CurrentEntry,
  NetworkElements,
  type NetworkQuery,
  type NetworkSnapshot,
} from './network-elements.js';
import { NetworkHorizons } from './network-horizons.js';
import { type FreshnessReach, StoreFreshness } from './payload-freshness.js';

/**
 * Installations whose element is computed at the same time, at most: below `PostgresStore`'s
 * default pool of 10 connections, so other requests still find one free.
 */
const READS_IN_FLIGHT = 8;

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
  // Each installation's element, computed, waited for or kept (network-elements.ts).
  readonly #elements: NetworkElements;
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
    this.#elements = new NetworkElements(store, this.#bounded, reach !== 'none' && keep);
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
    const { installationsVersion } = snapshot;
    const kept = this.#elements.keptOf(render.indexType, render.language, installationsVersion);
    const last = box === undefined && kept?.last?.chosen === chosen ? kept.last : undefined;
    // Kept elements still exact are taken as they are; only the others wait on the store. With
    // a promise per installation, an answer after one late sample took 120 ms of wall time in
    // bench/network.bench.ts, then 71 ms; with the positions of the last answer (checked over
    // flat arrays, network-horizons.ts) and its arrays copied, 1 ms of CPU (a busy machine).
    const entries: CurrentEntry[] = last ? [...last.entries] : new Array(chosen.length);
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
        const i = stale[next++]!; // next < length; i is a position of chosen
        try {
          entries[i] = await this.#elements.entry(chosen[i]!, kept, snapshot, query);
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
