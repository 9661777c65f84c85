import type { Installation } from '../model/api-types.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import { floorHourMs, MS_PER_HOUR } from '../time/instant.js';
import { INDEX_HOURS } from './index-hours.js';
import type { FreshnessHorizon, PayloadFreshness } from './measurements-service.js';

// How long a computed Measurements payload stays exactly what a fresh computation would give,
// so the HTTP adapter can answer later requests from its bytes. The service hands it out with
// each payload as a `FreshnessHorizon` (see measurements-service.ts).

/** Any sample change of an installation changes this version (see `MeasurementStore`). */
const ANY_SAMPLE = Number.POSITIVE_INFINITY;

/**
 * The validity horizon of one payload: it was computed at `fromMs` and stays exact for every
 * request instant `nowMs` with `fromMs <= nowMs <= throughMs` in the same UTC hour, while the
 * store's installations and the samples of every contributing installation stay unchanged.
 * Only the bounds of `current` follow the request instant when `movingBounds`.
 */
export class StoreFreshness implements PayloadFreshness {
  readonly #store: MeasurementStore;
  readonly #installationsVersion: number;
  readonly #ids: readonly number[];
  readonly #versions: readonly number[];
  /** The request instant the payload was computed for, epoch ms. */
  readonly fromMs: number;
  /** The last instant (inclusive) at which the windows behind `current` hold the same samples. */
  readonly throughMs: number;
  /** The end of the request hour (exclusive): history, forecast and windows change there. */
  readonly hourEndMs: number;
  /** `current` is the moving hour `[now − 60 min, now)`, whose bounds follow the request. */
  readonly movingBounds: boolean;

  constructor(
    store: MeasurementStore,
    snapshot: VersionSnapshot,
    fromMs: number,
    throughMs: number,
    movingBounds: boolean,
  ) {
    this.#store = store;
    this.#installationsVersion = snapshot.installationsVersion;
    this.#ids = snapshot.ids;
    this.#versions = snapshot.versions;
    this.fromMs = fromMs;
    this.throughMs = throughMs;
    this.hourEndMs = floorHourMs(fromMs) + MS_PER_HOUR;
    this.movingBounds = movingBounds;
  }

  /** Whether a request at `nowMs` would get the same payload (bounds of `current` aside). */
  validAt(nowMs: number): boolean {
    if (!(nowMs >= this.fromMs && nowMs <= this.throughMs && nowMs < this.hourEndMs)) return false;
    const store = this.#store;
    if (store.installationsVersion !== this.#installationsVersion) return false;
    const ids = this.#ids;
    for (let i = 0; i < ids.length; i++) {
      // dataVersion exists: a snapshot is only taken from a store that has it.
      if (store.dataVersion!(ids[i]!, ANY_SAMPLE) !== this.#versions[i]) return false;
    }
    return true;
  }

  /** Whole seconds from `nowMs` to the end of the horizon (0 when less than one is left). */
  secondsLeft(nowMs: number): number {
    const endMs = Math.min(this.throughMs, this.hourEndMs);
    return Math.max(0, Math.floor((endMs - nowMs) / 1000));
  }
}

/** The store's versions read before a payload's data, as `PayloadFreshness` compares them. */
export interface VersionSnapshot {
  readonly installationsVersion: number;
  readonly ids: readonly number[];
  readonly versions: readonly number[];
}

/**
 * How far a payload's validity can be bounded over a store:
 * - `across-calls`: `dataVersion` for data changes, `firstSampleTimes` for the instants at which
 *   the moving windows change, and no `refresh`: a kept answer may be checked at any moment
 *   (the HTTP adapter's cache does so without calling the service);
 * - `within-call`: the same two methods and a `refresh` (a store shared by several processes):
 *   what is kept must be checked again inside a call of the service, after its refresh;
 * - `none`: every payload answers its own request only.
 */
export type FreshnessReach = 'across-calls' | 'within-call' | 'none';

/**
 * The {@link FreshnessReach} of `store`.
 *
 * @example
 * freshnessReach(new InMemoryStore()); // 'across-calls'
 * freshnessReach(postgresStore); // 'within-call'
 */
export function freshnessReach(store: MeasurementStore): FreshnessReach {
  if (typeof store.dataVersion !== 'function' || typeof store.firstSampleTimes !== 'function') {
    return 'none';
  }
  return typeof store.refresh === 'function' ? 'within-call' : 'across-calls';
}

/** Whether `store`'s {@link freshnessReach} is `across-calls`, as the adapter's cache needs. */
export function canBoundFreshness(store: MeasurementStore): boolean {
  return freshnessReach(store) === 'across-calls';
}

/**
 * Reads the versions a payload depends on. Call it before reading the data: a change during
 * the read then leaves the payload tagged with an older version, so it is recomputed rather
 * than kept.
 */
export function snapshotVersions(
  store: MeasurementStore,
  installationsVersion: number,
  ids: readonly number[],
): VersionSnapshot {
  const versions = ids.map((id) => store.dataVersion!(id, ANY_SAMPLE)); // checked by the caller
  return { installationsVersion, ids, versions };
}

/**
 * The last instant (inclusive) at which the windows behind an installation's `current` still
 * hold the samples they hold at `nowMs`: each window edge `now − k h` moves forward with the
 * request, and the first sample at or after it leaves (k ≥ 1) or enters (k = 0) a window once
 * the edge passes it. The service's own installations read the moving hour (edges k = 0, 1)
 * or, for a national index, the 24 hours up to `now` (k = 0 … 24); a third-party station's
 * `current` is one of its history hours, fixed for the hour.
 *
 * @param indexHours - a national index is asked for
 * @returns epoch ms, `+Infinity` when nothing can change before the hour ends
 */
export async function currentThroughMs(
  store: MeasurementStore,
  installation: Pick<Installation, 'id' | 'vendor'>,
  nowMs: number,
  indexHours: boolean,
): Promise<number> {
  if (!installation.vendor) return Number.POSITIVE_INFINITY;
  const edges = indexHours ? INDEX_HOURS + 1 : 2;
  const instants = Array.from({ length: edges }, (_, k) => nowMs - k * MS_PER_HOUR);
  const firsts = await store.firstSampleTimes!(installation.id, instants); // checked by the caller
  let throughMs = Number.POSITIVE_INFINITY;
  for (let k = 0; k < edges; k++) {
    const first = firsts[k];
    if (typeof first !== 'number' || Number.isNaN(first)) {
      throw new TypeError(
        `MeasurementStore.firstSampleTimes: must return one number per instant for installation ${installation.id}`,
      );
    }
    throughMs = Math.min(throughMs, first + k * MS_PER_HOUR);
  }
  return throughMs;
}

/**
 * A horizon worked out at most once, however often it is asked for. Computing one later than
 * the data was read is still exact: the versions it carries were read before that data, so if
 * anything changed meanwhile the horizon is never valid.
 */
export function onceHorizon(compute: () => Promise<PayloadFreshness>): FreshnessHorizon {
  let computed: Promise<PayloadFreshness> | undefined;
  return () => {
    computed ??= compute();
    return computed;
  };
}
