import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GeoPoint, NeighbourHit } from '../../src/geo/geo-point.js';
import { InstallationIndex } from '../../src/geo/installation-index.js';
import {
  INTERPOLATION_RADIUS_KM,
  interpolateAverages,
} from '../../src/geo/interpolate-averages.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
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

describe('interpolateAverages examples moved from interpolateInverseDistance', () => {
  it('weights by 1 / distance whatever order the neighbours come in', () => {
    const result = interpolateAverages(
      [
        { id: 2, distanceKm: 1 },
        { id: 1, distanceKm: 0.5 },
      ],
      [{ PM10: 40 }, { PM10: 10 }],
    );
    expect(result.PM10).toBe(20);
  });

  it('returns a sensor standing at the point exactly, several such sensors as their mean', () => {
    const near = { id: 3, distanceKm: 0.3 };
    expect(
      interpolateAverages([near, { id: 1, distanceKm: 0 }], [{ PM10: 90 }, { PM10: 7 }]),
    ).toEqual({ PM10: 7 });
    expect(
      interpolateAverages(
        [near, { id: 5, distanceKm: 0.0009 }, { id: 4, distanceKm: 0.0002 }],
        [{ PM10: 90 }, { PM10: 12 }, { PM10: 6 }],
      ),
    ).toEqual({ PM10: 9 });
  });

  it('throws naming the bad neighbour or argument', () => {
    expect(() => interpolateAverages([{ id: 1, distanceKm: -0.1 }], [{ PM10: 1 }])).toThrow(
      new RangeError(
        'interpolateAverages: neighbours[0].distanceKm must be a finite number >= 0, got -0.1',
      ),
    );
    expect(() =>
      interpolateAverages([{ id: 1, distanceKm: Number.POSITIVE_INFINITY }], [{ PM10: 1 }]),
    ).toThrow(/neighbours\[0\]\.distanceKm .* got Infinity/);
    expect(() => interpolateAverages([{ id: Number.NaN, distanceKm: 1 }], [{ PM10: 1 }])).toThrow(
      new TypeError('interpolateAverages: neighbours[0].id must be a number, got NaN'),
    );
    expect(() =>
      interpolateAverages(
        [
          { id: 1, distanceKm: 1 },
          { id: 2, distanceKm: 1 },
        ],
        [{ PM10: 1 }, { PM10: Number.NaN }],
      ),
    ).toThrow(
      new RangeError(
        'interpolateAverages: averages[1].PM10 must be a finite number or absent, got NaN',
      ),
    );
    expect(() => interpolateAverages('x' as unknown as NeighbourHit[], [])).toThrow(
      new TypeError('interpolateAverages: neighbours must be an array, got "x"'),
    );
    expect(() => interpolateAverages([null as unknown as NeighbourHit], [{}])).toThrow(TypeError);
    expect(() =>
      interpolateAverages([{ id: 1, distanceKm: 1 }], [null as unknown as WindowAverages]),
    ).toThrow(new TypeError('interpolateAverages: averages[0] must be an object, got null'));
  });

  it('keeps a type named __proto__ as a value of its own', () => {
    const record = JSON.parse('{"__proto__": 5, "PM10": 1}') as WindowAverages;
    const result = interpolateAverages([{ id: 1, distanceKm: 1 }], [record]);
    expect(Object.keys(result)).toEqual(['PM10', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(5);
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
