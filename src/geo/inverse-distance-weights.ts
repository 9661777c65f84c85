import type { WindowAverages } from '../model/window-averages.js';
import type { NeighbourHit } from './geo-point.js';
import type { interpolateAverages } from './interpolate-averages.js';

/** A neighbour closer than this (1 m, in km) counts as standing at the point itself. */
export const COINCIDENT_DISTANCE_KM = 0.001;

/** Running sums of one measurement type in one window. */
interface TypeSums {
  reference: number;
  weightSum: number;
  weightedSum: number;
  count: number;
  min: number;
  max: number;
  /** The type's first source stands at the point: only such sources count. */
  coincident: boolean;
}

/**
 * Inverse-distance weights (power 1) of a point's neighbours, worked out once and applied to
 * many windows (a point payload has 49). The one implementation of inverse-distance weighting
 * in airq: {@link interpolateAverages} checks its arguments and comes here.
 *
 * The rules, per measurement type and window:
 * - only the neighbours with a value for the type take part, so the other weights
 *   renormalise; a value that is not a finite number is skipped like an absent one (it never
 *   reaches the sums; `interpolateAverages` rejects it before it gets here);
 * - the result is `Σ(vᵢ/dᵢ) / Σ(1/dᵢ)`, unless a taking-part neighbour is closer than
 *   {@link COINCIDENT_DISTANCE_KM} (1 m): then it is the plain mean of such neighbours alone,
 *   so there is never a division by zero;
 * - sums run in one order, distance then id (a stable sort: neighbours equal in both keep
 *   their input order), so any permutation of neighbours with distinct ids gives the same bits;
 * - sums are taken as differences from the first value (equal values give exactly that
 *   value) and the result is clamped to [min, max] of the values taking part.
 *
 * Expects distances that are finite numbers ≥ 0 (what `InstallationIndex.within` returns);
 * does not check them.
 *
 * @example
 * const weights = InverseDistanceWeights.of([{ id: 1, distanceKm: 0.5 }, { id: 2, distanceKm: 1 }]);
 * weights.interpolate([{ PM10: 10, PM25: 8 }, { PM10: 40 }]); // { PM10: 20, PM25: 8 }
 * weights.normalisedWeights(); // Float64Array [0.666…, 0.333…]
 */
export class InverseDistanceWeights {
  /** Number of neighbours. */
  readonly size: number;
  /** Positions into the neighbour list, in the canonical order. */
  readonly #order: Int32Array;
  /** `1 / distanceKm` by position. */
  readonly #weights: Float64Array;
  /** Whether the neighbour at a position is closer than 1 m. */
  readonly #coincident: Uint8Array;

  private constructor(neighbours: readonly NeighbourHit[]) {
    const count = neighbours.length;
    this.size = count;
    this.#order = new Int32Array(count);
    this.#weights = new Float64Array(count);
    this.#coincident = new Uint8Array(count);
    let sorted = true;
    for (let i = 0; i < count; i++) {
      const { distanceKm } = neighbours[i]!; // ! : i < count
      this.#order[i] = i;
      this.#weights[i] = 1 / distanceKm;
      this.#coincident[i] = distanceKm < COINCIDENT_DISTANCE_KM ? 1 : 0;
      if (i > 0 && compareHits(neighbours[i - 1]!, neighbours[i]!) > 0) sorted = false;
    }
    // Spatial index results already come nearest first, ties by id: then no sort at all.
    if (!sorted) this.#order.sort((a, b) => compareHits(neighbours[a]!, neighbours[b]!)); // ! : positions < count
  }

  /**
   * The weights of `neighbours` (distances in km, finite and ≥ 0).
   *
   * @example
   * InverseDistanceWeights.of(index.within(50.06, 19.94, INTERPOLATION_RADIUS_KM)).size; // e.g. 3
   */
  static of(neighbours: readonly NeighbourHit[]): InverseDistanceWeights {
    return new InverseDistanceWeights(neighbours);
  }

