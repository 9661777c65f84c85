import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COINCIDENT_DISTANCE_KM,
  type IdwSource,
  interpolateInverseDistance,
} from '../../src/geo/index.js';
import { closeTo, oracleInverseDistance } from '../helpers/geo-oracle.js';

const RUNS = { numRuns: 1000 };

const valueArb = fc.double({ min: -1000, max: 1000, noNaN: true });
const sourceArb = (distanceArb: fc.Arbitrary<number>): fc.Arbitrary<IdwSource> =>
  fc.record({ id: fc.integer({ min: 1, max: 50 }), distanceKm: distanceArb, value: valueArb });
const awayArb = fc.double({ min: COINCIDENT_DISTANCE_KM, max: 1.5, noNaN: true });
const anyDistanceArb = fc.oneof(
  { weight: 8, arbitrary: awayArb },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 0.00099, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const sourcesArb = fc.array(sourceArb(anyDistanceArb), { minLength: 1, maxLength: 30 });

function contributing(sources: readonly IdwSource[]): IdwSource[] {
  const coincident = sources.filter((source) => source.distanceKm < COINCIDENT_DISTANCE_KM);
  return coincident.length > 0 ? coincident : [...sources];
}

describe('interpolateInverseDistance examples', () => {
  it('weights by 1 / distance and reports normalised weights, nearest first', () => {
    const result = interpolateInverseDistance([
      { id: 2, distanceKm: 1, value: 40 },
      { id: 1, distanceKm: 0.5, value: 10 },
    ]);
    expect(result?.value).toBe(20);
    expect(result?.contributors).toEqual([
      { id: 1, distanceKm: 0.5, weight: 2 / 3 },
      { id: 2, distanceKm: 1, weight: 1 / 3 },
    ]);
  });

  it('returns a sensor standing at the point exactly, several such sensors as their mean', () => {
    const near = { id: 3, distanceKm: 0.3, value: 90 };
    expect(interpolateInverseDistance([near, { id: 1, distanceKm: 0, value: 7 }])).toEqual({
      value: 7,
      contributors: [{ id: 1, distanceKm: 0, weight: 1 }],
    });
    const two = interpolateInverseDistance([
      near,
      { id: 5, distanceKm: 0.0009, value: 12 },
      { id: 4, distanceKm: 0.0002, value: 6 },
    ]);
    expect(two?.value).toBe(9);
    expect(two?.contributors.map((c) => [c.id, c.weight])).toEqual([
      [4, 0.5],
      [5, 0.5],
    ]);
  });

  it('has no value without sources', () => {
    expect(interpolateInverseDistance([])).toBeUndefined();
  });

  it('throws naming the bad source', () => {
    expect(() => interpolateInverseDistance([{ id: 1, distanceKm: -0.1, value: 1 }])).toThrow(
      new RangeError(
        'interpolateInverseDistance: sources[0].distanceKm must be a finite number >= 0, got -0.1',
      ),
    );
    expect(() =>
      interpolateInverseDistance([
        { id: 1, distanceKm: 1, value: 1 },
        { id: 2, distanceKm: 1, value: Number.NaN },
      ]),
    ).toThrow(
      new RangeError(
        'interpolateInverseDistance: sources[1].value must be a finite number, got NaN',
      ),
    );
    expect(() =>
      interpolateInverseDistance([{ id: 1, distanceKm: Number.POSITIVE_INFINITY, value: 1 }]),
    ).toThrow(/sources\[0\]\.distanceKm .* got Infinity/);
    expect(() => interpolateInverseDistance('x' as unknown as IdwSource[])).toThrow(TypeError);
  });
});

describe('interpolateInverseDistance properties', () => {
  it('matches the direct Σ(v/d) / Σ(1/d) oracle', () => {
    fc.assert(
      fc.property(sourcesArb, (sources) => {
        const actual = interpolateInverseDistance(sources)!.value;
        const expected = oracleInverseDistance(sources)!;
        expect(closeTo(actual, expected, 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('lies within [min, max] of the contributing values', () => {
    fc.assert(
      fc.property(sourcesArb, (sources) => {
        const values = contributing(sources).map((source) => source.value);
        const { value } = interpolateInverseDistance(sources)!;
        expect(value).toBeGreaterThanOrEqual(Math.min(...values));
        expect(value).toBeLessThanOrEqual(Math.max(...values));
      }),
      RUNS,
    );
  });

  it('gives exactly the common value when all values are equal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), distanceKm: anyDistanceArb }), {
          minLength: 1,
          maxLength: 30,
        }),
        valueArb,
        (places, value) => {
          const sources = places.map((place) => ({ ...place, value }));
          expect(interpolateInverseDistance(sources)!.value).toBe(value);
        },
      ),
      RUNS,
    );
  });

  it('is exact at a sensor location', () => {
    fc.assert(
      fc.property(
        fc.array(sourceArb(awayArb), { maxLength: 30 }),
        sourceArb(fc.constant(0)),
        (others, atPoint) => {
          const result = interpolateInverseDistance([...others, atPoint])!;
          expect(result.value).toBe(atPoint.value);
          expect(result.contributors).toEqual([{ id: atPoint.id, distanceKm: 0, weight: 1 }]);
        },
      ),
      RUNS,
    );
  });

  it('is invariant under permutation of the input', () => {
    fc.assert(
      fc.property(
        sourcesArb.chain((sources) =>
          fc
            .shuffledSubarray(sources, { minLength: sources.length, maxLength: sources.length })
            .map((shuffled) => [sources, shuffled] as const),
        ),
        ([sources, shuffled]) => {
          expect(interpolateInverseDistance(shuffled)).toEqual(interpolateInverseDistance(sources));
        },
      ),
      RUNS,
    );
  });

  it('reports the contributors nearest first with weights summing to 1, never NaN', () => {
    fc.assert(
      fc.property(sourcesArb, (sources) => {
        const { value, contributors } = interpolateInverseDistance(sources)!;
        expect(Number.isFinite(value)).toBe(true);
        expect(contributors).toHaveLength(contributing(sources).length);
        let sum = 0;
        contributors.forEach((contributor, i) => {
          expect(contributor.weight).toBeGreaterThan(0);
          sum += contributor.weight;
          const previous = contributors[i - 1];
          if (previous !== undefined) {
            expect(
              previous.distanceKm < contributor.distanceKm ||
                (previous.distanceKm === contributor.distanceKm && previous.id <= contributor.id),
            ).toBe(true);
          }
        });
        expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });
});
