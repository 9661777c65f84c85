import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import type { IndexTypeName } from '../../src/indexes/index-table.js';
import { indexTypeArb } from '../helpers/index-arbitraries.js';
import { REFERENCE_INDEXES, REFERENCE_PIJP_EDITIONS } from '../helpers/index-reference-tables.js';

// computeIndex's options and their misuse: the PIJP editions, and each wrong argument thrown
// once with a message naming function, parameter and value.
// Expected values come from the reference tables transcribed in test/helpers, never from src's
// own tables.

const RUNS = { numRuns: 1000 };

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

describe('computeIndex: the editions of the seven indexes of issue 33 (more-indexes.md §1.1)', () => {
  const editions = {
    DEU_UBA: ['2025', '2019'],
    FRA_ATMO: ['2021'],
    KOR_CAI: ['2018'],
    SGP_PSI: ['2014'],
    HKG_AQHI: ['2013'],
    AUS_AQC: ['2020'],
    THA_AQI: ['2023'],
  } as const;

  it.each(Object.entries(editions))('%s takes %j, the first by default', (name, list) => {
    const indexType = name as keyof typeof editions;
    const inputs = { PM25: 12, PM10: 30, NO2: 40, O3: 60 };
    for (const edition of list) {
      expect(computeIndex(inputs, { indexType, edition: edition as never }).name).toBe(name);
    }
    expect(computeIndex(inputs, { indexType })).toEqual(
      computeIndex(inputs, { indexType, edition: list[0] as never }),
    );
    expect(() => computeIndex(inputs, { indexType, edition: '2030' as never })).toThrow(
      new RangeError(`computeIndex: options.edition must be one of ${list.join(', ')}, got "2030"`),
    );
  });

  it('DEU_UBA 2019 is another table: PM10 30 is class 2 there, class 3 in 2025', () => {
    expect(computeIndex({ PM10: 30 }, { indexType: 'DEU_UBA', edition: '2019' }).value).toBe(2);
    expect(computeIndex({ PM10: 30 }, { indexType: 'DEU_UBA' }).value).toBe(3);
  });
});

describe('computeIndex: misuse', () => {
  it('throws a RangeError for an unknown index type or language', () => {
    expect(() => computeIndex({}, { indexType: 'AQI' as IndexTypeName })).toThrow(
      'computeIndex: options.indexType must be one of VENDOR_CAQI, CAQI, PIJP, US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, DEU_UBA, FRA_ATMO, KOR_CAI, SGP_PSI, HKG_AQHI, AUS_AQC, THA_AQI, got "AQI"',
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
