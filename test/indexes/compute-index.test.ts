import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex, computeIndexWithTable } from '../../src/indexes/compute-index.js';
import type { IndexTable, IndexTypeName } from '../../src/indexes/index-table.js';
import { indexTypesMeta } from '../../src/meta/index-types-meta.js';
import {
  absentValueArb,
  concentrationArb,
  gridIndexCaseArb,
  indexTypeArb,
  orderedPairArb,
} from '../helpers/index-arbitraries.js';
import { GOLDEN_LEVEL_TEXTS } from '../helpers/index-level-texts.js';
import {
  levelHolds,
  naiveDominant,
  naiveRawIndex,
  naiveShownIndex,
  naiveSubIndex,
  naiveSubIndexes,
  referenceLevel,
} from '../helpers/index-oracles.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
  REFERENCE_NO_DATA_COLOR,
  REFERENCE_PIJP_EDITIONS,
  type ReferenceIndexTypeName,
} from '../helpers/index-reference-tables.js';

// Expected values come from the reference tables transcribed in test/helpers and from the
// naive oracles there, never from src's own tables or sub-index.

const RUNS = { numRuns: 1000 };
const languageArb = fc.constantFrom('en' as const, 'pl' as const);

describe('computeIndex: worked values of the reference', () => {
  // Sub-indexes are the reference's worked values rounded up like the index (indexes.md 1, 3):
  // PM25 18.7 → 31.1666… → 31.17, PM25 0.1 → 0.1666… → 0.17, PM10 0.1 → 0.1.
  it.each<[Record<string, number>, number, string, Record<string, number>, string]>([
    [{ PM25: 18.7, PM10: 35.53 }, 35.53, 'LOW', { PM25: 31.17, PM10: 35.53 }, 'PM10'],
    [{ PM25: 18.7 }, 31.17, 'LOW', { PM25: 31.17 }, 'PM25'],
    [{ PM10: 79.19 }, 68.25, 'MEDIUM', { PM10: 68.25 }, 'PM10'],
    [{ PM25: 35.0 }, 55.0, 'MEDIUM', { PM25: 55 }, 'PM25'],
    [{ PM25: 62.77 }, 78.54, 'HIGH', { PM25: 78.54 }, 'PM25'],
    [{ PM25: 0.1, PM10: 0.1 }, 0.17, 'VERY_LOW', { PM25: 0.17, PM10: 0.1 }, 'PM25'],
    [{ PM10: 70 }, 62.5, 'MEDIUM', { PM10: 62.5 }, 'PM10'],
    [{ PM10: 200 }, 105.56, 'EXTREME', { PM10: 105.56 }, 'PM10'],
    [{ PM25: 130 }, 109.1, 'EXTREME', { PM25: 109.1 }, 'PM25'],
    [{ PM10: 270 }, 125, 'AIRMAGEDDON', { PM10: 125 }, 'PM10'],
    [{ PM25: 165 }, 125, 'AIRMAGEDDON', { PM25: 125 }, 'PM25'],
    [{ PM10: 22.1 }, 22.1, 'VERY_LOW', { PM10: 22.1 }, 'PM10'],
  ])('VENDOR_CAQI of %j is %d (%s)', (concentrations, value, level, subIndexes, dominant) => {
    const index = computeIndex(concentrations);
    expect(index.name).toBe('VENDOR_CAQI');
    expect(index.value).toBe(value);
    expect(index.level).toBe(level);
    expect(index.subIndexes).toEqual(subIndexes);
    expect(index.dominantPollutant).toBe(dominant);
    // The oracles agree with the values written out above.
    expect(naiveSubIndexes(REFERENCE_INDEXES.VENDOR_CAQI, concentrations)).toEqual(subIndexes);
    expect(naiveDominant(subIndexes)).toBe(dominant);
  });

  it('shows PM25 62.77 as VENDOR_CAQI HIGH in #EF7120 with English texts by default', () => {
    const concentrations = { PM25: 62.77 };
    const subIndexes = naiveSubIndexes(REFERENCE_INDEXES.VENDOR_CAQI, concentrations);
    expect(computeIndex(concentrations)).toEqual({
      name: 'VENDOR_CAQI',
      value: 78.54,
      level: 'HIGH',
      description: 'Poor air quality.',
      advice: 'Limit time outdoors, especially with children, older people or breathing problems.',
      color: '#EF7120',
      dominantPollutant: naiveDominant(subIndexes),
      subIndexes,
    });
    expect(subIndexes).toEqual({ PM25: 78.54 });
  });

  it('translates description and advice to Polish', () => {
    const index = computeIndex({ PM25: 62.77 }, { language: 'pl' });
    expect(index.description).toBe('Słaba jakość powietrza.');
    expect(index.advice).toMatch(/^Ogranicz pobyt/);
  });
});

