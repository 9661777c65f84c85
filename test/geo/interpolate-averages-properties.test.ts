import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '../../src/geo/geo-point.js';
import { InstallationIndex } from '../../src/geo/installation-index.js';
import {
  INTERPOLATION_RADIUS_KM,
  interpolateAverages,
} from '../../src/geo/interpolate-averages.js';
import { destination, latitudeArb, longitudeArb } from '../helpers/geo-arbitraries.js';
import {
  asNeighbours,
  contributingSources,
  idwSourcesArb,
  idwValueArb,
  neighboursWithAveragesArb,
  othersAndAtPointArb,
  shuffledIdwSourcesArb,
  IDW_TYPES as TYPES,
} from '../helpers/geo-idw-arbitraries.js';
import { closeTo, oracleInverseDistance } from '../helpers/geo-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// interpolateAverages against the direct IDW oracle of test/helpers/geo-oracle.ts, and with
// InstallationIndex.within at the edge of the interpolation radius.

describe('interpolateAverages properties', () => {
  it('equals the direct IDW oracle per type, over only the neighbours having that type', () => {
    fc.assert(
      fc.property(neighboursWithAveragesArb, ({ neighbours, averages }) => {
        const result = interpolateAverages(neighbours, averages);
        for (const type of TYPES) {
          const sources = neighbours.flatMap((neighbour, i) => {
            const value = averages[i]![type];
            return value === undefined ? [] : [{ ...neighbour, value }];
          });
          const expected = oracleInverseDistance(sources);
          if (expected === undefined) expect(type in result).toBe(false);
          else expect(closeTo(result[type]!, expected, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the neighbours', () => {
    fc.assert(
      fc.property(
        neighboursWithAveragesArb.chain(({ neighbours, averages }) => {
          const pairs = neighbours.map((neighbour, i) => [neighbour, averages[i]!] as const);
          return fc
            .shuffledSubarray(pairs, { minLength: pairs.length, maxLength: pairs.length })
            .map((shuffled) => ({ neighbours, averages, shuffled }));
        }),
        ({ neighbours, averages, shuffled }) => {
          const reordered = interpolateAverages(
            shuffled.map(([neighbour]) => neighbour),
            shuffled.map(([, record]) => record),
          );
          expect(Object.entries(reordered)).toEqual(
            Object.entries(interpolateAverages(neighbours, averages)),
          );
        },
      ),
      RUNS,
    );
  });

  it('a sensor moved from 1.49 km to 1.51 km stops influencing the point (within + IDW)', () => {
    fc.assert(
      fc.property(
        latitudeArb.filter((latitude) => Math.abs(latitude) < 89.9),
        longitudeArb,
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 360, noNaN: true }),
            fc.double({ min: 0.01, max: 1.4, noNaN: true }),
            fc.double({ min: 0, max: 100, noNaN: true }),
          ),
          { maxLength: 20 },
        ),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (latitude, longitude, others, moverBearing) => {
          const MOVER = 0;
          const MOVER_VALUE = 1000; // above every other value, so its influence is visible
          const pm10ById = new Map<number, number>([[MOVER, MOVER_VALUE]]);
          const points: GeoPoint[] = others.map(([bearing, km, value], i) => {
            pm10ById.set(i + 1, value);
            return { id: i + 1, ...destination(latitude, longitude, bearing, km) };
          });
          const pm10At = (moverKm: number) => {
            const mover = destination(latitude, longitude, moverBearing, moverKm);
            const index = InstallationIndex.from([...points, { id: MOVER, ...mover }]);
            const neighbours = index.within(latitude, longitude, INTERPOLATION_RADIUS_KM);
            return interpolateAverages(
              neighbours,
              neighbours.map((hit) => ({ PM10: pm10ById.get(hit.id)! })),
            ).PM10;
          };
          const withoutMover = InstallationIndex.from(points).within(
            latitude,
            longitude,
            INTERPOLATION_RADIUS_KM,
          );
          const baseline = interpolateAverages(
            withoutMover,
            withoutMover.map((hit) => ({ PM10: pm10ById.get(hit.id)! })),
          ).PM10;

          expect(pm10At(1.51)).toBe(baseline);
          const inside = pm10At(1.49)!;
          if (baseline === undefined) expect(inside).toBe(MOVER_VALUE);
          else expect(inside).toBeGreaterThan(baseline);
        },
      ),
      RUNS,
    );
  });
});

describe('interpolateAverages properties moved from interpolateInverseDistance', () => {
  it('matches the direct Σ(v/d) / Σ(1/d) oracle for one type, ids repeating or not', () => {
    fc.assert(
      fc.property(idwSourcesArb, (sources) => {
        const { neighbours, averages } = asNeighbours(sources);
        const actual = interpolateAverages(neighbours, averages).PM10!;
        expect(closeTo(actual, oracleInverseDistance(sources)!, 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('lies within [min, max] of the contributing values', () => {
    fc.assert(
      fc.property(idwSourcesArb, (sources) => {
        const values = contributingSources(sources).map((source) => source.value);
        const { neighbours, averages } = asNeighbours(sources);
        const value = interpolateAverages(neighbours, averages).PM10!;
        expect(value).toBeGreaterThanOrEqual(Math.min(...values));
        expect(value).toBeLessThanOrEqual(Math.max(...values));
      }),
      RUNS,
    );
  });

  it('gives exactly the common value when all values are equal', () => {
    fc.assert(
      fc.property(idwSourcesArb, idwValueArb, (places, value) => {
        const { neighbours, averages } = asNeighbours(places.map((place) => ({ ...place, value })));
        expect(interpolateAverages(neighbours, averages).PM10).toBe(value);
      }),
      RUNS,
    );
  });

  it('is exact at a sensor location', () => {
    fc.assert(
      fc.property(othersAndAtPointArb, ([others, atPoint]) => {
        const { neighbours, averages } = asNeighbours([...others, atPoint]);
        expect(interpolateAverages(neighbours, averages).PM10).toBe(atPoint.value);
      }),
      RUNS,
    );
  });

  it('is invariant, to the bit, under permutation of neighbours with distinct ids', () => {
    fc.assert(
      fc.property(shuffledIdwSourcesArb, ([sources, shuffled]) => {
        const original = asNeighbours(sources);
        const reordered = asNeighbours(shuffled);
        expect(interpolateAverages(reordered.neighbours, reordered.averages)).toEqual(
          interpolateAverages(original.neighbours, original.averages),
        );
      }),
      RUNS,
    );
  });
});
