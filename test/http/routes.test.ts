import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../src/http/route-match.js';
import { ROUTES } from '../../src/http/routes.js';

describe('matchRoute', () => {
  it('matches every route with and without trailing slashes', () => {
    for (const route of ROUTES) {
      const path = route.pattern.replace('{installationId}', '42');
      expect(matchRoute(path)?.route).toBe(route);
      expect(matchRoute(`${path}/`)?.route).toBe(route);
    }
    expect(matchRoute('/v2/installations/42')?.pathParams.get('installationId')).toBe('42');
    expect(matchRoute('/v2/installations/nearest')?.route.pattern).toBe(
      '/v2/installations/nearest',
    );
  });

  it.each([
    '',
    '/',
    '/v2',
    '/v2/installations',
    '/v2//meta/indexes',
    '/v2/meta/indexes/x',
    'v2/meta/indexes',
    '/V2/meta/indexes',
    '/v1/installations/1',
  ])('matches nothing for %j', (path) => {
    expect(matchRoute(path)).toBeUndefined();
  });

  it('decodes the path parameter safely', () => {
    expect(matchRoute('/v2/installations/%31')?.pathParams.get('installationId')).toBe('1');
    expect(matchRoute('/v2/installations/%E0%A4%A')?.pathParams.get('installationId')).toBe(
      '%E0%A4%A',
    );
  });

  it('never throws and only matches paths with a route shape', () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'v2',
        'installations',
        'measurements',
        'meta',
        'nearest',
        'point',
        'indexes',
        '42',
        '',
      ),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        const match = matchRoute(path);
        if (match !== undefined)
          expect(path.replace(/\/+$/, '').split('/').length).toBe(match.route.segments.length + 1);
      }),
      { numRuns: 1000 },
    );
  });
});