describe('computeIndex: level boundaries', () => {
  it.each<[IndexTypeName, Record<string, number>, number, string]>([
    ['VENDOR_CAQI', { PM10: 24.99 }, 24.99, 'VERY_LOW'],
    ['VENDOR_CAQI', { PM10: 25 }, 25, 'LOW'],
    ['VENDOR_CAQI', { PM10: 50 }, 50, 'MEDIUM'],
    ['VENDOR_CAQI', { PM10: 90 }, 75, 'HIGH'],
    ['VENDOR_CAQI', { PM10: 135 }, 87.5, 'VERY_HIGH'],
    // Raw 87.4975 is shown as 87.5, and the level follows the shown value.
    ['VENDOR_CAQI', { PM10: 134.99 }, 87.5, 'VERY_HIGH'],
    ['VENDOR_CAQI', { PM10: 180 }, 100, 'EXTREME'],
    ['VENDOR_CAQI', { PM10: 269.99 }, 125, 'AIRMAGEDDON'],
    ['CAQI', { PM10: 25 }, 25, 'LOW'],
    ['CAQI', { PM10: 90 }, 75, 'HIGH'],
    ['CAQI', { PM10: 179.9 }, 99.98, 'HIGH'],
    ['CAQI', { PM10: 180 }, 100, 'VERY_HIGH'],
    ['CAQI', { PM10: 270 }, 125, 'VERY_HIGH'],
    ['PIJP', { PM10: 0 }, 0, 'VERY_GOOD'],
    ['PIJP', { PM10: 20 }, 1, 'VERY_GOOD'],
    ['PIJP', { PM10: 20.01 }, 1.01, 'GOOD'],
    ['PIJP', { PM10: 50 }, 3, 'GOOD'],
    ['PIJP', { PM10: 80 }, 5, 'MODERATE'],
    ['PIJP', { PM10: 110 }, 7, 'SATISFACTORY'],
    ['PIJP', { PM10: 150 }, 10, 'BAD'],
    ['PIJP', { PM10: 150.01 }, 10.01, 'VERY_BAD'],
    ['PIJP', { PM10: 190 }, 13, 'VERY_BAD'],
    ['PIJP', { PM25: 13 }, 1, 'VERY_GOOD'],
    ['PIJP', { PM25: 110, PM10: 10 }, 10, 'BAD'],
  ])('%s of %j is %d (%s)', (indexType, concentrations, value, level) => {
    const index = computeIndex(concentrations, { indexType });
    expect(index.name).toBe(indexType);
    expect(index.value).toBe(value);
    expect(index.level).toBe(level);
  });
});

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

describe('computeIndex: editions', () => {
  it('gives PIJP its 2019-10 thresholds by default and by name', () => {
    expect(REFERENCE_PIJP_EDITIONS[0]).toBe('2019-10');
    for (const concentrations of [{ PM10: 20 }, { PM10: 150.01, PM25: 3 }, {}, { PM25: 13 }]) {
      expect(computeIndex(concentrations, { indexType: 'PIJP', edition: '2019-10' })).toEqual(
        computeIndex(concentrations, { indexType: 'PIJP' }),
      );
    }
    expect(computeIndex({ PM10: 20.01 }, { indexType: 'PIJP', edition: '2019-10' })).toEqual(
      computeIndex({ PM10: 20.01 }, { indexType: 'PIJP', edition: undefined }),
    );
  });

  it('rejects an edition for a grid index that has none, naming function, parameter and value', () => {
    expect(() =>
      computeIndex({ PM10: 10 }, { indexType: 'CAQI', edition: '2019' as never }),
    ).toThrow(RangeError);
    expect(() =>
      computeIndex({ PM10: 10 }, { indexType: 'CAQI', edition: '2019' as never }),
    ).toThrow(/^computeIndex: options\.edition .*got "2019"$/);
    expect(() => computeIndex({ PM10: 10 }, { edition: '2019' as never })).toThrow(
      /^computeIndex: options\.edition .*got "2019"$/,
    );
  });

  it('rejects an unknown PIJP edition with a RangeError', () => {
    expect(() =>
      computeIndex({ PM10: 10 }, { indexType: 'PIJP', edition: '2024-01' as never }),
    ).toThrow(RangeError);
    expect(() =>
      computeIndex({ PM10: 10 }, { indexType: 'PIJP', edition: '2024-01' as never }),
    ).toThrow(/^computeIndex: options\.edition .*2019-10.*got "2024-01"$/);
  });

  it('accepts no edition string but the PIJP one, for any grid index', () => {
    fc.assert(
      fc.property(indexTypeArb, fc.string(), (indexType, edition) => {
        if (
          indexType === 'PIJP' &&
          (REFERENCE_PIJP_EDITIONS as readonly string[]).includes(edition)
        ) {
          expect(computeIndex({ PM10: 10 }, { indexType, edition: edition as never }).value).toBe(
            0.5,
          );
          return;
        }
        expect(() => computeIndex({ PM10: 10 }, { indexType, edition: edition as never })).toThrow(
          RangeError,
        );
      }),
      RUNS,
    );
  });
});

