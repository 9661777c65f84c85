import { checkNumberInRange, checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

// The bounding box of a network request. Pure: a box is four numbers, membership a comparison.

/**
 * A bounding box in WGS 84 decimal degrees, edges included. `minLng > maxLng` is a box across
 * the antimeridian: from `minLng` east to 180 and on from −180 to `maxLng`.
 */
export interface NetworkBox {
  /** South edge, in [−90, 90], at most `maxLat`. */
  readonly minLat: number;
  /** West edge, in [−180, 180]. */
  readonly minLng: number;
  /** North edge, in [−90, 90]. */
  readonly maxLat: number;
  /** East edge, in [−180, 180]; below `minLng` for a box across the antimeridian. */
  readonly maxLng: number;
}

/**
 * Throws unless `box` is a {@link NetworkBox}: four finite numbers in range, `minLat ≤ maxLat`.
 *
 * @param functionName - the function named in the message
 * @throws TypeError / RangeError naming the function, `box.<edge>` and the value
 * @example
 * checkNetworkBox('f', { minLat: 51, minLng: 19, maxLat: 50, maxLng: 20 });
 * // RangeError: f: box.minLat must be at most box.maxLat (50), got 51
 */
export function checkNetworkBox(functionName: string, box: NetworkBox): void {
  checkObject(functionName, 'box', box);
  checkNumberInRange(functionName, 'box.minLat', box.minLat, -90, 90);
  checkNumberInRange(functionName, 'box.minLng', box.minLng, -180, 180);
  checkNumberInRange(functionName, 'box.maxLat', box.maxLat, -90, 90);
  checkNumberInRange(functionName, 'box.maxLng', box.maxLng, -180, 180);
  if (box.minLat > box.maxLat) {
    const expectation = `must be at most box.maxLat (${box.maxLat})`;
    throw argumentError(RangeError, functionName, 'box.minLat', expectation, box.minLat);
  }
}

/**
 * Whether a point lies in `box` (edges included; across the antimeridian when
 * `minLng > maxLng`). Longitudes −180 and 180 are one meridian: a point on it is in every box
 * that reaches it from either side. The box must have passed {@link checkNetworkBox}.
 *
 * @example
 * inNetworkBox({ minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 }, -15, 179.5); // true
 * inNetworkBox({ minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 }, -15, 0); // false
 * inNetworkBox({ minLat: 0, minLng: 0, maxLat: 1, maxLng: 180 }, 0, -180); // true
 */
export function inNetworkBox(box: NetworkBox, latitude: number, longitude: number): boolean {
  if (latitude < box.minLat || latitude > box.maxLat) return false;
  return (
    inLongitudes(box, longitude) || (Math.abs(longitude) === 180 && inLongitudes(box, -longitude))
  );
}

function inLongitudes(box: NetworkBox, longitude: number): boolean {
  return box.minLng <= box.maxLng
    ? longitude >= box.minLng && longitude <= box.maxLng
    : longitude >= box.minLng || longitude <= box.maxLng;
}
