import { describe, expect, it } from 'vitest';
import { MAX_PARSED_TARGETS, ParsedTarget, ParsedTargets } from '../../src/http/parsed-targets.js';
import { matchRoute } from '../../src/http/route-match.js';

// The route table builds the inputs; every expected value below is written out.
function target(path: string, query: Record<string, string> = {}): ParsedTarget {
  const match = matchRoute(path);
  if (match === undefined) throw new Error(`no route for ${path}`);
  const raw = new Map(Object.entries(query).map(([name, value]) => [name, [value]]));
  for (const [name, value] of match.pathParams) raw.set(name, [value]);
  return new ParsedTarget(match, match.route.parse(raw));
}

const NO_QUERY = new Map<string, readonly string[]>();

describe('ParsedTarget', () => {
  it('keys the response cache by route, parameters and language', () => {
    const point = target('/v2/measurements/point', { lat: '50.06', lng: '19.94' });
    expect(point.responseKey('en')).toBe('/v2/measurements/point|50.06|19.94|VENDOR_CAQI|en');
    expect(point.responseKey('pl')).toBe('/v2/measurements/point|50.06|19.94|VENDOR_CAQI|pl');
    // Stable: asked again, in any order, the same keys.
    expect(point.responseKey('pl')).toBe('/v2/measurements/point|50.06|19.94|VENDOR_CAQI|pl');
    expect(point.responseKey('en')).toBe('/v2/measurements/point|50.06|19.94|VENDOR_CAQI|en');
    const byId = target('/v2/measurements/installation/', {
      installationId: '7',
      indexType: 'US_AQI',
    });
    expect(byId.responseKey('pl')).toBe('/v2/measurements/installation|7|US_AQI|pl');
    expect(byId.responseKey('en')).toBe('/v2/measurements/installation|7|US_AQI|en');
    // Numbers are keyed by value: `50.060` is the same point as `50.06`.
    const same = target('/v2/measurements/point', { lat: '50.060', lng: '19.94' });
    expect(same.responseKey('en')).toBe(point.responseKey('en'));
  });

  it('freezes the parameters every later request of the target shares', () => {
    const nearest = target('/v2/installations/nearest', { lat: '50', lng: '19' });
    expect(Object.isFrozen(nearest.params)).toBe(true);
    expect(nearest.params).toEqual({ lat: 50, lng: 19, maxDistanceKM: 3, maxResults: 1 });
    expect(() => {
      (nearest.params as Record<string, unknown>).lat = 0;
    }).toThrow(TypeError);
    expect(nearest.match.route.pattern).toBe('/v2/installations/nearest');
    const byPath = target('/v2/installations/42');
    expect(byPath.params).toEqual({ installationId: 42 });
    expect(Object.isFrozen(byPath.params)).toBe(true);
  });
});

describe('ParsedTargets', () => {
  it('finds a kept target by its path and query, nothing else', () => {
    const targets = new ParsedTargets();
    const meta = target('/v2/meta/indexes');
    expect(targets.lookup('/v2/meta/indexes', '')).toBeUndefined();
    targets.keep('/v2/meta/indexes', '', NO_QUERY, meta);
    expect(targets.lookup('/v2/meta/indexes', '')).toBe(meta);
    expect(targets.lookup('/v2/meta/indexes/', '')).toBeUndefined();
    expect(targets.lookup('/v2/meta/indexes', 'x=1')).toBeUndefined();
    expect(targets.lookup('/v2/meta/indexe', 's')).toBeUndefined();
    const point = target('/v2/measurements/point', { lat: '1', lng: '2' });
    const query = new Map([
      ['lat', ['1']],
      ['lng', ['2']],
    ]);
    targets.keep('/v2/measurements/point', 'lat=1&lng=2', query, point);
    expect(targets.lookup('/v2/measurements/point', 'lat=1&lng=2')).toBe(point);
    expect(targets.lookup('/v2/measurements/point', 'lng=2&lat=1')).toBeUndefined();
    expect(targets.lookup('/v2/meta/indexes', '')).toBe(meta);
  });

  it('never keeps a query that carries an API key, even an empty one', () => {
    const targets = new ParsedTargets();
    const meta = target('/v2/meta/indexes');
    for (const values of [['demo'], [''], ['a', 'b']]) {
      targets.keep('/v2/meta/indexes', 'apikey=…', new Map([['apikey', values]]), meta);
      expect(targets.lookup('/v2/meta/indexes', 'apikey=…')).toBeUndefined();
    }
    const withKey = new Map([
      ['x', ['1']],
      ['apikey', ['demo']],
    ]);
    targets.keep('/v2/meta/indexes', 'x=1&apikey=demo', withKey, meta);
    expect(targets.lookup('/v2/meta/indexes', 'x=1&apikey=demo')).toBeUndefined();
  });

  it('keeps a target of up to 512 characters of path and query, not a longer one', () => {
    const targets = new ParsedTargets();
    const meta = target('/v2/meta/indexes');
    const path = '/v2/meta/indexes'; // 16 characters
    const fits = `x=${'a'.repeat(512 - path.length - 2)}`;
    const over = `${fits}a`;
    expect(path.length + fits.length).toBe(512);
    targets.keep(path, fits, new Map([['x', [fits.slice(2)]]]), meta);
    targets.keep(path, over, new Map([['x', [over.slice(2)]]]), meta);
    expect(targets.lookup(path, fits)).toBe(meta);
    expect(targets.lookup(path, over)).toBeUndefined();
    const longPath = `/v2/installations/${'1'.repeat(600)}`;
    targets.keep(longPath, '', NO_QUERY, meta);
    expect(targets.lookup(longPath, '')).toBeUndefined();
  });

  it(`starts over after ${MAX_PARSED_TARGETS} distinct targets, keeping the new one`, () => {
    expect(MAX_PARSED_TARGETS).toBe(1024);
    const targets = new ParsedTargets();
    const meta = target('/v2/meta/indexes');
    // Spread over several paths: the bound is on targets, not on paths.
    const at = (i: number) => [`/v2/p${i % 7}`, `q=${i}`] as const;
    for (let i = 0; i < MAX_PARSED_TARGETS; i++) targets.keep(...at(i), NO_QUERY, meta);
    // Keeping a kept target again counts once.
    targets.keep(...at(0), NO_QUERY, meta);
    for (let i = 0; i < MAX_PARSED_TARGETS; i++) expect(targets.lookup(...at(i))).toBe(meta);
    const next = target('/v2/meta/measurements');
    targets.keep(...at(MAX_PARSED_TARGETS), NO_QUERY, next);
    expect(targets.lookup(...at(MAX_PARSED_TARGETS))).toBe(next);
    for (let i = 0; i < MAX_PARSED_TARGETS; i++) expect(targets.lookup(...at(i))).toBeUndefined();
    // And it fills again up to the bound before the next start.
    for (let i = 1; i < MAX_PARSED_TARGETS; i++)
      targets.keep(`/v2/again`, `q=${i}`, NO_QUERY, meta);
    expect(targets.lookup(...at(MAX_PARSED_TARGETS))).toBe(next);
    targets.keep('/v2/again', 'last', NO_QUERY, meta);
    expect(targets.lookup(...at(MAX_PARSED_TARGETS))).toBeUndefined();
    expect(targets.lookup('/v2/again', 'last')).toBe(meta);
  });
});