describe('computeIndex: misuse', () => {
  it('throws a RangeError for an unknown index type or language', () => {
    expect(() => computeIndex({}, { indexType: 'AQI' as IndexTypeName })).toThrow(
      'computeIndex: options.indexType must be one of VENDOR_CAQI, CAQI, PIJP, US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, got "AQI"',
    );
    expect(() => computeIndex({}, { language: 'de' as 'en' })).toThrow(
      `computeIndex: options.language must be 'en' or 'pl', got "de"`,
    );
  });

  it('throws a TypeError when concentrations is not an object', () => {
    expect(() => computeIndex(null as unknown as Record<string, number>)).toThrow(
      'computeIndex: concentrations must be an object of numbers, got null',
    );
  });

  it('words each misuse exactly, on the national path too', () => {
    expect(() =>
      computeIndex(null as unknown as Record<string, number>, { indexType: 'US_AQI' }),
    ).toThrow('computeIndex: concentrations must be an object of numbers, got null');
    expect(() =>
      computeIndex({ PM25: 10 }, { indexType: 'EAQI', countedPollutants: ['PM25'] as never }),
    ).toThrow(
      'computeIndex: options.countedPollutants must be omitted for EAQI, where every pollutant counts, got ["PM25"]',
    );
    expect(() =>
      computeIndex({ PM10: 10 }, { indexType: 'CAQI', edition: '2019' as never }),
    ).toThrow(
      'computeIndex: options.edition must be omitted for CAQI, which has no editions, got "2019"',
    );
    expect(() => computeIndex({}, { countedPollutants: 'PM10' as unknown as string[] })).toThrow(
      'computeIndex: options.countedPollutants must be an array of pollutant names, got "PM10"',
    );
    expect(() =>
      computeIndex({ PM10: 1 }, { indexType: 'VENDOR_CAQI', countedPollutants: ['CO2'] }),
    ).toThrow(
      `computeIndex: options.countedPollutants must name pollutants with a VENDOR_CAQI grid (${Object.keys(REFERENCE_INDEXES.VENDOR_CAQI.grids).join(', ')}), got "CO2"`,
    );
  });

  it("refuses PIJP's edition for CAQI rather than computing PIJP", () => {
    expect(() =>
      computeIndex({ PM10: 10 }, { indexType: 'CAQI', edition: '2019-10' as never }),
    ).toThrow(
      'computeIndex: options.edition must be omitted for CAQI, which has no editions, got "2019-10"',
    );
  });

  it('takes only strings as counted pollutant names, not values that print as one', () => {
    expect(() =>
      computeIndex({ PM10: 10 }, { countedPollutants: [['PM10']] as unknown as string[] }),
    ).toThrow(RangeError);
  });

  it('ignores a concentration under the name "undefined" like any other unknown name', () => {
    const withOddKey = { undefined: 50, PM10: 10 } as Record<string, number>;
    expect(computeIndex(withOddKey)).toEqual(computeIndex({ PM10: 10 }));
  });

  it('accepts explicit undefined options as defaults', () => {
    expect(
      computeIndex(
        { PM10: 70 },
        {
          indexType: undefined,
          language: undefined,
          countedPollutants: undefined,
          edition: undefined,
        },
      ),
    ).toEqual(computeIndex({ PM10: 70 }));
  });
});

