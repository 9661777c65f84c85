import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex, computeIndexWithTable } from '../../src/indexes/compute-index.js';
import type { IndexTable, IndexTypeName } from '../../src/indexes/index-table.js';
import { indexTypesMeta } from '../../src/meta/index-types-meta.js';
import {
  absentValueArb,
  concentrationArb,
  indexTypeArb,
  orderedPairArb,
} from '../helpers/index-arbitraries.js';
import { GOLDEN_LEVEL_TEXTS } from '../helpers/index-level-texts.js';
import {
  levelHolds,
  naiveRawIndex,
  naiveSubIndex,
  referenceLevel,
} from '../helpers/index-oracles.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
  REFERENCE_NO_DATA_COLOR,
} from '../helpers/index-reference-tables.js';

// Expected values come from the reference tables transcribed in test/helpers and from the
// naive oracles there, never from src's own tables or sub-index.

const RUNS = { numRuns: 1000 };
const languageArb = fc.constantFrom('en' as const, 'pl' as const);

describe('computeIndex: worked values of the reference', () => {
  it.each<[Record<string, number>, number, string]>([
    [{ PM25: 18.7, PM10: 35.53 }, 35.53, 'LOW'],
    [{ PM25: 18.7 }, 31.17, 'LOW'],
    [{ PM10: 79.19 }, 68.25, 'MEDIUM'],
    [{ PM25: 35.0 }, 55.0, 'MEDIUM'],
    [{ PM25: 62.77 }, 78.54, 'HIGH'],
    [{ PM25: 0.1, PM10: 0.1 }, 0.17, 'VERY_LOW'],
    [{ PM10: 70 }, 62.5, 'MEDIUM'],
    [{ PM10: 200 }, 105.56, 'EXTREME'],
    [{ PM25: 130 }, 109.1, 'EXTREME'],
    [{ PM10: 270 }, 125, 'AIRMAGEDDON'],
    [{ PM25: 165 }, 125, 'AIRMAGEDDON'],
    [{ PM10: 22.1 }, 22.1, 'VERY_LOW'],
  ])('VENDOR_CAQI of %j is %d (%s)', (concentrations, value, level) => {
    const index = computeIndex(concentrations);
    expect(index.name).toBe('VENDOR_CAQI');
    expect(index.value).toBe(value);
    expect(index.level).toBe(level);
  });

  it('shows PM25 62.77 as VENDOR_CAQI HIGH in #EF7120 with English texts by default', () => {
    expect(computeIndex({ PM25: 62.77 })).toEqual({
      name: 'VENDOR_CAQI',
      value: 78.54,
      level: 'HIGH',
      description: 'Poor air quality.',
      advice: 'Limit time outdoors, especially with children, older people or breathing problems.',
      color: '#EF7120',
    });
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
        expect(computeIndex(concentrations, { indexType })).toEqual({
          name: indexType,
          value: null,
          level: 'UNKNOWN',
          description: 'There is no air quality data for this place or time.',
          advice: null,
          color: REFERENCE_NO_DATA_COLOR,
        });
      }
      expect(computeIndex({}, { indexType, language: 'pl' }).description).toBe(
        'Brak danych o jakości powietrza dla tego miejsca lub czasu.',
      );
    },
  );

  it('treats NaN and ±Infinity as absent, never producing NaN', () => {
    fc.assert(
      fc.property(indexTypeArb, absentValueArb, concentrationArb, (indexType, absent, pm10) => {
        expect(computeIndex({ PM25: absent }, { indexType }).value).toBeNull();
        const withAbsent = computeIndex({ PM25: absent, PM10: pm10 }, { indexType });
        expect(withAbsent).toEqual(computeIndex({ PM10: pm10 }, { indexType }));
        expect(Number.isFinite(withAbsent.value)).toBe(true);
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
        },
      ),
      RUNS,
    );
  });

  it('ignores values that are not numbers at run time', () => {
    const sloppy = { PM10: '70', PM25: null } as unknown as Record<string, number>;
    expect(computeIndex(sloppy).value).toBeNull();
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

describe('computeIndex: misuse', () => {
  it('throws a RangeError for an unknown index type or language', () => {
    expect(() => computeIndex({}, { indexType: 'AQI' as IndexTypeName })).toThrow(
      'computeIndex: options.indexType must be one of VENDOR_CAQI, CAQI, PIJP, got "AQI"',
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

  it('accepts explicit undefined options as defaults', () => {
    expect(
      computeIndex(
        { PM10: 70 },
        { indexType: undefined, language: undefined, countedPollutants: undefined },
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
        expect(both).toEqual(alone10.value! >= alone25.value! ? alone10 : alone25);
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
    expect(computeIndexWithTable(table, { O3: 150, PM10: 500 })).toMatchObject({
      name: 'MY_CAQI',
      value: 62.5,
      level: 'MEDIUM',
      color: '#EDC100',
      description: GOLDEN_LEVEL_TEXTS.CAQI.MEDIUM!.description.en,
    });
    expect(() => computeIndexWithTable(table, 5 as unknown as Record<string, number>)).toThrow(
      /^computeIndexWithTable: concentrations must be an object/,
    );
  });
});
