import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { NeighbourHit } from './geo-point.js';
import { InverseDistanceWeights } from './inverse-distance-weights.js';

/** Radius of the `/v2/measurements/point` interpolation, in km (the spec's 1.5 km). */
export const INTERPOLATION_RADIUS_KM = 1.5;

const NAME = 'interpolateAverages';

/**
 * Interpolates one window's averages at a point from its neighbours, each measurement type
 * separately, by inverse-distance weighting with power 1: `Σ(vᵢ/dᵢ) / Σ(1/dᵢ)` over only the
 * neighbours that have a value for the type, so a sensor lacking a type drops out of that type
 * and the other weights renormalise. Neighbours closer than 1 m (`COINCIDENT_DISTANCE_KM`)
 * stand at the point: the type is then their plain mean. A type no neighbour has is absent.
 *
 * The checked, one-window form of {@link InverseDistanceWeights} (which has the arithmetic
 * and its rules: sums in the order distance then id, results within [min, max] of the values);
 * for many windows of the same neighbours, prepare the weights once with
 * `InverseDistanceWeights.of` instead.
 *
 * @param neighbours - installations around the point with their distances in km, typically
 *   `index.within(latitude, longitude, INTERPOLATION_RADIUS_KM)`
 * @param averages - `averages[i]` holds the window averages of `neighbours[i]`
 * @returns measurement type name → interpolated value, type names in sorted order; `{}` when
 *   there are no neighbours
 * @throws TypeError when an argument is not an array or an element is not an object;
 *   TypeError / RangeError naming `neighbours[i].id` or `neighbours[i].distanceKm` when an id
 *   is not a number or a distance is not a finite number ≥ 0; RangeError when the arrays
 *   differ in length or an average is present but not a finite number (naming
 *   `averages[i].NAME`): a non-finite value is misuse here, never silently skipped
 * @example
 * interpolateAverages(
 *   [{ id: 1, distanceKm: 0.5 }, { id: 2, distanceKm: 1 }],
 *   [{ PM10: 10, PM25: 8 }, { PM10: 40 }],
 * ); // { PM10: 20, PM25: 8 }
 * interpolateAverages([{ id: 1, distanceKm: 0.0004 }, { id: 2, distanceKm: 0.3 }], [{ PM10: 7 }, { PM10: 9 }]); // { PM10: 7 }
 */
export function interpolateAverages(
  neighbours: readonly NeighbourHit[],
  averages: readonly WindowAverages[],
): Readonly<Partial<Record<string, number>>> {
  checkArrays(neighbours, averages);
  for (let i = 0; i < neighbours.length; i++) {
    checkNeighbour(neighbours[i], i);
    checkRecord(averages[i], i);
  }
  return sortedByType(InverseDistanceWeights.of(neighbours).interpolate(averages));
}

/**
 * A copy of `values` with its type names in sorted order, so the key order is the same
 * whatever order the neighbours came in. A window has a handful of types: an insertion sort
 * and plain assignments cost a third of `Object.fromEntries` over `sort()`ed keys, which took
 * longer than the interpolation itself (measured with bench/geo.bench.ts).
 */
function sortedByType(values: WindowAverages): Record<string, number> {
  const types = Object.keys(values);
  for (let i = 1; i < types.length; i++) {
    const type = types[i]!; // ! : i < length
    let j = i - 1;
    while (j >= 0 && types[j]! > type) {
      types[j + 1] = types[j]!; // ! : 0 ≤ j < i
      j--;
    }
    types[j + 1] = type;
  }
  const result: Record<string, number> = {};
  for (const type of types) {
    const value = values[type]!; // ! : every key of an interpolation holds a number
    // An own property even for a type named `__proto__`, which plain assignment would drop.
    if (type === '__proto__') {
      Object.defineProperty(result, type, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      result[type] = value;
    }
  }
  return result;
}

function checkArrays(neighbours: unknown, averages: unknown): void {
  if (!Array.isArray(neighbours)) {
    throw argumentError(TypeError, NAME, 'neighbours', 'must be an array', neighbours);
  }
  if (!Array.isArray(averages)) {
    throw argumentError(TypeError, NAME, 'averages', 'must be an array', averages);
  }
  if (neighbours.length !== averages.length) {
    const expectation = `must hold one entry per neighbour (${neighbours.length})`;
    throw argumentError(RangeError, NAME, 'averages', expectation, averages.length);
  }
}

function checkNeighbour(neighbour: unknown, position: number): asserts neighbour is NeighbourHit {
  if (typeof neighbour !== 'object' || neighbour === null) {
    const expectation = 'must be an object with id and distanceKm';
    throw argumentError(TypeError, NAME, `neighbours[${position}]`, expectation, neighbour);
  }
  const { id, distanceKm } = neighbour as Partial<Record<keyof NeighbourHit, unknown>>;
  // NaN counts as "not a number" here: the sums are ordered by id.
  if (typeof id !== 'number' || Number.isNaN(id)) {
    throw argumentError(TypeError, NAME, `neighbours[${position}].id`, 'must be a number', id);
  }
  // Written so that NaN fails too; Infinity would give a weight of 0 and possibly 0 / 0.
  if (typeof distanceKm !== 'number' || !(distanceKm >= 0 && distanceKm < Infinity)) {
    throw argumentError(
      typeof distanceKm === 'number' ? RangeError : TypeError,
      NAME,
      `neighbours[${position}].distanceKm`,
      'must be a finite number >= 0',
      distanceKm,
    );
  }
}

function checkRecord(record: unknown, position: number): asserts record is WindowAverages {
  checkObject(NAME, `averages[${position}]`, record);
  const values = record as WindowAverages;
  for (const type of Object.keys(values)) {
    const value = values[type];
    if (value === undefined || (typeof value === 'number' && Number.isFinite(value))) continue;
    const expectation = 'must be a finite number or absent';
    throw argumentError(RangeError, NAME, `averages[${position}].${type}`, expectation, value);
  }
}
