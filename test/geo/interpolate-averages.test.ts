import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GeoPoint,
  INTERPOLATION_RADIUS_KM,
  InstallationIndex,
  interpolateAverages,
  type NeighbourHit,
} from '../../src/geo/index.js';
import type { WindowAverages } from '../../src/store/measurement-store.js';
import { destination, latitudeArb, longitudeArb } from '../helpers/geo-arbitraries.js';
import { closeTo, oracleInverseDistance } from '../helpers/geo-oracle.js';

const RUNS = { numRuns: 1000 };
const TYPES = ['PM1', 'PM25', 'PM10', 'TEMPERATURE'] as const;

const averagesArb: fc.Arbitrary<WindowAverages> = fc
  .record(
    {
      PM1: fc.double({ min: 0, max: 300, noNaN: true }),
      PM25: fc.double({ min: 0, max: 500, noNaN: true }),
      PM10: fc.double({ min: 0, max: 800, noNaN: true }),
      TEMPERATURE: fc.double({ min: -30, max: 40, noNaN: true }),
    },
    { requiredKeys: [] },
  )
  .map((record) => record as WindowAverages);

const neighboursWithAveragesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 25 })
  .chain((ids) =>
    fc.tuple(
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            distanceKm: fc.oneof(
              fc.double({ min: 0, max: INTERPOLATION_RADIUS_KM, noNaN: true }),
              fc.constant(0),
            ),
          }),
        ),
      ),
      fc.array(averagesArb, { minLength: ids.length, maxLength: ids.length }),
    ),
  )
  .map(([neighbours, averages]) => ({ neighbours: neighbours as NeighbourHit[], averages }));

describe('interpolateAverages examples', () => {
  it('weights each type over the neighbours that have it', () => {
    expect(
      interpolateAverages(
        [
          { id: 1, distanceKm: 0.5 },
          { id: 2, distanceKm: 1 },
        ],
        [{ PM10: 10, PM25: 8 }, { PM10: 40 }],
      ),
    ).toEqual({ PM10: 20, PM25: 8 });
  });

  it('has no key for a type no neighbour has, and nothing without neighbours', () => {
    const result = interpolateAverages([{ id: 1, distanceKm: 1 }], [{ PM10: 5, PM25: undefined }]);
    expect(Object.keys(result)).toEqual(['PM10']);
    expect(interpolateAverages([], [])).toEqual({});
  });

  it('throws on mismatched lengths and non-finite averages', () => {
    expect(() => interpolateAverages([{ id: 1, distanceKm: 1 }], [])).toThrow(
      new RangeError('interpolateAverages: averages must hold one entry per neighbour (1), got 0'),
    );
    expect(() => interpolateAverages([{ id: 1, distanceKm: 1 }], [{ PM10: Number.NaN }])).toThrow(
      new RangeError(
        'interpolateAverages: averages[0].PM10 must be a finite number or absent, got NaN',
      ),
    );
  });
});

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
