import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexTypesMeta, levelRangeText } from '../../src/meta/index-types-meta.js';
import { LANGUAGES, type Language } from '../../src/model/api-types.js';
import { AQHI_LEVELS } from '../helpers/ca-aqhi-oracle.js';
import { CN_LEVELS } from '../helpers/cn-aqi-oracle.js';
import { EAQI_REFERENCE_ROWS } from '../helpers/eaqi-oracle.js';
import { NAQI_LEVELS } from '../helpers/in-naqi-oracle.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
} from '../helpers/index-reference-tables.js';
import { UK_DAQI_REFERENCE_ROWS } from '../helpers/uk-daqi-oracle.js';
import { US_LEVELS } from '../helpers/us-aqi-oracle.js';

// Golden files, reviewed like code: regenerate only on purpose and read the diff.
function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
}

interface ExpectedLevel {
  readonly level: string;
  readonly minValue: number;
  readonly maxValue: number | null;
  readonly color: string;
}

/** A level of one value per row (EAQI, UK DAQI bands), the last row open. */
function singleValueLevels(rows: readonly { value: number; level: string; color: string }[]) {
  return rows.map(({ value, level, color }, i): ExpectedLevel => {
    const maxValue = i === rows.length - 1 ? null : value;
    return { level, minValue: value, maxValue, color };
  });
}

/** Levels of integer ranges: [level, min, max or null for the open top, colour]. */
function rangeLevels(rows: readonly (readonly [string, number, number | null, string])[]) {
  return rows.map(
    ([level, minValue, maxValue, color]): ExpectedLevel => ({
      level,
      minValue,
      maxValue,
      color,
    }),
  );
}

/** Classes numbered from 1 (`value` = the class), the last open. */
function classes(rows: readonly (readonly [string, string])[]) {
  return singleValueLevels(rows.map(([level, color], i) => ({ value: i + 1, level, color })));
}

// more-indexes.md §3–§9, transcribed here from the reference's level tables.
const MORE_LEVELS: Readonly<Record<string, readonly ExpectedLevel[]>> = {
  DEU_UBA: classes([
    ['VERY_GOOD', '#50F0E6'],
    ['GOOD', '#50CCAA'],
    ['MODERATE', '#F0E641'],
    ['POOR', '#FF5050'],
    ['VERY_POOR', '#960032'],
  ]),
  FRA_ATMO: classes([
    ['GOOD', '#50F0E6'],
    ['FAIR', '#50CCAA'],
    ['DEGRADED', '#F0E641'],
    ['POOR', '#FF5050'],
    ['VERY_POOR', '#960032'],
    ['EXTREMELY_POOR', '#872181'],
  ]),
  KOR_CAI: rangeLevels([
    ['GOOD', 0, 50, '#0000FF'],
    ['MODERATE', 51, 100, '#00FF00'],
    ['UNHEALTHY', 101, 250, '#FFFF00'],
    ['VERY_UNHEALTHY', 251, null, '#FF0000'],
  ]),
  SGP_PSI: rangeLevels([
    ['GOOD', 0, 50, '#79C466'],
    ['MODERATE', 51, 100, '#63BAE8'],
    ['UNHEALTHY', 101, 200, '#FED630'],
    ['VERY_UNHEALTHY', 201, 300, '#F4A331'],
    ['HAZARDOUS', 301, null, '#EC1A31'],
  ]),
  HKG_AQHI: rangeLevels([
    ['LOW', 1, 3, '#00E400'],
    ['MODERATE', 4, 6, '#FF9F00'],
    ['HIGH', 7, 7, '#F70000'],
    ['VERY_HIGH', 8, 10, '#7F3710'],
    ['SERIOUS', 11, null, '#000000'],
  ]),
  AUS_AQC: classes([
    ['GOOD', '#41A93B'],
    ['FAIR', '#EEC800'],
    ['POOR', '#E47301'],
    ['VERY_POOR', '#B70027'],
    ['EXTREMELY_POOR', '#590018'],
  ]),
  THA_AQI: rangeLevels([
    ['VERY_GOOD', 0, 25, '#3CCCFF'],
    ['GOOD', 26, 50, '#92D051'],
    ['MODERATE', 51, 100, '#FFFF00'],
    ['STARTING_TO_AFFECT_HEALTH', 101, 200, '#FFA202'],
    ['AFFECTS_HEALTH', 201, null, '#F04645'],
  ]),
};

