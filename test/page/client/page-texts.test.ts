import { describe, expect, it } from 'vitest';
import { PAGE_TEXTS, waitText } from '../../../src/page/client/page-texts.js';

describe('page texts', () => {
  it('has every text in both languages, and different ones', () => {
    expect(Object.keys(PAGE_TEXTS.pl).sort()).toEqual(Object.keys(PAGE_TEXTS.en).sort());
    expect(PAGE_TEXTS.pl.title).not.toBe(PAGE_TEXTS.en.title);
    expect(Object.isFrozen(PAGE_TEXTS.en)).toBe(true);
  });

  it('says a wait in seconds, minutes from 2 minutes and hours from 2 hours, rounded up', () => {
    expect(waitText(PAGE_TEXTS.en, 1)).toBe('1 second');
    expect(waitText(PAGE_TEXTS.en, 42.2)).toBe('43 seconds');
    expect(waitText(PAGE_TEXTS.en, 0)).toBe('1 second');
    expect(waitText(PAGE_TEXTS.en, 119)).toBe('119 seconds');
    expect(waitText(PAGE_TEXTS.en, 120)).toBe('2 minutes');
    expect(waitText(PAGE_TEXTS.en, 7199)).toBe('120 minutes');
    expect(waitText(PAGE_TEXTS.en, 50_400)).toBe('14 hours');
  });

  it('uses the Polish plural forms (1, 2–4 except 12–14, the rest)', () => {
    const pl = PAGE_TEXTS.pl;
    expect(waitText(pl, 1)).toBe('1 sekundę');
    expect(waitText(pl, 3)).toBe('3 sekundy');
    expect(waitText(pl, 5)).toBe('5 sekund');
    expect(waitText(pl, 12)).toBe('12 sekund');
    expect(waitText(pl, 22)).toBe('22 sekundy');
    expect(waitText(pl, 25)).toBe('25 sekund');
    expect(waitText(pl, 180)).toBe('3 minuty');
    expect(waitText(pl, 5 * 3600)).toBe('5 godzin');
    expect(waitText(pl, 23 * 3600)).toBe('23 godziny');
  });
});
