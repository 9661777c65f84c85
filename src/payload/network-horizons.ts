import type { MeasurementStore } from '../store/measurement-store.js';
import type { StoreFreshness } from './payload-freshness.js';

// Which kept elements of the last network answer are still exact, asked of 10,000 elements on
// every request after a change. Each element's `StoreFreshness.validAt` answers it, but with
// one call per element, each reading objects of its own, an answer after one late sample cost
// 2.2 ms of CPU in bench/network.bench.ts on a busy machine; over flat arrays, 1.4 ms. So the
// quantities `validAt` compares are kept here in flat arrays, position by position: the
// versions and ids of the answer, each element's `throughMs`, and for the whole
// answer the latest `fromMs` and the earliest `hourEndMs`. When the request instant lies
// inside those two and the installations did not change, an element is exact exactly when its
// version holds and `nowMs <= throughMs`: the same answer `validAt` gives, element by element.

/** The validity horizons of a network answer's elements, position by position. */
export class NetworkHorizons {
  readonly #throughs: Float64Array;
  readonly #latestFromMs: number;
  readonly #earliestHourEndMs: number;
  /** The earliest `throughMs` of all elements: the horizon of the whole answer. */
  readonly throughMs: number;

  private constructor(throughs: Float64Array, latestFromMs: number, earliestHourEndMs: number) {
    this.#throughs = throughs;
    this.#latestFromMs = latestFromMs;
    this.#earliestHourEndMs = earliestHourEndMs;
    this.throughMs = earliest(throughs);
  }

  /**
   * The horizons of `freshness`, one per position; with `previous`, only the `stale` positions
   * are read, the others copied (the bounds of the whole then also count the elements
   * replaced, which can only make {@link staleAt} give up more often, never wrongly).
   *
   * @param count - the number of elements
   * @param freshnessAt - the horizon of the element at a position
   * @example
   * const horizons = NetworkHorizons.of(entries.length, (i) => entries[i].freshness);
   */
  static of(
    count: number,
    freshnessAt: (position: number) => StoreFreshness,
    previous?: { readonly horizons: NetworkHorizons; readonly stale: readonly number[] },
  ): NetworkHorizons {
    const before = previous?.horizons;
    const throughs = before === undefined ? new Float64Array(count) : before.#throughs.slice();
    let latestFromMs = before === undefined ? Number.NEGATIVE_INFINITY : before.#latestFromMs;
    let earliestHourEndMs =
      before === undefined ? Number.POSITIVE_INFINITY : before.#earliestHourEndMs;
    const read = (i: number) => {
      const element = freshnessAt(i);
      throughs[i] = element.throughMs;
      latestFromMs = Math.max(latestFromMs, element.fromMs);
      earliestHourEndMs = Math.min(earliestHourEndMs, element.hourEndMs);
    };
    if (previous === undefined) for (let i = 0; i < count; i++) read(i);
    else for (const i of previous.stale) read(i);
    return new NetworkHorizons(throughs, latestFromMs, earliestHourEndMs);
  }

  /**
   * The positions whose element is no longer exact at `nowMs`, or `undefined` when these
   * arrays cannot tell (another hour, an instant before an element's, other installations):
   * then ask each element's `validAt`.
   *
   * @param installationsVersion - the version every element was computed under
   * @param ids - the answer's installation ids, position by position
   * @param versions - `dataVersion(id, +Infinity)` of each, as read before its element
   */
  staleAt(
    store: MeasurementStore,
    installationsVersion: number,
    ids: readonly number[],
    versions: readonly number[],
    nowMs: number,
  ): number[] | undefined {
    if (!(nowMs >= this.#latestFromMs && nowMs < this.#earliestHourEndMs)) return undefined;
    if (store.installationsVersion !== installationsVersion) return undefined;
    const throughs = this.#throughs;
    const stale: number[] = [];
    for (let i = 0; i < throughs.length; i++) {
      // dataVersion exists: elements are only kept over a store that has it.
      const version = store.dataVersion!(ids[i]!, Number.POSITIVE_INFINITY); // i < length
      if (nowMs > throughs[i]! || version !== versions[i]) stale.push(i);
    }
    return stale;
  }
}

// The least value, +Infinity for none. A function of its own, and a comparison rather than
// Math.min: written inside the constructor, which runs once per answer, the loop took 0.45 ms
// for 10,000 values on a busy machine.
function earliest(values: Float64Array): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!; // i < length
    if (value < least) least = value;
  }
  return least;
}
