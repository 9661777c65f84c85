import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { absentValueArb, concentrationArb, indexTypeArb } from '../helpers/index-arbitraries.js';
import { naiveDominant, naiveSubIndexes } from '../helpers/index-oracles.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
  REFERENCE_NO_DATA_COLOR,
  type ReferenceIndexTypeName,
} from '../helpers/index-reference-tables.js';

// computeIndex over the pollutants it is given: none that counts (the no-data index), absent,
// negative and non-numeric values, the counted pollutants, and the sub-indexes with the
// dominant pollutant they name.
// Expected values come from the reference tables transcribed in test/helpers and from the
// naive oracles there, never from src's own tables or sub-index.

const RUNS = { numRuns: 1000 };

describe('computeIndex: no data, absent and negative inputs', () => {
  it.each(REFERENCE_INDEX_TYPE_NAMES)(
    '%s without any counting pollutant is the no-data index',
    (indexType) => {
      for (const concentrations of [{}, { HUMIDITY: 60, NO2: 300 }, { PM1: 40 }]) {
        const subIndexes = naiveSubIndexes(REFERENCE_INDEXES[indexType], concentrations);
        expect(subIndexes).toEqual({});
        expect(computeIndex(concentrations, { indexType })).toEqual({
          name: indexType,
          value: null,
          level: 'UNKNOWN',
          description: 'There is no air quality data for this place or time.',
          advice: null,
          color: REFERENCE_NO_DATA_COLOR,
          dominantPollutant: naiveDominant(subIndexes),
          subIndexes,
        });
        expect(naiveDominant(subIndexes)).toBeNull();
      }
      expect(computeIndex({}, { indexType, language: 'pl' }).description).toBe(
        'Brak danych o jakości powietrza dla tego miejsca lub czasu.',
      );
    },
  );

  it('treats NaN and ±Infinity as absent, never producing NaN', () => {
    fc.assert(
      fc.property(indexTypeArb, absentValueArb, concentrationArb, (indexType, absent, pm10) => {
        const alone = computeIndex({ PM25: absent }, { indexType });
        expect(alone.value).toBeNull();
        expect(alone.dominantPollutant).toBeNull();
        expect(alone.subIndexes).toEqual({});
        const withAbsent = computeIndex({ PM25: absent, PM10: pm10 }, { indexType });
        expect(withAbsent).toEqual(computeIndex({ PM10: pm10 }, { indexType }));
        expect(Number.isFinite(withAbsent.value)).toBe(true);
        expect(Object.keys(withAbsent.subIndexes)).toEqual(['PM10']);
        expect(Number.isFinite(withAbsent.subIndexes.PM10)).toBe(true);
        expect(withAbsent.dominantPollutant).toBe('PM10');
      }),
      RUNS,
    );
  });

  it('counts a negative concentration as 0 (present, so not the no-data index)', () => {
    fc.assert(
      fc.property(
        indexTypeArb,
        fc.double({ min: -1e6, max: -Number.MIN_VALUE, noNaN: true }),
        (indexType, c) => {
          const index = computeIndex({ PM10: c }, { indexType });
          expect(index.value).toBe(0);
          expect(index.level).toBe(REFERENCE_INDEXES[indexType].levels[0]!.level);
          expect(index.subIndexes).toEqual({ PM10: 0 });
          expect(Object.is(index.subIndexes.PM10, 0)).toBe(true);
          expect(index.dominantPollutant).toBe('PM10');
        },
      ),
      RUNS,
    );
  });

  it('ignores values that are not numbers at run time', () => {
    const sloppy = { PM10: '70', PM25: null } as unknown as Record<string, number>;
    expect(computeIndex(sloppy).value).toBeNull();
    expect(computeIndex(sloppy).subIndexes).toEqual({});
    expect(computeIndex(sloppy).dominantPollutant).toBeNull();
  });
});

describe('computeIndex: counted pollutants', () => {
  it('ignores gases by default and counts them when asked', () => {
    expect(computeIndex({ NO2: 150 }, { indexType: 'CAQI' }).value).toBeNull();
    expect(
      computeIndex({ NO2: 150 }, { indexType: 'CAQI', countedPollutants: ['NO2'] }).value,
    ).toBe(62.5);
    const all = ['PM10', 'PM25', 'NO2', 'O3', 'SO2', 'CO'];
    expect(computeIndex({ PM10: 10, O3: 240 }, { countedPollutants: all }).value).toBe(100);
    const withGases = computeIndex({ PM10: 10, O3: 240, NO2: 150 }, { countedPollutants: all });
    expect(withGases.subIndexes).toEqual({ PM10: 10, O3: 100, NO2: 62.5 });
    expect(withGases.dominantPollutant).toBe('O3');
    // Gases present but not counted have no sub-index.
    expect(computeIndex({ PM10: 10, O3: 240, NO2: 150 }).subIndexes).toEqual({ PM10: 10 });
    expect(
      computeIndex({ PM10: 10, O3: 240 }, { indexType: 'PIJP', countedPollutants: ['O3'] }).level,
    ).toBe('BAD');
  });

  it('rejects a counted pollutant without a grid, naming function, parameter and value', () => {
    expect(() =>
      computeIndex({ PM10: 1 }, { indexType: 'PIJP', countedPollutants: ['CO'] }),
    ).toThrow(
      /^computeIndex: options\.countedPollutants must name pollutants with a PIJP grid .*got "CO"$/,
    );
    expect(() => computeIndex({}, { countedPollutants: 'PM10' as unknown as string[] })).toThrow(
      TypeError,
    );
  });
});

