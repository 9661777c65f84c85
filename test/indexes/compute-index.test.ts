import { describe, expect, it } from 'vitest';
import { computeIndex, computeIndexWithTable } from '../../src/indexes/compute-index.js';
import type { IndexTable, IndexTypeName } from '../../src/indexes/index-table.js';
import { GOLDEN_LEVEL_TEXTS } from '../helpers/index-level-texts.js';
import { naiveDominant, naiveSubIndexes } from '../helpers/index-oracles.js';
import { REFERENCE_INDEXES } from '../helpers/index-reference-tables.js';

// Worked examples of computeIndex and computeIndexWithTable: the reference's values, the level
// boundaries and an index from a table of one's own. Its arguments, the pollutants it counts
// and its properties have files of their own (compute-index-*.test.ts).
// Expected values come from the reference tables transcribed in test/helpers and from the
// naive oracles there, never from src's own tables or sub-index.

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