describe('computeIndex: properties', () => {
  it('is monotone non-decreasing in each pollutant, gases included', () => {
    fc.assert(
      fc.property(
        indexTypeArb,
        orderedPairArb,
        concentrationArb,
        fc.nat(),
        (indexType, [low, high], other, pick) => {
          const pollutants = Object.keys(REFERENCE_INDEXES[indexType].grids);
          const moved = pollutants[pick % pollutants.length]!;
          const fixed = pollutants[(pick + 1) % pollutants.length]!;
          const options = { indexType, countedPollutants: pollutants };
          const a = computeIndex({ [fixed]: other, [moved]: low }, options).value!;
          const b = computeIndex({ [fixed]: other, [moved]: high }, options).value!;
          expect(a).toBeLessThanOrEqual(b);
        },
      ),
      RUNS,
    );
  });

  it('is the maximum of the single-pollutant indexes', () => {
    fc.assert(
      fc.property(indexTypeArb, concentrationArb, concentrationArb, (indexType, pm10, pm25) => {
        const both = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType });
        const alone10 = computeIndex({ PM10: pm10 }, { indexType });
        const alone25 = computeIndex({ PM25: pm25 }, { indexType });
        expect(both.value).toBe(Math.max(alone10.value!, alone25.value!));
        // Everything but the two per-pollutant fields is the larger single-pollutant index.
        const { dominantPollutant, subIndexes, ...rest } = both;
        const {
          dominantPollutant: _d,
          subIndexes: _s,
          ...larger
        } = alone10.value! >= alone25.value! ? alone10 : alone25;
        expect(rest).toEqual(larger);
        expect(subIndexes).toEqual({ PM10: alone10.value, PM25: alone25.value });
        // On a tie PM25 comes first.
        expect(dominantPollutant).toBe(alone25.value! >= alone10.value! ? 'PM25' : 'PM10');
      }),
      RUNS,
    );
  });

  it('agrees with the naive oracle for any present pollutants and counted set', () => {
    const caseArb = indexTypeArb.chain((indexType) => {
      const pollutants = Object.keys(REFERENCE_INDEXES[indexType].grids);
      return fc.record({
        indexType: fc.constant(indexType),
        concentrations: fc.dictionary(fc.constantFrom(...pollutants), concentrationArb),
        counted: fc.subarray(pollutants, { minLength: 1 }),
      });
    });
    fc.assert(
      fc.property(caseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const raw = naiveRawIndex(reference, concentrations, counted);
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        if (raw === null) {
          expect(index.value).toBeNull();
          return;
        }
        const shown = index.value!;
        expect(shown).toBeGreaterThanOrEqual(raw - 1e-9 * Math.max(raw, 0.01));
        expect(shown - raw).toBeLessThan(0.01);
        const level = referenceLevel(reference, shown);
        expect(index.level).toBe(level.level);
        expect(index.color).toBe(level.color);
      }),
      RUNS,
    );
  });

  it('shows the naive rounded-up sub-index of every counted pollutant present, and only those', () => {
    fc.assert(
      fc.property(gridIndexCaseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        expect(index.subIndexes).toEqual(naiveSubIndexes(reference, concentrations, counted));
        for (const value of Object.values(index.subIndexes)) {
          expect(Number(value.toFixed(2))).toBe(value);
        }
      }),
      RUNS,
    );
  });

  it('names the naive argmax of the shown sub-indexes as the dominant pollutant', () => {
    fc.assert(
      fc.property(gridIndexCaseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        const expected = naiveDominant(naiveSubIndexes(reference, concentrations, counted));
        expect(index.dominantPollutant).toBe(expected);
        if (expected !== null) expect(index.subIndexes[expected]).toBe(index.value);
      }),
      RUNS,
    );
  });

  it('shows as value the raw maximum rounded up, which is the largest shown sub-index', () => {
    fc.assert(
      fc.property(gridIndexCaseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        expect(index.value).toBe(naiveShownIndex(reference, concentrations, counted));
        const shown = Object.values(index.subIndexes);
        expect(index.value).toBe(shown.length === 0 ? null : Math.max(...shown));
        if (index.value === null) {
          expect(index.level).toBe('UNKNOWN');
          expect(index.dominantPollutant).toBeNull();
        }
      }),
      RUNS,
    );
  });

  it('gives the exact grid value at every breakpoint', () => {
    for (const indexType of REFERENCE_INDEX_TYPE_NAMES) {
      const reference = REFERENCE_INDEXES[indexType];
      for (const [pollutant, grid] of Object.entries(reference.grids)) {
        grid.forEach((concentration, i) => {
          const index = computeIndex(
            { [pollutant]: concentration },
            { indexType, countedPollutants: [pollutant] },
          );
          expect(index.value, `${indexType} ${pollutant} ${concentration}`).toBe(
            reference.indexBreakpoints[i],
          );
          expect(index.subIndexes).toEqual({ [pollutant]: reference.indexBreakpoints[i] });
          expect(index.dominantPollutant).toBe(pollutant);
        });
      }
    }
  });

  it('gives VENDOR_CAQI the same value as CAQI, and the same level name below 75', () => {
    fc.assert(
      fc.property(concentrationArb, concentrationArb, (pm10, pm25) => {
        const vendor = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType: 'VENDOR_CAQI' });
        const caqi = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType: 'CAQI' });
        expect(vendor.value).toBe(caqi.value);
        if (caqi.value! < 75) expect(vendor.level).toBe(caqi.level);
      }),
      RUNS,
    );
  });

  it('rounds the raw maximum up by less than 0.01, never below it (beyond binary noise)', () => {
    fc.assert(
      fc.property(indexTypeArb, concentrationArb, concentrationArb, (indexType, pm10, pm25) => {
        const reference = REFERENCE_INDEXES[indexType];
        const raw = Math.max(
          naiveSubIndex(pm10, reference.grids.PM10!, reference.indexBreakpoints),
          naiveSubIndex(pm25, reference.grids.PM25!, reference.indexBreakpoints),
        );
        const shown = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType }).value!;
        expect(shown).toBeGreaterThanOrEqual(raw - 1e-9 * Math.max(raw, 0.01));
        expect(shown - raw).toBeLessThan(0.01);
        expect(Number(shown.toFixed(2))).toBe(shown);
      }),
      RUNS,
    );
  });

  it('puts the shown value in its level range, with that level colour, texts and meta entry', () => {
    fc.assert(
      fc.property(
        indexTypeArb,
        languageArb,
        concentrationArb,
        concentrationArb,
        (indexType, language, pm10, pm25) => {
          const reference = REFERENCE_INDEXES[indexType];
          const index = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType, language });
          const level = reference.levels.find((l) => l.level === index.level)!;
          expect(levelHolds(reference, level, index.value!)).toBe(true);
          expect(index.level).toBe(referenceLevel(reference, index.value!).level);
          expect(index.color).toBe(level.color);
          const texts = GOLDEN_LEVEL_TEXTS[indexType][index.level]!;
          expect(index.description).toBe(texts.description[language]);
          expect(index.advice).toBe(texts.advice[language]);

          const meta = indexTypesMeta(language).find((m) => m.name === indexType)!;
          const metaLevel = meta.levels.find((l) => l.level === index.level)!;
          expect(metaLevel.color).toBe(index.color);
          expect(metaLevel.minValue).toBe(level.minValue);
          expect(metaLevel.maxValue).toBe(level.maxValue);
          expect(metaLevel.description).toBe(index.description);
          expect(index.value!).toBeGreaterThanOrEqual(metaLevel.minValue);
          if (metaLevel.maxValue !== null)
            expect(index.value!).toBeLessThanOrEqual(metaLevel.maxValue);
        },
      ),
      RUNS,
    );
  });
});

