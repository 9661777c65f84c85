import type { WindowAverages } from '../store/measurement-store.js';
import type { NeighbourHit } from './geo-point.js';
import type { interpolateAverages } from './interpolate-averages.js';
import { COINCIDENT_DISTANCE_KM } from './inverse-distance.js';

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
 * many windows (a point payload has 49): the prepared form of {@link interpolateAverages}.
 * Gives the same numbers, to the last bit, as `interpolateAverages`, which builds and sorts the sources again for each
 * window and each type: per type, only the neighbours with a value take part; sources run in
 * the canonical order (distance, then id); sums are taken as differences from the first
 * value; a neighbour closer than 1 m makes the result the plain mean of such neighbours; the
 * result is clamped to [min, max] of the values.
 *
 * @example
 * const weights = InverseDistanceWeights.of([{ id: 1, distanceKm: 0.5 }, { id: 2, distanceKm: 1 }]);
 * weights.interpolate([{ PM10: 10, PM25: 8 }, { PM10: 40 }]); // { PM10: 20, PM25: 8 }
 */
export class InverseDistanceWeights {
  /** Positions into the neighbour list, in the canonical order. */
  readonly #order: Int32Array;
  /** `1 / distanceKm` by position. */
  readonly #weights: Float64Array;
  /** Whether the neighbour at a position is closer than 1 m. */
  readonly #coincident: Uint8Array;

  private constructor(neighbours: readonly NeighbourHit[]) {
    const count = neighbours.length;
    this.#order = new Int32Array(count);
    this.#weights = new Float64Array(count);
    this.#coincident = new Uint8Array(count);
    let sorted = true;
    for (let i = 0; i < count; i++) {
      const { distanceKm } = neighbours[i]!; // i < count
      this.#order[i] = i;
      this.#weights[i] = 1 / distanceKm;
      this.#coincident[i] = distanceKm < COINCIDENT_DISTANCE_KM ? 1 : 0;
      if (i > 0 && compareHits(neighbours[i - 1]!, neighbours[i]!) > 0) sorted = false;
    }
    // Spatial index results already come nearest first, ties by id.
    if (!sorted) this.#order.sort((a, b) => compareHits(neighbours[a]!, neighbours[b]!)); // positions < count
  }

  /** The weights of `neighbours` (distances in km, ≥ 0). */
  static of(neighbours: readonly NeighbourHit[]): InverseDistanceWeights {
    return new InverseDistanceWeights(neighbours);
  }

  /**
   * One window interpolated: `records[i]` belongs to the i-th neighbour given to {@link of}.
   * Entries that are not finite numbers are skipped.
   *
   * @returns measurement type → interpolated value; `{}` when no neighbour has any value
   */
  interpolate(records: readonly (WindowAverages | undefined)[]): WindowAverages {
    const sumsByType = new Map<string, TypeSums>();
    for (let k = 0; k < this.#order.length; k++) {
      const position = this.#order[k]!; // k < length
      const record = records[position];
      if (record === undefined) continue;
      const coincident = this.#coincident[position] === 1;
      const weight = this.#weights[position]!; // position < length
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
    for (const [type, sums] of sumsByType) result[type] = meanOf(sums);
    return Object.freeze(result);
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

function meanOf(sums: TypeSums): number {
  const mean = sums.coincident
    ? sums.reference + sums.weightedSum / sums.count
    : sums.reference + sums.weightedSum / sums.weightSum;
  return Math.min(Math.max(mean, sums.min), sums.max);
}
