import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, acceptsJson, parseQualityList } from '../../src/http/content-negotiation.js';

const MEDIA = [
  'application/json',
  'application/*',
  '*/*',
  'text/xml',
  'text/html',
  'application/xml',
  'image/*',
];
const Q = [
  '',
  ';q=0',
  ';q=0.5',
  ';q=1',
  ';q=0.001',
  ';q=1.000',
  ';charset=UTF-8',
  ';q=0.8;charset=utf-8',
];
const elementArbitrary = fc
  .tuple(fc.constantFrom(...MEDIA), fc.constantFrom(...Q))
  .map(([media, q]) => `${media}${q}`);

describe('parseQualityList', () => {
  it('reads values and q-values, dropping elements with a malformed q', () => {
    expect(parseQualityList('gzip;q=0.5, br, x;q=2, y;q=abc,, Deflate ;Q=0')).toEqual([
      { value: 'gzip', q: 0.5 },
      { value: 'br', q: 1 },
      { value: 'deflate', q: 0 },
    ]);
  });
});

describe('acceptsJson', () => {
  it.each([
    undefined,
    '',
    '*/*',
    'application/*',
    'application/json',
    'APPLICATION/JSON',
    'application/json;charset=UTF-8',
    'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'garbage',
  ])('accepts %j', (accept) => {
    expect(acceptsJson(accept)).toBe(true);
  });

  it.each([
    'text/xml',
    'application/json;q=0',
    'application/json;q=0, */*',
    'text/html, application/*;q=0',
    'image/*',
  ])('refuses %j', (accept) => {
    expect(acceptsJson(accept)).toBe(false);
  });

  // Oracle: the q of the most specific matching range (ties: the best q); none valid → accept.
  function oracle(elements: readonly string[]): boolean {
    const ranges = elements.map((element) => {
      const [media = '', ...params] = element.split(';');
      const q = params.find((p) => p.startsWith('q='));
      return { media, q: q === undefined ? 1 : Number(q.slice(2)) };
    });
    for (const media of ['application/json', 'application/*', '*/*']) {
      const matching = ranges.filter((range) => range.media === media);
      if (matching.length > 0) return Math.max(...matching.map((range) => range.q)) > 0;
    }
    return ranges.length === 0;
  }

  it('agrees with the most-specific-range oracle for any list, in any order', () => {
    fc.assert(
      fc.property(fc.array(elementArbitrary, { maxLength: 6 }), (elements) => {
        const expected = oracle(elements);
        expect(acceptsJson(elements.join(', '))).toBe(expected);
        expect(acceptsJson([...elements].reverse().join(','))).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('acceptsGzip', () => {
  it('follows explicit gzip first, then *, q-values respected', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0, gzip;q=0.1')).toBe(true);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('agrees with a direct reading for any list of codings', () => {
    const coding = fc
      .tuple(
        fc.constantFrom('gzip', 'GZIP', 'br', 'deflate', '*', 'identity'),
        fc.constantFrom('', ';q=0', ';q=0.3', ';q=1'),
      )
      .map(([name, q]) => `${name}${q}`);
    fc.assert(
      fc.property(fc.array(coding, { maxLength: 6 }), (codings) => {
        const q = (text: string) => (text.includes(';q=') ? Number(text.split(';q=')[1]) : 1);
        const gzip = codings.filter((c) => c.toLowerCase().startsWith('gzip'));
        const star = codings.filter((c) => c.startsWith('*'));
        const chosen = gzip.length > 0 ? gzip : star;
        const expected = chosen.length > 0 && Math.max(...chosen.map(q)) > 0;
        expect(acceptsGzip(codings.join(', '))).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
