import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexTypesMeta, levelRangeText } from '../../src/meta/index-types-meta.js';
import { LANGUAGES, type Language } from '../../src/model/api-types.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
} from '../helpers/index-reference-tables.js';

// Golden files, reviewed like code: regenerate only on purpose and read the diff.
function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
}

describe('indexTypesMeta', () => {
  it.each(LANGUAGES)('matches the reviewed %s fixture', (language) => {
    expect(indexTypesMeta(language)).toEqual(fixture(`index-types.${language}.json`));
  });

  it('lists every index type, default first, with its levels in order', () => {
    // Expected names, levels, ranges and colours from the reference transcribed in test.
    expect(indexTypesMeta('en').map((type) => type.name)).toEqual([...REFERENCE_INDEX_TYPE_NAMES]);
    for (const type of indexTypesMeta('en')) {
      const reference = REFERENCE_INDEXES[type.name as keyof typeof REFERENCE_INDEXES];
      expect(type.levels.map((l) => l.level)).toEqual(reference.levels.map((l) => l.level));
      expect(
        type.levels.map(({ level, minValue, maxValue, color }) => ({
          level,
          minValue,
          maxValue,
          color,
        })),
      ).toEqual(reference.levels);
    }
  });

  it('writes ranges as <min>-<max> and the open top as <min>+', () => {
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
    expect(levelRangeText({ minValue: 125, maxValue: null })).toBe('125+');
  });

  it('gives numeric bounds that agree with the text and are contiguous', () => {
    for (const type of indexTypesMeta('pl')) {
      type.levels.forEach((level, i) => {
        expect(level.values).toBe(levelRangeText(level));
        if (i > 0) expect(level.minValue).toBe(type.levels[i - 1]!.maxValue);
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
