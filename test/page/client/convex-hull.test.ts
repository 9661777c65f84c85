import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexHull, type PlanePoint } from '../../../src/page/client/convex-hull.js';
import { RUNS } from '../../helpers/property-runs.js';

const cross = (o: PlanePoint, a: PlanePoint, b: PlanePoint) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

// Brute force: a point is a corner of the hull when no triangle (or segment) of the other
// points contains it. Integer coordinates keep every test exact.
function inClosedTriangle(p: PlanePoint, a: PlanePoint, b: PlanePoint, c: PlanePoint): boolean {
  const d1 = cross(a, b, p);
  const d2 = cross(b, c, p);
  const d3 = cross(c, a, p);
  const negative = d1 < 0 || d2 < 0 || d3 < 0;
  const positive = d1 > 0 || d2 > 0 || d3 > 0;
  if (negative && positive) return false;
  if (cross(a, b, c) !== 0) return true;
  // A flat triangle: inside means on one of its segments.
  const onSegment = (s: PlanePoint, t: PlanePoint) =>
    cross(s, t, p) === 0 &&
    Math.min(s.x, t.x) <= p.x &&
    p.x <= Math.max(s.x, t.x) &&
    Math.min(s.y, t.y) <= p.y &&
    p.y <= Math.max(s.y, t.y);
  return onSegment(a, b) || onSegment(b, c) || onSegment(a, c);
}

function cornersByBruteForce(points: readonly PlanePoint[]): string[] {
  const corners: string[] = [];
  for (const p of points) {
    const others = points.filter((q) => q !== p);
    let inside = false;
    for (let i = 0; i < others.length && !inside; i++)
      for (let j = i; j < others.length && !inside; j++)
        for (let k = j; k < others.length && !inside; k++)
          inside = inClosedTriangle(p, others[i]!, others[j]!, others[k]!);
    if (!inside) corners.push(`${p.x},${p.y}`);
  }
  return corners.sort();
}

const pointsArb = fc.uniqueArray(
  fc.record({ x: fc.integer({ min: 0, max: 12 }), y: fc.integer({ min: 0, max: 12 }) }),
  { minLength: 3, maxLength: 12, selector: (p) => `${p.x},${p.y}` },
);

describe('convexHull', () => {
  it('keeps the corners of a square and drops the points inside and on its edges', () => {
    const hull = convexHull([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 2 },
      { x: 2, y: 2 },
      { x: 1, y: 0 },
    ]);
    expect(hull).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
    ]);
  });

  it('finds exactly the corners the brute force finds, in counter-clockwise order', () => {
    fc.assert(
      fc.property(pointsArb, (points) => {
        const hull = convexHull(points);
        const expected = cornersByBruteForce(points);
        // All points on one line: the brute force keeps the two ends, so does the hull.
        expect(hull.map((p) => `${p.x},${p.y}`).sort()).toEqual(expected);
        if (hull.length >= 3)
          for (let i = 0; i < hull.length; i++)
            expect(
              cross(hull[i]!, hull[(i + 1) % hull.length]!, hull[(i + 2) % hull.length]!),
            ).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
