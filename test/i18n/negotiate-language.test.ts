import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguage } from '../../src/i18n/language.js';
import { negotiateLanguage } from '../../src/i18n/negotiate-language.js';
import type { Language } from '../../src/model/api-types.js';

const RUNS = { numRuns: 1000 };

describe('negotiateLanguage: examples', () => {
  it.each<[string | null | undefined, Language]>([
    ['pl-PL,pl;q=0.9,en;q=0.8', 'pl'],
    ['en;q=0.1, pl;q=0.5', 'pl'],
    ['pl', 'pl'],
    ['PL-pl', 'pl'],
    ['en-GB,en;q=0.9', 'en'],
    ['de', 'en'],
    ['de-DE,de;q=0.9,pl;q=0.2', 'pl'],
    ['*', 'en'],
    ['pl, *', 'pl'],
    ['*, pl', 'en'],
    ['en;q=0, *;q=0.5', 'pl'],
    ['pl;q=0.3, *;q=0.5', 'en'],
    ['undefined', 'en'],
    ['', 'en'],
    ['   ', 'en'],
    [',,;;==', 'en'],
    ['pl;q=2', 'en'],
    ['pl;q=abc, en;q=0.2', 'en'],
    ['pl;q=0', 'en'],
    ['en;q=0, pl;q=0', 'en'],
    ['en;q=0, pl', 'pl'],
    ['pl, en', 'pl'],
    ['en, pl', 'en'],
    ['pl;q=0.500, en;q=0.5', 'pl'],
    ['pl-PL;q=0.1, pl;q=0.9, en;q=0.5', 'pl'],
    ['english, pl;q=0.1', 'pl'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it('returns the default for values that are not strings at all', () => {
    for (const value of [42, {}, [], Symbol('x'), () => 'pl', new String('pl')]) {
      expect(negotiateLanguage(value as unknown as string)).toBe(DEFAULT_LANGUAGE);
    }
  });

  it('recognises exactly the supported codes with isLanguage', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('pl')).toBe(true);
    expect(isLanguage('pl-PL')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

// Independent oracle for well-formed headers: expand to (language, q, position), let `*`
// stand for unnamed languages, take the best q > 0, ties by position, then en before pl.
interface Entry {
  readonly tag: string;
  readonly q: number | undefined;
}

function oracle(entries: readonly Entry[]): Language {
  const candidates: { language: Language; q: number; position: number }[] = [];
  const named = new Set<string>();
  entries.forEach(({ tag }) => {
    if (tag !== '*') named.add(tag.split('-')[0]!.toLowerCase());
  });
  entries.forEach(({ tag, q = 1 }, position) => {
    const primary = tag.split('-')[0]!.toLowerCase();
    if (tag === '*') {
      for (const language of ['en', 'pl'] as const) {
        if (!named.has(language)) candidates.push({ language, q, position });
      }
    } else if (primary === 'en' || primary === 'pl') {
      candidates.push({ language: primary, q, position });
    }
  });
  // Per language keep the highest q (first position among equals).
  const best = new Map<Language, { q: number; position: number }>();
  for (const c of candidates) {
    const seen = best.get(c.language);
    if (seen === undefined || c.q > seen.q) best.set(c.language, c);
  }
  const ranked = [...best.entries()]
    .filter(([, c]) => c.q > 0)
    .sort(([la, a], [lb, b]) => b.q - a.q || a.position - b.position || (la < lb ? -1 : 1));
  return ranked[0]?.[0] ?? 'en';
}

const entryArb: fc.Arbitrary<Entry> = fc.record({
  tag: fc.constantFrom('en', 'pl', 'EN-us', 'pl-PL', 'de', 'fr-CA', '*', 'en-GB', 'cs'),
  q: fc.option(
    fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
    { nil: undefined },
  ),
});

function format(entries: readonly Entry[], spaces: boolean): string {
  return entries
    .map(({ tag, q }) => (q === undefined ? tag : `${tag}${spaces ? ' ; ' : ';'}q=${q}`))
    .join(spaces ? ' , ' : ',');
}

describe('negotiateLanguage: properties', () => {
  it('agrees with the oracle on well-formed headers', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 8 }), fc.boolean(), (entries, spaces) => {
        expect(negotiateLanguage(format(entries, spaces))).toBe(oracle(entries));
      }),
      RUNS,
    );
  });

  it('never throws and always answers en or pl, on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (header) => {
        expect(isLanguage(negotiateLanguage(header))).toBe(true);
      }),
      RUNS,
    );
  });

  it('never throws on strings built from header punctuation and fragments', () => {
    const pieceArb = fc.constantFrom(
      'pl',
      'en',
      '*',
      ';',
      ',',
      '=',
      'q',
      '0.',
      '1',
      '-',
      ' ',
      '\t',
      'ü',
    );
    fc.assert(
      fc.property(fc.array(pieceArb, { maxLength: 40 }), (pieces) => {
        expect(isLanguage(negotiateLanguage(pieces.join('')))).toBe(true);
      }),
      RUNS,
    );
  });

  it('never throws on arbitrary values of any type', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(isLanguage(negotiateLanguage(value as string))).toBe(true);
      }),
      RUNS,
    );
  });
});
