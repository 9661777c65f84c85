import { EARTH_RADIUS_KM, MAX_GREAT_CIRCLE_KM, RADIANS_PER_DEGREE } from './haversine.js';

// Degrees added on every side of a box so rounding in the trigonometry below can never cut
// off a point that the exact haversine check would accept (1e-9° is about 0.1 mm).
const BOX_MARGIN_DEGREES = 1e-9;

/** Numbers per box in the output array: minLongitude, minLatitude, maxLongitude, maxLatitude. */
export const BOX_STRIDE = 4;

/**
 * Latitude/longitude boxes that together contain the spherical cap of `radiusKm` around a
 * point (every point within `radiusKm` of it, and some more in the corners). Writes the boxes
 * into `out` as `[minLongitude, minLatitude, maxLongitude, maxLatitude]` quadruples and
 * returns how many it wrote:
 * - 2 when the cap crosses the antimeridian (one box on each side of ±180°);
 * - 1 otherwise; the box spans every longitude when the cap contains a pole or its
 *   longitude extent reaches ±90° (cos(latitude) tiny).
 *
 * The longitude half-width is the exact extent of a cap, asin(sin θ / cos φ), not the
 * latitude half-width scaled up, so boxes stay tight at high latitudes.
 * Expects valid coordinates and a radius ≥ 0; does not check them.
 *
 * @param out - at least 8 numbers, overwritten
 * @example
 * const boxes = new Float64Array(8);
 * capBounds(0, 179.99, 5, boxes); // 2: [179.945…, -0.045…, 180, 0.045…] and [-180, …, -179.965…, …]
 */
export function capBounds(
  latitude: number,
  longitude: number,
  radiusKm: number,
  out: Float64Array,
): 1 | 2 {
  if (radiusKm >= MAX_GREAT_CIRCLE_KM) return writeBox(out, 0, -180, -90, 180, 90);
  const angle = radiusKm / EARTH_RADIUS_KM;
  const halfHeight = angle / RADIANS_PER_DEGREE + BOX_MARGIN_DEGREES;
  const minLatitude = latitude - halfHeight;
  const maxLatitude = latitude + halfHeight;
  if (minLatitude <= -90 || maxLatitude >= 90) {
    // The cap contains a pole: it reaches every meridian.
    return writeBox(out, 0, -180, Math.max(minLatitude, -90), 180, Math.min(maxLatitude, 90));
  }
  const sineRatio = Math.sin(angle) / Math.cos(latitude * RADIANS_PER_DEGREE);
  if (!(sineRatio < 1)) return writeBox(out, 0, -180, minLatitude, 180, maxLatitude);
  const halfWidth = Math.asin(sineRatio) / RADIANS_PER_DEGREE + BOX_MARGIN_DEGREES;
  const minLongitude = longitude - halfWidth;
  const maxLongitude = longitude + halfWidth;
  if (minLongitude < -180) {
    writeBox(out, 0, minLongitude + 360, minLatitude, 180, maxLatitude);
    writeBox(out, 1, -180, minLatitude, maxLongitude, maxLatitude);
    return 2;
  }
  if (maxLongitude > 180) {
    writeBox(out, 0, minLongitude, minLatitude, 180, maxLatitude);
    writeBox(out, 1, -180, minLatitude, maxLongitude - 360, maxLatitude);
    return 2;
  }
  return writeBox(out, 0, minLongitude, minLatitude, maxLongitude, maxLatitude);
}

function writeBox(
  out: Float64Array,
  slot: number,
  minLongitude: number,
  minLatitude: number,
  maxLongitude: number,
  maxLatitude: number,
): 1 {
  const at = slot * BOX_STRIDE;
  out[at] = minLongitude;
  out[at + 1] = minLatitude;
  out[at + 2] = maxLongitude;
  out[at + 3] = maxLatitude;
  return 1;
}
