import { describe, expect, it } from 'vitest';
import { browserLanguage, isPageLanguage } from '../../../src/page/client/page-language.js';

describe('browserLanguage', () => {
  it('takes the first preferred language the page has, by primary subtag', () => {
    expect(browserLanguage(['de-DE', 'pl-PL', 'en'])).toBe('pl');
    expect(browserLanguage(['PL'])).toBe('pl');
    expect(browserLanguage(['en-GB', 'pl'])).toBe('en');
    expect(browserLanguage(['fr', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('knows its two languages', () => {
    expect(isPageLanguage('pl')).toBe(true);
    expect(isPageLanguage('pl-PL')).toBe(false);
    expect(isPageLanguage(undefined)).toBe(false);
  });
});