// world-indexes.md §3.3–§8, as the test oracles transcribe them, in the order of the issue.
const NATIONAL_LEVELS: Readonly<Record<string, readonly ExpectedLevel[]>> = {
  US_AQI: US_LEVELS.map(({ level, min, max, color }) => ({
    level,
    minValue: min,
    maxValue: Number.isFinite(max) ? max : null,
    color,
  })),
  EAQI: singleValueLevels(EAQI_REFERENCE_ROWS),
  UK_DAQI: singleValueLevels(UK_DAQI_REFERENCE_ROWS.map((row) => ({ ...row, value: row.band }))),
  IN_NAQI: NAQI_LEVELS,
  CN_AQI: CN_LEVELS,
  CA_AQHI: AQHI_LEVELS,
  ...MORE_LEVELS,
};

const EXPECTED_LEVELS: Readonly<Record<string, readonly ExpectedLevel[]>> = {
  ...Object.fromEntries(
    REFERENCE_INDEX_TYPE_NAMES.map((name) => [name, REFERENCE_INDEXES[name].levels]),
  ),
  ...NATIONAL_LEVELS,
};

describe('indexTypesMeta', () => {
  it.each(LANGUAGES)('matches the reviewed %s fixture', (language) => {
    expect(indexTypesMeta(language)).toEqual(fixture(`index-types.${language}.json`));
  });

  it('lists every index type, default first, with its levels in order', () => {
    // Expected names, levels, ranges and colours from the references transcribed in test.
    expect(indexTypesMeta('en').map((type) => type.name)).toEqual(Object.keys(EXPECTED_LEVELS));
    for (const type of indexTypesMeta('en')) {
      expect(
        type.levels.map(({ level, minValue, maxValue, color }) => ({
          level,
          minValue,
          maxValue,
          color,
        })),
      ).toEqual(EXPECTED_LEVELS[type.name]);
    }
  });

  it('writes ranges as <min>-<max>, a single value as itself and the open top as <min>+', () => {
    const values = (name: string) =>
      indexTypesMeta('en')
        .find((t) => t.name === name)!
        .levels.map((l) => l.values);
    expect(values('VENDOR_CAQI')).toEqual([
      '0-25',
      '25-50',
      '50-75',
      '75-87.5',
      '87.5-100',
      '100-125',
      '125+',
    ]);
    expect(values('CAQI')).toEqual(['0-25', '25-50', '50-75', '75-100', '100+']);
    expect(values('PIJP')).toEqual(['0-1', '1-3', '3-5', '5-7', '7-10', '10+']);
    expect(values('US_AQI')).toEqual(['0-50', '51-100', '101-150', '151-200', '201-300', '301+']);
    expect(values('EAQI')).toEqual(['1', '2', '3', '4', '5', '6+']);
    expect(values('CA_AQHI')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11+']);
    expect(values('DEU_UBA')).toEqual(['1', '2', '3', '4', '5+']);
    expect(values('HKG_AQHI')).toEqual(['1-3', '4-6', '7', '8-10', '11+']);
    expect(values('THA_AQI')).toEqual(['0-25', '26-50', '51-100', '101-200', '201+']);
    expect(levelRangeText({ minValue: 125, maxValue: null })).toBe('125+');
    expect(levelRangeText({ minValue: 4, maxValue: 4 })).toBe('4');
    expect(levelRangeText({ minValue: 0.5, maxValue: 0.5 })).toBe('0.5');
  });

  it('gives numeric bounds that agree with the text and leave no gap', () => {
    const grid = new Set<string>(REFERENCE_INDEX_TYPE_NAMES);
    for (const type of indexTypesMeta('pl')) {
      type.levels.forEach((level, i) => {
        expect(level.values).toBe(levelRangeText(level));
        if (i === 0) return;
        const previous = type.levels[i - 1]!.maxValue!;
        // A grid level ends where the next begins; a national one holds whole numbers.
        expect(level.minValue).toBe(grid.has(type.name) ? previous : previous + 1);
      });
      expect(type.levels.at(-1)!.maxValue).toBeNull();
    }
  });

  it('translates descriptions and nothing else', () => {
    const en = indexTypesMeta('en');
    const pl = indexTypesMeta('pl');
    en.forEach((type, t) => {
      type.levels.forEach((level, l) => {
        const polish = pl[t]!.levels[l]!;
        expect({ ...polish, description: level.description }).toEqual(level);
        expect(polish.description).not.toBe(level.description);
      });
    });
  });

  it('returns shared, frozen data', () => {
    const list = indexTypesMeta('en');
    expect(indexTypesMeta('en')).toBe(list);
    expect(Object.isFrozen(list)).toBe(true);
    expect(Object.isFrozen(list[0]!.levels[0])).toBe(true);
  });

  it('rejects a language it does not have', () => {
    expect(() => indexTypesMeta('de' as Language)).toThrow(
      'indexTypesMeta: language must be one of en, pl, got "de"',
    );
    expect(() => indexTypesMeta('toString' as Language)).toThrow(RangeError);
  });
});
