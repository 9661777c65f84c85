import { describe, expect, it } from 'vitest';
import { tileImageSource, tileUrlProblem } from '../../src/page/map-tiles.js';

describe('tile URL templates', () => {
  it('accepts http(s) templates with {z}, {x} and {y}, and {s} and {r}', () => {
    for (const url of [
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      'http://127.0.0.1:9000/{z}/{x}/{y}.png',
      'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png?style=light',
    ])
      expect(tileUrlProblem(url)).toBeUndefined();
  });

  it('names what is wrong with the others', () => {
    const missing = 'must be an http(s) URL with {z}, {x} and {y}';
    expect(tileUrlProblem('tiles/{z}/{x}/{y}.png')).toBe(missing);
    expect(tileUrlProblem('ftp://t.example/{z}/{x}/{y}.png')).toBe(missing);
    expect(tileUrlProblem('https://t.example/{z}/{x}.png')).toBe(missing);
    expect(tileUrlProblem('https://t.example/{z}/{x}/{y}.png"><script>')).toBe(missing);
    expect(tileUrlProblem('https://t.example/{z} /{x}/{y}.png')).toBe(missing);
    expect(tileUrlProblem('https://t.example/{z}/{x}/{y}.png?key={apikey}')).toBe(
      'may hold no placeholder other than {z}, {x}, {y}, {s} and {r}',
    );
  });

  it('allows images from the template’s origin, any subdomain for {s}', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('HTTP://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
    expect(tileImageSource('https://{s}.tiles.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.org',
    );
    expect(() => tileImageSource('tiles/{z}/{x}/{y}.png')).toThrow(
      'tileImageSource: url is not an http(s) URL: tiles/{z}/{x}/{y}.png',
    );
  });
});
