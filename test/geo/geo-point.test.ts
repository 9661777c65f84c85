import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNeighbours, DISTANCE_TIE_KM, sortNeighbours } from '../../src/geo/geo-point.js';
import { oracleOrder } from '../helpers/geo-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// Distances drawn from a few values a rounding step apart, so that ties and near-ties abound.
const hitArb = fc.record({
  id: fc.integer({ min: -50, max: 50 }),
  distanceKm: fc.oneof(
    fc.constantFrom(0, 1, 1 + 1e-12, 1 - 1e-12, 1 + DISTANCE_TIE_KM, 1 + 0.5 * DISTANCE_TIE_KM),
    fc.double({ min: 0, max: 3, noNaN: true }),
  ),
});

describe('compareNeighbours and sortNeighbours', () => {
  it('orders nearest first and ties by id', () => {
    const hits = [
      { id: 7, distanceKm: 1 },
      { id: 3, distanceKm: 1 },
      { id: 9, distanceKm: 0.5 },
    ];
    expect(sortNeighbours(hits).map((hit) => hit.id)).toEqual([9, 3, 7]);
  });

  it('treats distances in one 1 µm step as tied', () => {
    expect(compareNeighbours({ id: 2, distanceKm: 1 + 1e-13 }, { id: 1, distanceKm: 1 })).toBe(1);
    expect(
      compareNeighbours({ id: 2, distanceKm: 1 }, { id: 1, distanceKm: 1 + 2 * DISTANCE_TIE_KM }),
    ).toBeLessThan(0);
  });

  it('sorts like Array.prototype.sort with the oracle order, short and long lists alike', () => {
    fc.assert(
      fc.property(fc.array(hitArb, { maxLength: 40 }), (hits) => {
        expect(sortNeighbours([...hits])).toEqual([...hits].sort(oracleOrder));
      }),
      RUNS,
    );
  });

  it('gives the same order for every permutation of the input', () => {
    fc.assert(
      fc.property(
        // Ids are unique within a result, as installation ids are.
        fc
          .uniqueArray(hitArb, { maxLength: 30, selector: (hit) => hit.id })
          .chain((hits) =>
            fc
              .shuffledSubarray(hits, { minLength: hits.length, maxLength: hits.length })
              .map((shuffled) => [hits, shuffled] as const),
          ),
        ([hits, shuffled]) => {
          expect(sortNeighbours([...shuffled])).toEqual(sortNeighbours([...hits]));
        },
      ),
      RUNS,
    );
  });
});
