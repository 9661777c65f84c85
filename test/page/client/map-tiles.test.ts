import { describe, expect, it } from 'vitest';
import { tileChoice } from '../../../src/page/client/map-tiles.js';

describe('tileChoice', () => {
  it('links the attribution when a link is given, escaped as text', () => {
    expect(
      tileChoice(
        'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        '© OpenStreetMap contributors',
        'https://www.openstreetmap.org/copyright',
      ),
    ).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attributionHtml:
        '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>',
    });
    expect(tileChoice('http://t/{z}/{x}/{y}.png', '<b>"Tiles" & co</b>', undefined)).toEqual({
      url: 'http://t/{z}/{x}/{y}.png',
      attributionHtml: '&#60;b&#62;&#34;Tiles&#34; &#38; co&#60;/b&#62;',
    });
  });

  it('has no tiles without a URL, and keeps no link that is not http(s)', () => {
    expect(tileChoice(undefined, 'x', undefined)).toBeUndefined();
    expect(tileChoice('', 'x', undefined)).toBeUndefined();
    expect(tileChoice('http://t/{z}/{x}/{y}.png', 'T', 'javascript:alert(1)')).toEqual({
      url: 'http://t/{z}/{x}/{y}.png',
      attributionHtml: 'T',
    });
  });
});