describe('computeIndex: sub-indexes and the dominant pollutant', () => {
  const all = ['CO', 'SO2', 'NO2', 'O3', 'PM10', 'PM25'];

  it.each<[ReferenceIndexTypeName, Record<string, number>, Record<string, number>, string]>([
    // Every pollutant on the breakpoint of index 25 (CAQI) or 1 (PIJP): PM25 wins the tie.
    [
      'CAQI',
      { PM10: 25, PM25: 15, NO2: 50, O3: 60, SO2: 50, CO: 5000 },
      { PM10: 25, PM25: 25, NO2: 25, O3: 25, SO2: 25, CO: 25 },
      'PM25',
    ],
    [
      'PIJP',
      { PM10: 20, PM25: 13, NO2: 40, O3: 70, SO2: 50 },
      { PM10: 1, PM25: 1, NO2: 1, O3: 1, SO2: 1 },
      'PM25',
    ],
    // Without PM25 the tie goes down the order: PM10, O3, NO2, SO2, CO.
    ['CAQI', { PM10: 50, O3: 120, NO2: 100 }, { PM10: 50, O3: 50, NO2: 50 }, 'PM10'],
    ['CAQI', { O3: 120, NO2: 100, SO2: 100, CO: 7500 }, { O3: 50, NO2: 50, SO2: 50, CO: 50 }, 'O3'],
    ['VENDOR_CAQI', { NO2: 100, SO2: 100, CO: 7500 }, { NO2: 50, SO2: 50, CO: 50 }, 'NO2'],
    ['VENDOR_CAQI', { SO2: 100, CO: 7500 }, { SO2: 50, CO: 50 }, 'SO2'],
    ['PIJP', { NO2: 100, SO2: 100 }, { NO2: 3, SO2: 3 }, 'NO2'],
    // Negatives count as 0: a tie at 0.
    ['CAQI', { PM10: -3, PM25: -1 }, { PM10: 0, PM25: 0 }, 'PM25'],
    // A gas above the particles dominates when it counts.
    ['CAQI', { PM10: 10, PM25: 5, CO: 20000 }, { PM10: 10, PM25: 8.34, CO: 100 }, 'CO'],
    // The highest shown sub-index, not the highest raw one: PM10 30.004 and PM25 30.002 both
    // show as 30.01, so PM25 wins the tie although PM10 is higher before rounding.
    ['CAQI', { PM10: 30.004, PM25: 18.0012 }, { PM10: 30.01, PM25: 30.01 }, 'PM25'],
    ['PIJP', { PM10: 20.0001, PM25: 13 }, { PM10: 1.01, PM25: 1 }, 'PM10'],
  ])(
    '%s of %j has sub-indexes %j, dominated by %s',
    (indexType, concentrations, subIndexes, dominant) => {
      const index = computeIndex(concentrations, {
        indexType,
        countedPollutants: all.filter((p) => p in concentrations),
      });
      expect(index.subIndexes).toEqual(subIndexes);
      expect(index.dominantPollutant).toBe(dominant);
      expect(index.value).toBe(Math.max(...Object.values(subIndexes)));
      const reference = REFERENCE_INDEXES[indexType];
      const counted = Object.keys(concentrations);
      expect(naiveSubIndexes(reference, concentrations, counted)).toEqual(subIndexes);
      expect(naiveDominant(subIndexes)).toBe(dominant);
    },
  );

  it('does not depend on the order of the counted pollutants', () => {
    const concentrations = { PM10: 50, PM25: 30, O3: 120, NO2: 100 };
    const forward = computeIndex(concentrations, { countedPollutants: all });
    const backward = computeIndex(concentrations, { countedPollutants: [...all].reverse() });
    expect(forward.dominantPollutant).toBe('PM25');
    expect(backward.dominantPollutant).toBe('PM25');
    expect(backward.subIndexes).toEqual(forward.subIndexes);
  });
});
