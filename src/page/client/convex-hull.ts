import type { BasePoint } from './map-projection.js';

function cross(o: BasePoint, a: BasePoint, b: BasePoint): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/**
 * The convex hull of points (Andrew's monotone chain), without collinear points, in order
 * around the hull. The map draws it as the network's outline: without map tiles (the page
 * loads nothing from elsewhere) it is the shape that says where the network is.
 *
 * @example
 * convexHull([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 2 }, { x: 2, y: 2 }]);
 * // → the four corners
 */
export function convexHull(points: readonly BasePoint[]): BasePoint[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const lower: BasePoint[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, point) <= 0) lower.pop();
    lower.push(point);
  }
  const upper: BasePoint[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const point = sorted[i]!;
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, point) <= 0) upper.pop();
    upper.push(point);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** An SVG path (`M … L … Z`) through the points. */
export function polygonPath(points: readonly BasePoint[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  const round = (value: number) => Math.round(value * 10) / 10;
  return `M${round(first!.x)} ${round(first!.y)}${rest.map((p) => `L${round(p.x)} ${round(p.y)}`).join('')}Z`;
}
