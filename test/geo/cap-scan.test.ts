import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CapScan } from '../../src/geo/cap-scan.js';
import type { GeoPoint } from '../../src/geo/geo-point.js';
import { buildTree } from '../../src/geo/tree-build.js';
import { pointsAndQueryArb, radiusArb } from '../helpers/geo-arbitraries.js';
import { oracleDistanceKm } from '../helpers/geo-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// CapScan is the radius walk under InstallationIndex.within. Its own contract is tighter than
// what `within` shows: it returns the points within the radius (up to its relative slack of
// 1e-9 on the term), not every point of the bounding boxes, with each point's haversine term.

/** Input positions found by one run, ascending, and the terms by position. */
function scan(points: readonly GeoPoint[], latitude: number, longitude: number, radiusKm: number) {
  const capScan = new CapScan(4); // small, so that runs also grow the arrays
  const count = capScan.run(buildTree(points).tree, latitude, longitude, radiusKm);
  const termByPosition = new Map<number, number>();
  for (let i = 0; i < count; i++) termByPosition.set(capScan.positions[i]!, capScan.terms[i]!);
  return { positions: [...termByPosition.keys()].sort((a, b) => a - b), count, termByPosition };
}

/** Brute force: positions whose distance is within the radius, by the oracle's haversine. */
function oraclePositions(
  points: readonly GeoPoint[],
  latitude: number,
  longitude: number,
  radiusKm: number,
  slack = 0,
): number[] {
  const positions: number[] = [];
  points.forEach((point, position) => {
    const km = oracleDistanceKm(latitude, longitude, point.latitude, point.longitude);
    if (km <= radiusKm * (1 + slack) + slack) positions.push(position);
  });
  return positions;
}

describe('CapScan', () => {
  it('finds nothing in an empty tree', () => {
    expect(new CapScan().run(buildTree([]).tree, 0, 0, 1000)).toBe(0);
  });

  it('returns the points within the radius and no other point of its boxes, once each', () => {
    fc.assert(
      fc.property(pointsAndQueryArb, radiusArb, ({ points, query }, radiusKm) => {
        const { latitude, longitude } = query;
        const found = scan(points, latitude, longitude, radiusKm);
        expect(found.count).toBe(found.positions.length);
        // Every point within the radius is found; nothing farther than the slack allows is.
        const inside = oraclePositions(points, latitude, longitude, radiusKm);
        expect(inside.filter((position) => !found.termByPosition.has(position))).toEqual([]);
        const allowed = new Set(oraclePositions(points, latitude, longitude, radiusKm, 1e-6));
        expect(found.positions.filter((position) => !allowed.has(position))).toEqual([]);
        // Each term is sin²(d / 2R) of the point's great-circle distance.
        for (const [position, term] of found.termByPosition) {
          const point = points[position]!;
          const km = oracleDistanceKm(latitude, longitude, point.latitude, point.longitude);
          expect(Math.abs(term - Math.sin(km / (2 * 6371)) ** 2)).toBeLessThanOrEqual(1e-12);
        }
      }),
      RUNS,
    );
  });

  it('finds points standing exactly on a pole, where the box ends at latitude ±90', () => {
    // Hundreds of points on each pole put the pole's latitude at kd-tree medians as well as
    // in leaves, where a box edge of exactly ±90 must still count as inside.
    const points: GeoPoint[] = [];
    for (let i = 0; i < 300; i++) {
      const longitude = -180 + (i * 360) / 299;
      points.push({ id: points.length, latitude: -90, longitude });
      points.push({ id: points.length, latitude: 90, longitude });
      points.push({ id: points.length, latitude: 0, longitude });
    }
    for (const [latitude, longitude, radiusKm] of [
      [-90, 0, 1],
      [90, 45, 1],
      [-89.999, -170, 0.5],
      [89.995, 179.999, 0.6],
      [-90, 10, 1e-6],
    ] as const) {
      const found = scan(points, latitude, longitude, radiusKm).positions;
      expect(found).toEqual(oraclePositions(points, latitude, longitude, radiusKm));
      expect(found).toHaveLength(300);
    }
  });

  it('walks trees deeper than a few levels (20,000 points in one cap)', () => {
    // 625 leaves of 32 points: the depth-first walk keeps about ten siblings pending at once.
    // A 200 × 100 grid of 0.0005° steps (about 7 km × 5.6 km), all within 10 km of its corner.
    const points: GeoPoint[] = [];
    for (let i = 0; i < 20_000; i++) {
      points.push({
        id: i,
        latitude: 50 + (i % 100) * 0.0005,
        longitude: 20 + Math.floor(i / 100) * 0.0005,
      });
    }
    const found = scan(points, 50, 20, 10);
    expect(found.count).toBe(20_000);
    expect(found.positions).toEqual(oraclePositions(points, 50, 20, 10));
    expect(scan(points, 50, 20, 4.5).positions).toEqual(oraclePositions(points, 50, 20, 4.5));
  });
});
