import { describe, expect, it } from 'vitest';
import {
  addressLine,
  formatNumber,
  levelText,
} from '../../../src/page/client/installation-text.js';

describe('addressLine', () => {
  it('joins street and number, city and the descriptive lines, leaving out empty parts', () => {
    expect(
      addressLine({ id: 7, address: { street: 'Floriańska', number: '3', city: 'Kraków' } }),
    ).toBe('Floriańska 3, Kraków');
    expect(
      addressLine({
        id: 7,
        address: {
          street: null,
          number: '',
          city: 'Kraków',
          displayAddress1: 'Nowa Huta',
          displayAddress2: ' ',
        },
      }),
    ).toBe('Kraków, Nowa Huta');
  });

  it('names the installation by id when its address is empty', () => {
    expect(addressLine({ id: 42, address: {} })).toBe('#42');
  });
});

describe('formatNumber and levelText', () => {
  it('writes numbers in the page language', () => {
    expect(formatNumber(12.5, 'pl')).toBe('12,5');
    expect(formatNumber(12.54, 'en')).toBe('12.5');
    expect(formatNumber(1234, 'en', 0)).toBe('1,234');
  });

  it('says "no data yet" until an index arrives', () => {
    expect(levelText(undefined, 'no data yet')).toBe('no data yet');
  });
});
