/**
 * Maps a concentration onto an index scale, linearly between neighbouring breakpoints.
 *
 * Above the top breakpoint the slope of the last segment continues (no clamp), because the
 * upper levels of some indexes (VENDOR_CAQI's EXTREME, AIRMAGEDDON) lie above the grid. A
 * negative concentration (sensor noise) counts as 0. The two lists are aligned: at
 * `concentrations[i]` the result is exactly `indexValues[i]`.
 *
 * Written as `i0 + (c - c0) / (c1 - c0) * (i1 - i0)` on purpose: with breakpoints that are
 * exact doubles (all grids here are integers) the map is monotone and never leaves its
 * segment's range, so no rounding noise can make a larger concentration give a smaller index,
 * and huge concentrations cannot overflow before the slope is applied.
 *
 * @param concentration - finite, in the grid's unit (µg/m³ for every grid here)
 * @param concentrations - breakpoints, strictly increasing, starting at 0
 * @param indexValues - index values at those breakpoints, strictly increasing, same length (≥ 2)
 * @returns the (unrounded) sub-index
 * @example
 * subIndex(70, [0, 25, 50, 90, 180], [0, 25, 50, 75, 100]); // 62.5
 * subIndex(270, [0, 25, 50, 90, 180], [0, 25, 50, 75, 100]); // 125 (slope continued)
 */
export function subIndex(
  concentration: number,
  concentrations: readonly number[],
  indexValues: readonly number[],
): number {
  const c = Math.max(concentration, 0);
  const last = concentrations.length - 1;
  let upper = 1;
  // Grids have at most a handful of breakpoints: a linear walk beats anything cleverer.
  while (upper < last && c > concentrations[upper]!) upper++;
  // Both indices are within [0, last] by construction of the loop above.
  const c0 = concentrations[upper - 1]!;
  const c1 = concentrations[upper]!;
  const i0 = indexValues[upper - 1]!;
  const i1 = indexValues[upper]!;
  if (c === c1) return i1;
  return i0 + ((c - c0) / (c1 - c0)) * (i1 - i0);
}
