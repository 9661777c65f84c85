import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NeighbourHit } from '../../src/geo/geo-point.js';
import { interpolateAverages } from '../../src/geo/interpolate-averages.js';
import { InverseDistanceWeights } from '../../src/geo/inverse-distance-weights.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import {
  contributingSources,
  IDW_TYPES,
  idwSourcesArb,
  neighboursWithAveragesArb,
  othersAndAtPointArb,
  shuffledIdwSourcesArb,
  sourcesOfType,
} from '../helpers/geo-idw-arbitraries.js';
import {
  closeTo,
  oracleInverseDistance,
  oracleInverseDistanceWeights,
} from '../helpers/geo-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// InverseDistanceWeights against interpolateAverages and the direct IDW oracle of
// test/helpers/geo-oracle.ts.

describe('InverseDistanceWeights properties', () => {
  it('gives the same numbers, to the bit, as interpolateAverages of the geo module', () => {
    const distance = fc.oneof(
      fc.double({ min: 0, max: 1.5, noNaN: true }),
      fc.double({ min: 0, max: 0.002, noNaN: true }),
      fc.constantFrom(0, 0.001, 0.5, 1),
    );
    const record = fc.dictionary(
      fc.constantFrom('PM25', 'PM10', 'NO2', 'TEMPERATURE'),
      fc.oneof(fc.double({ min: -50, max: 1000, noNaN: true }), fc.constantFrom(0, -0, 1e300)),
    );
    const neighbours = fc
      .uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 8 })
      .chain((ids) =>
        fc.tuple(
          fc.tuple(
            ...ids.map((id) => distance.map((distanceKm): NeighbourHit => ({ id, distanceKm }))),
          ),
          fc.array(fc.array(record, { minLength: ids.length, maxLength: ids.length }), {
            minLength: 1,
            maxLength: 4,
          }),
        ),
      );
    fc.assert(
      fc.property(neighbours, ([hits, windows]) => {
        const weights = InverseDistanceWeights.of(hits);
        for (const records of windows) {
          const ours = weights.interpolate(records);
          const theirs = interpolateAverages(hits, records);
          expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
          for (const type of Object.keys(theirs))
            expect(Object.is(ours[type], theirs[type])).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('equals the direct IDW oracle per type, over only the neighbours having that type', () => {
    fc.assert(
      fc.property(neighboursWithAveragesArb, ({ neighbours, averages }) => {
        const result = InverseDistanceWeights.of(neighbours).interpolate(averages);
        for (const type of IDW_TYPES) {
          const expected = oracleInverseDistance(sourcesOfType(neighbours, averages, type));
          if (expected === undefined) expect(type in result).toBe(false);
          else expect(closeTo(result[type]!, expected, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('treats a value that is not a finite number as absent', () => {
    const junk = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    fc.assert(
      fc.property(
        neighboursWithAveragesArb.chain(({ neighbours, averages }) =>
          fc
            .array(fc.tuple(fc.constantFrom(...IDW_TYPES), junk), {
              minLength: averages.length,
              maxLength: averages.length,
            })
            .map((spoilers) => ({ neighbours, averages, spoilers })),
        ),
        fc.boolean(),
        ({ neighbours, averages, spoilers }, dropRecords) => {
          // Each record gets one type spoiled; the clean records simply lack that type.
          const spoiled = averages.map((record, i) => {
            const [type, value] = spoilers[i]!;
            return { ...record, [type]: value };
          });
          const clean: (WindowAverages | undefined)[] = averages.map((record, i) => {
            const { [spoilers[i]![0]]: _, ...rest } = record;
            return dropRecords && Object.keys(rest).length === 0 ? undefined : rest;
          });
          const weights = InverseDistanceWeights.of(neighbours);
          expect(weights.interpolate(spoiled)).toEqual(weights.interpolate(clean));
        },
      ),
      RUNS,
    );
  });

  it('normalised weights equal the direct (1/d) / Σ(1/d) shares, summing to 1', () => {
    fc.assert(
      fc.property(idwSourcesArb, (sources) => {
        const shares = InverseDistanceWeights.of(sources).normalisedWeights();
        const expected = oracleInverseDistanceWeights(sources);
        expect(shares).toHaveLength(sources.length);
        let sum = 0;
        shares.forEach((share, i) => {
          expect(closeTo(share, expected[i]!, 1e-12)).toBe(true);
          sum += share;
        });
        expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it('gives every contributing source a positive weight and every other one 0, never NaN', () => {
    fc.assert(
      fc.property(idwSourcesArb, (sources) => {
        const contributing = new Set(contributingSources(sources));
        const shares = InverseDistanceWeights.of(sources).normalisedWeights();
        sources.forEach((source, i) => {
          if (contributing.has(source)) expect(shares[i]).toBeGreaterThan(0);
          else expect(shares[i]).toBe(0);
        });
      }),
      RUNS,
    );
  });

  it('normalised weights over the present neighbours are the weights interpolate applies', () => {
    fc.assert(
      fc.property(neighboursWithAveragesArb, ({ neighbours, averages }) => {
        const weights = InverseDistanceWeights.of(neighbours);
        const result = weights.interpolate(averages);
        for (const type of IDW_TYPES) {
          const present = averages.map((record) => record[type] !== undefined);
          const shares = weights.normalisedWeights(present);
          const sources = sourcesOfType(neighbours, averages, type);
          const expected = oracleInverseDistanceWeights(sources);
          let k = 0;
          let weightedSum = 0;
          shares.forEach((share, i) => {
            if (!present[i]) {
              expect(share).toBe(0);
              return;
            }
            expect(closeTo(share, expected[k++]!, 1e-12)).toBe(true);
            weightedSum += share * averages[i]![type]!;
          });
          if (sources.length > 0) expect(closeTo(weightedSum, result[type]!, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('is exact at a sensor location: that sensor takes the whole weight', () => {
    fc.assert(
      fc.property(othersAndAtPointArb, ([others, atPoint]) => {
        const weights = InverseDistanceWeights.of([...others, atPoint]);
        const expected = new Float64Array(others.length + 1);
        expected[others.length] = 1;
        expect(weights.normalisedWeights()).toEqual(expected);
        const records = [...others, atPoint].map(({ value }) => ({ PM10: value }));
        expect(weights.interpolate(records).PM10).toBe(atPoint.value);
      }),
      RUNS,
    );
  });

  it('weights and values follow their neighbours, to the bit, under permutation', () => {
    fc.assert(
      fc.property(shuffledIdwSourcesArb, ([sources, shuffled]) => {
        const byId = (list: typeof sources) => {
          const shares = InverseDistanceWeights.of(list).normalisedWeights();
          return new Map(list.map((source, i) => [source.id, shares[i]]));
        };
        expect(byId(shuffled)).toEqual(byId(sources));
        const value = (list: typeof sources) =>
          InverseDistanceWeights.of(list).interpolate(list.map((s) => ({ PM10: s.value }))).PM10;
        expect(Object.is(value(shuffled), value(sources))).toBe(true);
      }),
      RUNS,
    );
  });
});
