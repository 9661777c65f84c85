import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreResponse } from '../../src/http/core-request.js';
import { createApi } from '../../src/http/create-api.js';
import {
  cacheKeysOf,
  MAX_KEPT_TARGET_CHARS,
  MAX_PARSED_TARGETS,
  type ParsedTarget,
  ParsedTargets,
} from '../../src/http/parsed-targets.js';
import { matchRoute } from '../../src/http/route-match.js';
import { FUZZ_KEY, type FuzzRequest, requestArbitrary } from '../helpers/http-arbitraries.js';
import { identity } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import { RUNS } from '../helpers/property-runs.js';

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');

function target(name: string): ParsedTarget {
  const match = matchRoute('/v2/meta/indexes');
  if (match === undefined) throw new Error('the meta route is in the table');
  return { match, params: { n: 1 }, apikeyParams: [], cacheKeys: cacheKeysOf(name) };
}

describe('ParsedTargets', () => {
  it('gives back what was kept for the same path and query, and nothing for another', () => {
    const targets = new ParsedTargets();
    const kept = targets.keep('/v2/meta/indexes', 'a=1', target('x'));
    expect(targets.get('/v2/meta/indexes', 'a=1')).toBe(kept);
    expect(kept.cacheKeys).toEqual({ en: 'x|en', pl: 'x|pl' });
    expect(targets.get('/v2/meta/indexes', 'a=2')).toBeUndefined();
    expect(targets.get('/v2/meta/indexes/', 'a=1')).toBeUndefined();
  });

  it('keeps the response cache key in each language, one string for every repeat', () => {
    const targets = new ParsedTargets();
    targets.keep('/p', 'a=1', target('/p|1'));
    const first = targets.get('/p', 'a=1')?.cacheKeys;
    expect(first).toEqual({ en: '/p|1|en', pl: '/p|1|pl' });
    expect(Object.isFrozen(first)).toBe(true);
    expect(targets.get('/p', 'a=1')?.cacheKeys).toBe(first);
  });

  it('keeps a path holding a ? apart from the same text split elsewhere', () => {
    const targets = new ParsedTargets();
    targets.keep('/v2/a?b', 'c', target('first'));
    expect(targets.get('/v2/a', 'b?c')).toBeUndefined();
    targets.keep('/v2/a', 'b?c', target('second'));
    expect(targets.get('/v2/a?b', 'c')?.cacheKeys?.en).toBe('first|en');
    expect(targets.get('/v2/a', 'b?c')?.cacheKeys?.en).toBe('second|en');
  });

  it('hands out frozen values, so no request can change what the next one sees', () => {
    const kept = new ParsedTargets().keep('/p', '', target('x'));
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.params)).toBe(true);
  });

  it(`keeps no target longer than ${MAX_KEPT_TARGET_CHARS} characters, but returns it`, () => {
    const targets = new ParsedTargets();
    const long = `q=${'x'.repeat(MAX_KEPT_TARGET_CHARS)}`;
    expect(targets.keep('/p', long, target('x')).cacheKeys?.pl).toBe('x|pl');
    expect(targets.get('/p', long)).toBeUndefined();
    expect(targets.size).toBe(0);
  });

  it(`never holds more than ${MAX_PARSED_TARGETS} targets: a full memory starts again`, () => {
    const targets = new ParsedTargets();
    for (let i = 0; i < MAX_PARSED_TARGETS; i++) targets.keep('/p', `i=${i}`, target(String(i)));
    expect(targets.size).toBe(MAX_PARSED_TARGETS);
    expect(targets.get('/p', 'i=0')?.cacheKeys?.en).toBe('0|en');
    targets.keep('/p', 'i=last', target('last'));
    expect(targets.size).toBe(1);
    expect(targets.get('/p', 'i=0')).toBeUndefined();
    expect(targets.get('/p', 'i=last')?.cacheKeys?.en).toBe('last|en');
  });
});

