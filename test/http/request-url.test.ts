import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readQueryParams } from '../../src/http/query-params.js';
import { loggableUrl, requestBaseUrl, rewriteQuery } from '../../src/http/request-url.js';

describe('rewriteQuery', () => {
  it('replaces in place, keeps the rest byte for byte, appends what was missing', () => {
    expect(
      rewriteQuery('installationId=5&apikey=k%2Fx&indexType=PIJP', { installationId: '9' }),
    ).toBe('installationId=9&apikey=k%2Fx&indexType=PIJP');
    expect(rewriteQuery('', { installationId: '9' })).toBe('installationId=9');
    expect(rewriteQuery('a=1&&b', {})).toBe('a=1&b');
    expect(rewriteQuery('installation%49d=5', { installationId: '9' })).toBe('installationId=9');
  });

  it('keeps every other parameter and sets the replaced one, for any query', () => {
    const name = fc.constantFrom('installationId', 'apikey', 'indexType', 'x', 'a b', 'ü');
    const pair = fc.tuple(name, fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(pair, { selector: ([n]) => n, maxLength: 6 }),
        fc.integer({ min: 1 }),
        (pairs, successor) => {
          const query = new URLSearchParams(pairs).toString();
          const rewritten = readQueryParams(
            rewriteQuery(query, { installationId: String(successor) }),
          );
          const expected = new Map(pairs.map(([n, v]) => [n, [v]]));
          expected.set('installationId', [String(successor)]);
          expect(new Map([...rewritten].sort())).toEqual(new Map([...expected].sort()));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('loggableUrl', () => {
  it('redacts apikey values', () => {
    expect(loggableUrl('/v2/meta/indexes', 'apikey=secret&x=1&APIKEY=s2')).toBe(
      '/v2/meta/indexes?apikey=[redacted]&x=1&APIKEY=[redacted]',
    );
    expect(loggableUrl('/p', '')).toBe('/p');
  });

  it('redacts a name that decodes or lower-cases to apikey, and keeps any other query as it is', () => {
    expect(loggableUrl('/p', 'api%6Bey=s&api%4bEY=t&x=%41')).toBe(
      '/p?api%6Bey=[redacted]&api%4bEY=[redacted]&x=%41',
    );
    expect(loggableUrl('/p', 'api\u212Aey=s')).toBe('/p?api\u212Aey=[redacted]');
    expect(loggableUrl('/p', 'lat=50.06&lng=19.93&&x')).toBe('/p?lat=50.06&lng=19.93&&x');
    // The pairs one by one, as the redaction has always read them.
    const oracle = (path: string, query: string) =>
      `${path}?${query
        .split('&')
        .map((pair) => {
          const name = pair.split('=', 1)[0] ?? '';
          let decoded = name;
          try {
            decoded = decodeURIComponent(name.replaceAll('+', ' '));
          } catch {}
          return decoded.toLowerCase() === 'apikey' ? `${name}=[redacted]` : pair;
        })
        .join('&')}`;
    const piece = fc.constantFrom(
      'apikey',
      'APIKEY',
      'api%6Bey',
      'api\u212Aey',
      'api+key',
      'a',
      '=',
      '&',
      '%',
      '%zz',
      'ü',
      '1',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const query = pieces.join('');
        expect(loggableUrl('/v2/x', query)).toBe(oracle('/v2/x', query));
      }),
      { numRuns: 2000 },
    );
  });

  it('never contains the key, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{12,20}$/),
        fc.array(fc.tuple(fc.constantFrom('a', 'lat', 'b'), fc.integer()), { maxLength: 4 }),
        (key, others) => {
          const query = new URLSearchParams([
            ...others.map(([n, v]) => [n, String(v)]),
            ['apikey', key],
          ]).toString();
          expect(loggableUrl('/v2/x', query)).not.toContain(key);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('requestBaseUrl', () => {
  it('trusts only well-formed hosts', () => {
    expect(requestBaseUrl('http', 'localhost:8080')).toBe('http://localhost:8080');
    expect(requestBaseUrl('https', '[::1]:443', '/api')).toBe('https://[::1]:443/api');
    for (const host of [undefined, '', 'a/b', 'a b', 'evil.com@x', 'x:port', '-x'])
      expect(requestBaseUrl('http', host)).toBeUndefined();
  });
});