  /**
   * One window interpolated: `records[i]` belongs to the i-th neighbour given to {@link of}
   * (`undefined` = no values). Entries that are not finite numbers are skipped.
   *
   * @returns measurement type → interpolated value, types in the order they first appear
   *   nearest first; frozen; `{}` when no neighbour has any value
   * @example
   * const weights = InverseDistanceWeights.of([{ id: 5, distanceKm: 0.3 }, { id: 4, distanceKm: 0.0004 }]);
   * weights.interpolate([{ PM10: 90, NO2: 3 }, { PM10: 7 }]); // { PM10: 7, NO2: 3 }
   */
  interpolate(records: readonly (WindowAverages | undefined)[]): WindowAverages {
    const sumsByType = new Map<string, TypeSums>();
    for (let k = 0; k < this.#order.length; k++) {
      const position = this.#order[k]!; // ! : k < length
      const record = records[position];
      if (record === undefined) continue;
      const coincident = this.#coincident[position] === 1;
      const weight = this.#weights[position]!; // ! : position < size
      for (const type of Object.keys(record)) {
        const value = record[type];
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        const sums = sumsByType.get(type);
        if (sums === undefined) {
          sumsByType.set(type, firstSums(value, weight, coincident));
        } else if (!sums.coincident || coincident) {
          addSource(sums, value, weight);
        }
      }
    }
    const result: Record<string, number> = {};
    for (const [type, sums] of sumsByType) {
      // An own property even for a type named `__proto__`, which plain assignment would drop.
      if (type === '__proto__') Object.defineProperty(result, type, ownEntry(meanOf(sums)));
      else result[type] = meanOf(sums);
    }
    return Object.freeze(result);
  }

  /**
   * Each neighbour's share of a type that the neighbours marked in `present` have a value
   * for: the coefficients {@link interpolate} applies, normalised to sum to 1. With a present
   * neighbour closer than 1 m, such neighbours share equally and the others get 0; absent
   * neighbours get 0. The point payload lists these as its contributors' weights.
   *
   * @param present - `present[i]`: whether the i-th neighbour takes part (default: all)
   * @returns one weight per neighbour, in the order given to {@link of}; all 0 when none
   *   takes part
   * @example
   * const weights = InverseDistanceWeights.of([{ id: 1, distanceKm: 0.5 }, { id: 2, distanceKm: 1 }]);
   * weights.normalisedWeights(); // Float64Array [0.666…, 0.333…]
   * weights.normalisedWeights([false, true]); // Float64Array [0, 1]
   */
  normalisedWeights(present?: readonly boolean[]): Float64Array {
    const order = this.#order;
    const coincident = this.#coincident;
    const weights = this.#weights;
    let coincidentCount = 0;
    let weightSum = 0;
    // Summed in the canonical order, as interpolate sums, so the shares match it to the bit.
    for (let k = 0; k < order.length; k++) {
      const position = order[k]!; // ! : k < length
      if (present !== undefined && present[position] !== true) continue;
      if (coincident[position] === 1) coincidentCount++;
      else weightSum += weights[position]!; // ! : position < size
    }
    const shares = new Float64Array(order.length);
    for (let position = 0; position < shares.length; position++) {
      if (present !== undefined && present[position] !== true) continue;
      if (coincidentCount > 0) {
        shares[position] = coincident[position] === 1 ? 1 / coincidentCount : 0;
      } else {
        shares[position] = weights[position]! / weightSum; // ! : position < size
      }
    }
    return shares;
  }
}

function compareHits(a: NeighbourHit, b: NeighbourHit): number {
  return a.distanceKm - b.distanceKm || a.id - b.id;
}

function firstSums(value: number, weight: number, coincident: boolean): TypeSums {
  return {
    reference: value,
    weightSum: coincident ? 0 : weight,
    weightedSum: 0,
    count: 1,
    min: value,
    max: value,
    coincident,
  };
}

// Sources come in canonical order, so every coincident source of a type comes before the
// others: once a type's first source is coincident, the later non-coincident ones are skipped.
function addSource(sums: TypeSums, value: number, weight: number): void {
  const difference = value - sums.reference;
  if (sums.coincident) sums.weightedSum += difference;
  else {
    sums.weightSum += weight;
    sums.weightedSum += weight * difference;
  }
  sums.count++;
  if (value < sums.min) sums.min = value;
  if (value > sums.max) sums.max = value;
}

// The exact mean lies in [min, max]; rounding may step just outside, which would surprise.
function meanOf(sums: TypeSums): number {
  const mean = sums.coincident
    ? sums.reference + sums.weightedSum / sums.count
    : sums.reference + sums.weightedSum / sums.weightSum;
  return Math.min(Math.max(mean, sums.min), sums.max);
}

function ownEntry(value: number): PropertyDescriptor {
  return { value, enumerable: true, writable: true, configurable: true };
}