// The oracle: an adapter that has seen nothing before, made anew for every request, so nothing
// parsed earlier can be kept. Its counters are new too, so the remaining counts differ.
function freshApi() {
  return createApi({
    service: createFakeService(),
    keys: [FUZZ_KEY],
    dayLimit: 1e9,
    minuteLimit: 1e9,
    clock: () => NOW_MS,
  });
}

function comparable(response: CoreResponse) {
  const headers = Object.entries(response.headers).filter(
    ([name]) => !name.startsWith('X-RateLimit-Remaining'),
  );
  return { status: response.status, headers, body: identity(response).toString('utf8') };
}

// Requests that mostly parse: a valid target, its key in the header, the query, both or
// neither, and the headers a check after the key reads (method, Accept, language, gzip).
const parsingRequestArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'POST'),
    target: fc.constantFrom<[string, string]>(
      ['/v2/installations/nearest', 'lat=50.06&lng=19.94&maxResults=3'],
      ['/v2/installations/1', ''],
      ['/v2/installations/1/', 'x=1'],
      ['/v2/measurements/installation', 'installationId=1'],
      ['/v2/measurements/installation', 'installationId=1&indexType=US_AQI'],
      ['/v2/measurements/point', 'lat=50.06&lng=19.94'],
      ['/v2/measurements/nearest', 'lat=50.06&lng=19.94&maxDistanceKM=3'],
      ['/v2/meta/indexes', ''],
      ['/v2/openapi.json', ''],
    ),
    keyIn: fc.constantFrom('header', 'query', 'both', 'none', 'wrong query'),
    accept: fc.constantFrom('application/json', 'text/xml', undefined),
    language: fc.constantFrom('pl', 'en', undefined),
    gzip: fc.boolean(),
  })
  .map(({ method, target: [path, query], keyIn, accept, language, gzip }) => {
    const params: string[] = query === '' ? [] : [query];
    if (keyIn === 'query' || keyIn === 'both') params.push(`apikey=${FUZZ_KEY}`);
    if (keyIn === 'wrong query') params.push('apikey=wrong-key');
    const headers: Record<string, string> = {};
    if (keyIn === 'header' || keyIn === 'both') headers.apikey = FUZZ_KEY;
    if (accept !== undefined) headers.accept = accept;
    if (language !== undefined) headers['accept-language'] = language;
    if (gzip) headers['accept-encoding'] = 'gzip';
    return { method, path, query: params.join('&'), headers };
  });

// A few requests, then a sequence that repeats them in any order.
const sequenceArbitrary: fc.Arbitrary<FuzzRequest[]> = fc
  .array(fc.oneof(parsingRequestArbitrary, requestArbitrary), { minLength: 1, maxLength: 4 })
  .chain((requests) =>
    fc
      .array(fc.nat(requests.length - 1), { minLength: 1, maxLength: 10 })
      .map((picks) => picks.map((pick) => requests[pick]!)),
  );

describe('createApi with parsed targets kept', () => {
  it('answers a repeated request as an adapter that never saw it would', async () => {
    await fc.assert(
      fc.asyncProperty(sequenceArbitrary, async (sequence) => {
        const api = freshApi();
        for (const request of sequence) {
          const answer = await api.handle(request);
          const oracle = await freshApi().handle(request);
          expect(comparable(answer)).toEqual(comparable(oracle));
        }
      }),
      RUNS,
    );
  });

  it('answers the same after more distinct targets than it keeps', async () => {
    const api = freshApi();
    const request = (i: number) => ({
      method: 'GET',
      path: '/v2/installations/nearest',
      query: `lat=50.06&lng=19.94&maxResults=${(i % 7) + 1}&x=${i}`,
      headers: { apikey: FUZZ_KEY },
    });
    for (let i = 0; i <= MAX_PARSED_TARGETS + 5; i++) {
      const answer = await api.handle(request(i));
      expect(answer.status).toBe(200);
    }
    for (const i of [0, 1, MAX_PARSED_TARGETS + 5]) {
      const answer = await api.handle(request(i));
      expect(comparable(answer)).toEqual(comparable(await freshApi().handle(request(i))));
    }
  });
});
