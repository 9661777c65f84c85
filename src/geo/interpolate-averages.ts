import type { WindowAverages } from '../store/measurement-store.js';
import { describeValue } from '../time/instant.js';
import type { NeighbourHit } from './geo-point.js';
import { type IdwSource, interpolateInverseDistance } from './inverse-distance.js';

const NAME = 'interpolateAverages';

/**
 * Interpolates one window's averages at a point from its neighbours, each measurement type
 * separately: a type is weighted ({@link interpolateInverseDistance}, power 1) over only the
 * neighbours that have a value for it, so a sensor lacking a type drops out of that type and
 * the other weights renormalise. A type no neighbour has is absent from the result.
 *
 * @param neighbours - installations around the point with their distances in km, typically
 *   `index.within(latitude, longitude, INTERPOLATION_RADIUS_KM)`
 * @param averages - `averages[i]` holds the window averages of `neighbours[i]`
 * @returns measurement type name → interpolated value; `{}` when there are no neighbours
 * @throws RangeError when the two arrays differ in length or an average is present but not a
 *   finite number (naming `averages[i].NAME`); whatever {@link interpolateInverseDistance}
 *   throws for a bad distance
 * @example
 * interpolateAverages(
 *   [{ id: 1, distanceKm: 0.5 }, { id: 2, distanceKm: 1 }],
 *   [{ PM10: 10, PM25: 8 }, { PM10: 40 }],
 * ); // { PM10: 20, PM25: 8 }
 */
export function interpolateAverages(
  neighbours: readonly NeighbourHit[],
  averages: readonly WindowAverages[],
): Readonly<Partial<Record<string, number>>> {
  if (!Array.isArray(neighbours) || !Array.isArray(averages)) {
    const [name, value] = Array.isArray(neighbours)
      ? ['averages', averages]
      : ['neighbours', neighbours];
    throw new TypeError(`${NAME}: ${name} must be an array, got ${describeValue(value)}`);
  }
  if (neighbours.length !== averages.length) {
    throw new RangeError(
      `${NAME}: averages must hold one entry per neighbour (${neighbours.length}), got ${averages.length}`,
    );
  }

  const sourcesByType = new Map<string, IdwSource[]>();
  for (let i = 0; i < neighbours.length; i++) {
    const neighbour = neighbours[i];
    const record = averages[i];
    if (typeof neighbour !== 'object' || neighbour === null) {
      throw new TypeError(
        `${NAME}: neighbours[${i}] must be an object with id and distanceKm, got ${describeValue(neighbour)}`,
      );
    }
    if (typeof record !== 'object' || record === null) {
      throw new TypeError(
        `${NAME}: averages[${i}] must be an object, got ${describeValue(record)}`,
      );
    }
    for (const type of Object.keys(record)) {
      const value = record[type];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new RangeError(
          `${NAME}: averages[${i}].${type} must be a finite number or absent, got ${describeValue(value)}`,
        );
      }
      const source: IdwSource = { id: neighbour.id, distanceKm: neighbour.distanceKm, value };
      const sources = sourcesByType.get(type);
      if (sources === undefined) sourcesByType.set(type, [source]);
      else sources.push(source);
    }
  }

  // Sorted type names give the same key order whatever order the neighbours came in.
  const entries: [string, number][] = [];
  for (const type of [...sourcesByType.keys()].sort()) {
    const result = interpolateInverseDistance(sourcesByType.get(type)!); // ! : key from the map
    if (result !== undefined) entries.push([type, result.value]);
  }
  return Object.fromEntries(entries);
}
