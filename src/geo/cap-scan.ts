import type KDBush from 'kdbush';
import { BOX_STRIDE, capBounds } from './cap-bounds.js';
import {
  haversineTerm,
  kmToHaversineTerm,
  MAX_GREAT_CIRCLE_KM,
  RADIANS_PER_DEGREE,
} from './haversine.js';

// A kd-tree over 2^32 points is at most 32 levels deep and the depth-first walk below keeps at
// most one pending sibling per level, so 64 frames leave ample room.
const STACK_FRAMES = 64;
const FRAME_SIZE = 3;

// Relative slack on the term limit: rounding in the limit must not reject a point that lies
// exactly on the circle; the caller trims with the exact km comparison at the edge.
const TERM_LIMIT_SLACK = 1 + 1e-9;

/**
 * Allocation-free radius search on a kdbush tree whose x is longitude and y is latitude:
 * walks the tree once per cap bounding box (two across the antimeridian) and keeps the points
 * whose haversine term is within the radius. Results land in `positions` / `terms`, typed
 * arrays that are reused from run to run and grow only when a run finds more points than ever
 * before. One instance per tree; not re-entrant (a run must finish before the next starts,
 * which single-threaded callers get for free).
 *
 * Walks kdbush's own layout (`ids`, `coords`, `nodeSize`, median split alternating x/y, the
 * same scheme its `range` uses) because this kdbush version has no allocation-free box query;
 * the brute-force properties in test/geo guard that assumption.
 */
export class CapScan {
  readonly #stack = new Uint32Array(STACK_FRAMES * FRAME_SIZE);
  readonly #boxes = new Float64Array(2 * BOX_STRIDE);
  /** Input positions (indexes into the points the tree was built from) found by the last run. */
  positions: Uint32Array;
  /** Haversine terms of those points to the query point, in the same order. */
  terms: Float64Array;

  constructor(initialCapacity = 64) {
    this.positions = new Uint32Array(initialCapacity);
    this.terms = new Float64Array(initialCapacity);
  }

  /**
   * Finds every point within `radiusKm` (great-circle) of the query point.
   *
   * @returns how many entries of `positions` / `terms` the run filled (in tree order)
   */
  run(tree: KDBush, latitude: number, longitude: number, radiusKm: number): number {
    const lastSlot = tree.ids.length - 1;
    if (lastSlot < 0) return 0;
    const boxes = this.#boxes;
    const boxCount = capBounds(latitude, longitude, radiusKm, boxes);
    const termLimit =
      radiusKm >= MAX_GREAT_CIRCLE_KM ? Infinity : kmToHaversineTerm(radiusKm) * TERM_LIMIT_SLACK;
    const cosLatitude = Math.cos(latitude * RADIANS_PER_DEGREE);
    const { ids, coords, nodeSize } = tree;
    const stack = this.#stack;
    let count = 0;

    for (let box = 0; box < boxCount; box++) {
      const minX = boxes[box * BOX_STRIDE]!; // ! : the box slots were just written
      const minY = boxes[box * BOX_STRIDE + 1]!;
      const maxX = boxes[box * BOX_STRIDE + 2]!;
      const maxY = boxes[box * BOX_STRIDE + 3]!;
      stack[0] = 0;
      stack[1] = lastSlot;
      stack[2] = 0;
      let top = FRAME_SIZE;

      while (top > 0) {
        const axis = stack[--top]!; // ! : top > 0 keeps every read inside the stack
        const right = stack[--top]!;
        const left = stack[--top]!;

        if (right - left <= nodeSize) {
          for (let slot = left; slot <= right; slot++) {
            const x = coords[2 * slot]!; // ! : slot is inside [0, lastSlot]
            const y = coords[2 * slot + 1]!;
            if (x < minX || x > maxX || y < minY || y > maxY) continue;
            const term = haversineTerm(latitude, cosLatitude, longitude, y, x);
            if (term <= termLimit) count = this.#record(count, ids[slot]!, term);
          }
          continue;
        }

        const middle = (left + right) >> 1;
        const x = coords[2 * middle]!; // ! : middle is inside [left, right]
        const y = coords[2 * middle + 1]!;
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) {
          const term = haversineTerm(latitude, cosLatitude, longitude, y, x);
          if (term <= termLimit) count = this.#record(count, ids[middle]!, term);
        }
        if (axis === 0 ? minX <= x : minY <= y) {
          stack[top++] = left;
          stack[top++] = middle - 1;
          stack[top++] = 1 - axis;
        }
        if (axis === 0 ? maxX >= x : maxY >= y) {
          stack[top++] = middle + 1;
          stack[top++] = right;
          stack[top++] = 1 - axis;
        }
      }
    }
    return count;
  }

  #record(count: number, position: number, term: number): number {
    if (count === this.positions.length) this.#grow();
    this.positions[count] = position;
    this.terms[count] = term;
    return count + 1;
  }

  #grow(): void {
    const positions = new Uint32Array(this.positions.length * 2);
    positions.set(this.positions);
    this.positions = positions;
    const terms = new Float64Array(this.terms.length * 2);
    terms.set(this.terms);
    this.terms = terms;
  }
}
