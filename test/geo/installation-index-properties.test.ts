import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NeighbourHit } from '../../src/geo/geo-point.js';
import { InstallationIndex } from '../../src/geo/installation-index.js';
import {
  maxDistanceArb,
  maxResultsArb,
  nearestOptions,
  pointsAndQueryArb,
  radiusArb,
} from '../helpers/geo-arbitraries.js';
import {
  ids,
  ORACLE_TIE_KM,
  oracleAllByDistance,
  oracleNearest,
  oracleWithin,
} from '../helpers/geo-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// InstallationIndex against the brute-force haversine oracle of test/helpers/geo-oracle.ts.

// The oracle repeats src/geo's floating-point steps, so ids, order and distances agree exactly.
function expectSameHits(actual: readonly NeighbourHit[], expected: readonly NeighbourHit[]) {
  expect(ids(actual)).toEqual(ids(expected));
  expect(actual).toEqual(expected);
}

describe('InstallationIndex properties', () => {
  it('nearest equals a brute-force haversine sort (ids, order, ties by id)', () => {
    fc.assert(
      fc.property(
        pointsAndQueryArb,
        maxDistanceArb,
        maxResultsArb,
        ({ points, query }, maxDistanceKM, maxResults) => {
          const index = InstallationIndex.from(points);
          const actual = index.nearest(
            query.latitude,
            query.longitude,
            nearestOptions(maxDistanceKM, maxResults),
          );
          const expected = oracleNearest(
            points,
            query.latitude,
            query.longitude,
            maxDistanceKM,
            maxResults,
          );
          expectSameHits(actual, expected);
        },
      ),
      RUNS,
    );
  });

  it('nearest stays within maxDistanceKM and returns min(maxResults, candidates)', () => {
    fc.assert(
      fc.property(
        pointsAndQueryArb,
        maxDistanceArb,
        maxResultsArb,
        ({ points, query }, maxDistanceKM = 3, maxResults = 1) => {
          const index = InstallationIndex.from(points);
          const hits = index.nearest(query.latitude, query.longitude, {
            maxDistanceKM,
            maxResults,
          });
          const candidates = oracleAllByDistance(points, query.latitude, query.longitude).filter(
            (hit) => maxDistanceKM < 0 || hit.distanceKm <= maxDistanceKM,
          ).length;
          const wanted = maxResults < 0 ? candidates : Math.min(maxResults, candidates);
          expect(hits).toHaveLength(wanted);
          for (const hit of hits) {
            expect(Number.isFinite(hit.distanceKm)).toBe(true);
            if (maxDistanceKM >= 0) expect(hit.distanceKm).toBeLessThanOrEqual(maxDistanceKM);
          }
          for (let i = 1; i < hits.length; i++) {
            expect(hits[i]!.distanceKm).toBeGreaterThanOrEqual(
              hits[i - 1]!.distanceKm - ORACLE_TIE_KM,
            );
          }
        },
      ),
      RUNS,
    );
  });

  it('negative limits and distances beyond 20,000 km reach every point; 0 results is empty', () => {
    fc.assert(
      fc.property(
        pointsAndQueryArb,
        fc.oneof(
          fc.integer({ min: -1000, max: -1 }),
          fc.double({ min: 20_016, max: 1e7, noNaN: true }),
        ),
        fc.integer({ min: -1000, max: -1 }),
        ({ points, query }, maxDistanceKM, maxResults) => {
          const index = InstallationIndex.from(points);
          const all = index.nearest(query.latitude, query.longitude, { maxDistanceKM, maxResults });
          expectSameHits(all, oracleAllByDistance(points, query.latitude, query.longitude));
          expect(
            index.nearest(query.latitude, query.longitude, { maxDistanceKM, maxResults: 0 }),
          ).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it('within equals the brute-force filter, including near ±180° and the poles', () => {
    fc.assert(
      fc.property(pointsAndQueryArb, radiusArb, ({ points, query }, radiusKm) => {
        const index = InstallationIndex.from(points);
        expectSameHits(
          index.within(query.latitude, query.longitude, radiusKm),
          oracleWithin(points, query.latitude, query.longitude, radiusKm),
        );
      }),
      RUNS,
    );
  });

  it('answers the same whatever order the points are given in', () => {
    fc.assert(
      fc.property(
        pointsAndQueryArb.chain(({ points, query }) =>
          fc
            .shuffledSubarray(points, { minLength: points.length, maxLength: points.length })
            .map((shuffled) => ({ points, shuffled, query })),
        ),
        maxResultsArb,
        radiusArb,
        ({ points, shuffled, query }, maxResults, radiusKm) => {
          const a = InstallationIndex.from(points);
          const b = InstallationIndex.from(shuffled);
          const options = nearestOptions(radiusKm, maxResults);
          expect(b.nearest(query.latitude, query.longitude, options)).toEqual(
            a.nearest(query.latitude, query.longitude, options),
          );
          expect(b.within(query.latitude, query.longitude, radiusKm)).toEqual(
            a.within(query.latitude, query.longitude, radiusKm),
          );
        },
      ),
      RUNS,
    );
  });
});
