import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAQI_HOURLY_GRID } from '../../src/indexes/caqi-grid.js';
import { findIndexLevel } from '../../src/indexes/find-level.js';
import { INDEX_TABLES } from '../../src/indexes/index-registry.js';
import {
  DEFAULT_INDEX_TYPE,
  GRID_INDEX_TYPE_NAMES,
  INDEX_TYPE_NAMES,
  type IndexTable,
  isGridIndexType,
  isIndexTypeName,
} from '../../src/indexes/index-table.js';
import { indexTableProblems } from '../../src/indexes/index-table-problems.js';
import { LANGUAGES } from '../../src/model/api-types.js';
import { GOLDEN_LEVEL_TEXTS } from '../helpers/index-level-texts.js';
import { referenceLevel } from '../helpers/index-oracles.js';
import {
  REFERENCE_ALL_INDEX_TYPE_NAMES,
  REFERENCE_CAQI_GRID,
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
} from '../helpers/index-reference-tables.js';

// The built-in tables and their names, against the reference transcribed in test/helpers (an
// index table of one's own: define-index-table.test.ts).

const POLISH_LETTERS = /[ąćęłńóśźż]/i;

describe('index type names', () => {
  it('lists the grid indexes VENDOR_CAQI (default), CAQI and PIJP, then the national ones', () => {
    expect(INDEX_TYPE_NAMES).toEqual(REFERENCE_ALL_INDEX_TYPE_NAMES);
    expect(Object.isFrozen(INDEX_TYPE_NAMES)).toBe(true);
    expect(DEFAULT_INDEX_TYPE).toBe('VENDOR_CAQI');
  });

  it('has a grid table for each grid index, of that name, and for nothing else', () => {
    expect(GRID_INDEX_TYPE_NAMES).toEqual(['VENDOR_CAQI', 'CAQI', 'PIJP']);
    expect(REFERENCE_INDEX_TYPE_NAMES).toEqual(['VENDOR_CAQI', 'CAQI', 'PIJP']);
    expect(Object.keys(INDEX_TABLES)).toEqual([...REFERENCE_INDEX_TYPE_NAMES]);
    for (const name of REFERENCE_INDEX_TYPE_NAMES) expect(INDEX_TABLES[name].name).toBe(name);
  });

  it.each([
    ['PIJP', true],
    ['VENDOR_CAQI', true],
    ['US_AQI', true],
    ['CA_AQHI', true],
    ['KOR_CAI', true],
    ['THA_AQI', true],
    ['caqi', false],
    ['kor_cai', false],
    ['us_aqi', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('isIndexTypeName(%j) is %s', (x, expected) => {
    expect(isIndexTypeName(x)).toBe(expected);
  });

  it.each([
    ['VENDOR_CAQI', true],
    ['CAQI', true],
    ['PIJP', true],
    ['US_AQI', false],
    ['EAQI', false],
    ['UK_DAQI', false],
    ['IN_NAQI', false],
    ['CN_AQI', false],
    ['CA_AQHI', false],
    ['DEU_UBA', false],
    ['FRA_ATMO', false],
    ['KOR_CAI', false],
    ['SGP_PSI', false],
    ['HKG_AQHI', false],
    ['AUS_AQC', false],
    ['THA_AQI', false],
  ] as const)('isGridIndexType(%s) is %s', (name, expected) => {
    expect(isGridIndexType(name)).toBe(expected);
  });
});

describe.each(REFERENCE_INDEX_TYPE_NAMES)('the %s table', (name) => {
  const table = INDEX_TABLES[name];

  it('has no structural problems', () => {
    expect(indexTableProblems(table)).toEqual([]);
  });

  it('is deeply frozen', () => {
    expect(Object.isFrozen(table)).toBe(true);
    expect(Object.isFrozen(table.levels)).toBe(true);
    for (const level of table.levels) {
      expect(Object.isFrozen(level)).toBe(true);
      expect(Object.isFrozen(level.description)).toBe(true);
      expect(Object.isFrozen(level.advice)).toBe(true);
    }
    for (const grid of Object.values(table.grids)) expect(Object.isFrozen(grid)).toBe(true);
  });

  it('counts PM10 and PM25 by default', () => {
    expect(table.countedPollutants).toEqual(['PM10', 'PM25']);
  });

  it('holds the grids, breakpoints, level ranges and colours transcribed from the reference', () => {
    const reference = REFERENCE_INDEXES[name];
    expect(table.indexBreakpoints).toEqual(reference.indexBreakpoints);
    expect(table.grids).toEqual(reference.grids);
    expect(table.countedPollutants).toEqual(reference.countedPollutants);
    expect(table.levelBounds).toBe(reference.levelBounds);
    expect(
      table.levels.map(({ level, minValue, maxValue, color }) => ({
        level,
        minValue,
        maxValue,
        color,
      })),
    ).toEqual(reference.levels);
  });

  it('carries the reviewed level texts of the golden fixture', () => {
    expect(
      Object.fromEntries(
        table.levels.map(({ level, description, advice }) => [level, { description, advice }]),
      ),
    ).toEqual(GOLDEN_LEVEL_TEXTS[name]);
  });

  it.each(LANGUAGES)('has distinct, non-empty %s texts for every level', (language) => {
    const descriptions = table.levels.map((level) => level.description[language]);
    const advice = table.levels.map((level) => level.advice[language]);
    expect(new Set(descriptions).size).toBe(table.levels.length);
    expect(new Set(advice).size).toBe(table.levels.length);
    for (const text of [...descriptions, ...advice]) expect(text).toMatch(/^\p{Lu}.{4,}\.$/u);
  });

  it('has Polish texts that are not the English ones', () => {
    for (const level of table.levels) {
      expect(level.description.pl).not.toBe(level.description.en);
      expect(level.advice.pl).not.toBe(level.advice.en);
    }
    const polish = table.levels.flatMap((level) => [level.description.pl, level.advice.pl]);
    expect(polish.some((text) => POLISH_LETTERS.test(text))).toBe(true);
  });
});

describe('CAQI and VENDOR_CAQI', () => {
  it('share the hourly grid of the reference', () => {
    expect(INDEX_TABLES.CAQI.grids).toBe(CAQI_HOURLY_GRID);
    expect(INDEX_TABLES.VENDOR_CAQI.grids).toBe(CAQI_HOURLY_GRID);
    expect(CAQI_HOURLY_GRID).toEqual(REFERENCE_CAQI_GRID);
  });

  it('carry the reference levels and colours', () => {
    const summary = (table: IndexTable) =>
      table.levels.map((l) => [l.level, l.minValue, l.maxValue, l.color]);
    expect(summary(INDEX_TABLES.VENDOR_CAQI)).toEqual([
      ['VERY_LOW', 0, 25, '#6BC926'],
      ['LOW', 25, 50, '#D1CF1E'],
      ['MEDIUM', 50, 75, '#EFBB0F'],
      ['HIGH', 75, 87.5, '#EF7120'],
      ['VERY_HIGH', 87.5, 100, '#EF2A36'],
      ['EXTREME', 100, 125, '#B00057'],
      ['AIRMAGEDDON', 125, null, '#770078'],
    ]);
    expect(summary(INDEX_TABLES.CAQI)).toEqual([
      ['VERY_LOW', 0, 25, '#79BC6A'],
      ['LOW', 25, 50, '#B9CE45'],
      ['MEDIUM', 50, 75, '#EDC100'],
      ['HIGH', 75, 100, '#F69208'],
      ['VERY_HIGH', 100, null, '#960018'],
    ]);
    expect(summary(INDEX_TABLES.PIJP)).toEqual([
      ['VERY_GOOD', 0, 1, '#57B108'],
      ['GOOD', 1, 3, '#B0DD10'],
      ['MODERATE', 3, 5, '#FFD911'],
      ['SATISFACTORY', 5, 7, '#E58100'],
      ['BAD', 7, 10, '#E50000'],
      ['VERY_BAD', 10, null, '#990000'],
    ]);
  });
});

describe('findIndexLevel', () => {
  it.each([
    ['CAQI', 24.99, 'VERY_LOW'],
    ['CAQI', 25, 'LOW'],
    ['CAQI', 1e9, 'VERY_HIGH'],
    ['CAQI', -1, 'VERY_LOW'],
    ['VENDOR_CAQI', 87.5, 'VERY_HIGH'],
    ['PIJP', 0, 'VERY_GOOD'],
    ['PIJP', 1, 'VERY_GOOD'],
    ['PIJP', 1.01, 'GOOD'],
    ['PIJP', 10, 'BAD'],
    ['PIJP', 10.01, 'VERY_BAD'],
    ['PIJP', -1, 'VERY_GOOD'],
  ] as const)('%s %d → %s', (name, value, level) => {
    expect(findIndexLevel(INDEX_TABLES[name], value).level).toBe(level);
  });

  it('agrees with the brute-force level of the reference ranges', () => {
    const valueArb = fc.oneof(
      fc.double({ min: -10, max: 200, noNaN: true }),
      // Level bounds and their neighbours on the 2-decimal grid.
      fc
        .constantFrom(0, 1, 3, 5, 7, 10, 25, 50, 75, 87.5, 100, 125)
        .chain((bound) => fc.constantFrom(bound - 0.01, bound, bound + 0.01)),
    );
    fc.assert(
      fc.property(fc.constantFrom(...REFERENCE_INDEX_TYPE_NAMES), valueArb, (name, value) => {
        const level = findIndexLevel(INDEX_TABLES[name], value);
        const expected = referenceLevel(REFERENCE_INDEXES[name], value);
        expect(level.level).toBe(expected.level);
        expect(level.color).toBe(expected.color);
      }),
      { numRuns: 1000 },
    );
  });
});
