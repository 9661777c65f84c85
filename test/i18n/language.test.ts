import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLanguage, perLanguage } from '../../src/i18n/language.js';
import type { Language } from '../../src/model/api-types.js';

describe('perLanguage', () => {
  it('builds once per language and hands back the same value on every call', () => {
    const built: string[] = [];
    const listFor = perLanguage('f', (language) => {
      built.push(language);
      return Object.freeze([language.toUpperCase()]);
    });
    expect(built).toEqual(['en', 'pl']);
    expect(listFor('pl')).toEqual(['PL']);
    expect(listFor('pl')).toBe(listFor('pl'));
    expect(built).toHaveLength(2);
  });

  it('names the function, the parameter and the value of an unsupported language', () => {
    const listFor = perLanguage('greeting', (language) => language);
    expect(() => listFor('de' as Language)).toThrow(
      new RangeError('greeting: language must be one of en, pl, got "de"'),
    );
  });

  it('answers exactly the supported languages', () => {
    const listFor = perLanguage('f', (language) => `text in ${language}`);
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('en', 'pl'), fc.string()), (language) => {
        if (isLanguage(language)) expect(listFor(language)).toBe(`text in ${language}`);
        else expect(() => listFor(language as Language)).toThrow(RangeError);
      }),
      { numRuns: 1000 },
    );
  });
});