describe('computeIndexWithTable', () => {
  it('computes an index from a table that is not in the registry', () => {
    // The CAQI of the reference, built here from the transcribed grid, levels and golden texts.
    const caqi = REFERENCE_INDEXES.CAQI;
    const table: IndexTable = {
      ...caqi,
      name: 'MY_CAQI',
      countedPollutants: ['O3'],
      levels: caqi.levels.map((level) => ({ ...level, ...GOLDEN_LEVEL_TEXTS.CAQI[level.level]! })),
    };
    const concentrations = { O3: 150, PM10: 500 };
    const subIndexes = naiveSubIndexes(table, concentrations);
    expect(subIndexes).toEqual({ O3: 62.5 });
    expect(computeIndexWithTable(table, concentrations)).toEqual({
      name: 'MY_CAQI',
      value: 62.5,
      level: 'MEDIUM',
      color: '#EDC100',
      description: GOLDEN_LEVEL_TEXTS.CAQI.MEDIUM!.description.en,
      advice: GOLDEN_LEVEL_TEXTS.CAQI.MEDIUM!.advice.en,
      dominantPollutant: naiveDominant(subIndexes),
      subIndexes,
    });
    expect(() => computeIndexWithTable(table, 5 as unknown as Record<string, number>)).toThrow(
      /^computeIndexWithTable: concentrations must be an object/,
    );
  });
});
