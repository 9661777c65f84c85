import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CoreResponse } from '../../src/http/core-request.js';
import { createApi } from '../../src/http/create-api.js';
import { coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import { type Exchange, ResponseChecker, recordedExchanges } from '../helpers/openapi-responses.js';

// The checker the response hook runs after every test file. These cases show that it finds
// what it is meant to find, so a green suite means the answers match, not that nothing looked.

const checker = new ResponseChecker();
const RATE = {
  'X-RateLimit-Limit-day': '100',
  'X-RateLimit-Remaining-day': '99',
  'X-RateLimit-Limit-minute': '50',
  'X-RateLimit-Remaining-minute': '49',
};
const JSON_TYPE = { 'Content-Type': 'application/json;charset=UTF-8', 'Content-Language': 'en' };

// What every 200 and 304 carries besides the rate headers.
const CACHED = { ETag: 'W/"cbf43926-9"', 'Cache-Control': 'private, max-age=3600' };

function exchange(path: string, response: Partial<CoreResponse>, method = 'GET'): Exchange {
  const body = response.body ?? null;
  const status = response.status ?? 200;
  const headers = { ...JSON_TYPE, ...RATE, ...(status === 200 ? CACHED : {}) };
  return {
    request: coreRequest(path, { method }),
    response: { status, headers, ...response, body },
  };
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const notFound = { errorCode: 'NOT_FOUND', message: 'No such resource', details: { path: '/x' } };

describe('ResponseChecker', () => {
  it('accepts a well-formed error answer, plain or gzipped, on a listed and an unknown path', () => {
    const body = bytes(notFound);
    expect(checker.problems(exchange('/x', { status: 404, body }))).toEqual([]);
    const gzipped = { 'Content-Encoding': 'gzip', ...JSON_TYPE, ...RATE };
    const zipped = { status: 404, body: gzipSync(body), headers: gzipped };
    expect(checker.problems(exchange('/v2/installations/9', zipped))).toEqual([]);
  });

  it('finds a status the operation does not have', () => {
    const problems = checker.problems(
      exchange('/v2/meta/indexes', { status: 404, body: bytes(notFound) }),
    );
    expect(problems).toEqual(['GET /v2/meta/indexes → 404: status not in the document']);
  });

  it('finds a missing required header, a header of the wrong type and one not documented', () => {
    const headers = {
      ...JSON_TYPE,
      'X-RateLimit-Limit-day': 'many',
      'Retry-After': '5',
      ETag: 'W/"1"',
    };
    const problems = checker.problems(
      exchange('/x', { status: 404, body: bytes(notFound), headers }),
    );
    expect(problems).toEqual([
      'GET /x → 404: header X-RateLimit-Limit-day: many',
      'GET /x → 404: header X-RateLimit-Remaining-day missing',
      'GET /x → 404: header X-RateLimit-Limit-minute missing',
      'GET /x → 404: header X-RateLimit-Remaining-minute missing',
      'GET /x → 404: header retry-after sent but not in the document',
      'GET /x → 404: header etag sent but not in the document',
    ]);
  });

  it('finds a body that breaks the schema, including a field the document does not name', () => {
    const wrongCode = bytes({ ...notFound, errorCode: 'API_KEY_MISSING' });
    expect(checker.problems(exchange('/x', { status: 404, body: wrongCode }))).toHaveLength(1);
    const extra = bytes([{ name: 'PM25', label: 'PM2.5', unit: 'µg/m³', colour: 'red' }]);
    const [problem] = checker.problems(exchange('/v2/meta/measurements', { body: extra }));
    expect(problem).toMatch(/must NOT have unevaluated properties/);
    const noViolations = bytes({ errorCode: 'API_REQUEST_INVALID', message: 'm', details: {} });
    const path = '/v2/measurements/point';
    expect(checker.problems(exchange(path, { status: 400, body: noViolations }))).toHaveLength(1);
  });

  it('finds a body on a 204 and a body of another media type', () => {
    const preflight = exchange(
      '/v2/meta/indexes',
      { status: 204, body: bytes({}), headers: { 'Content-Type': JSON_TYPE['Content-Type'] } },
      'OPTIONS',
    );
    expect(checker.problems(preflight)).toEqual([
      'OPTIONS /v2/meta/indexes → 204: header Allow missing',
      'OPTIONS /v2/meta/indexes → 204: a body where the document has none',
    ]);
    const html = { 'Content-Type': 'text/html', 'Content-Language': 'en', ...RATE, ...CACHED };
    const [problem] = checker.problems(
      exchange('/v2/meta/indexes', { body: bytes([]), headers: html }),
    );
    expect(problem).toBe('GET /v2/meta/indexes → 200: Content-Type text/html not in the document');
  });

  it('knows the 304: no body, the tag and the caching rule required, Cache-Control checked', () => {
    const path = '/v2/measurements/point';
    const notModified = { status: 304, headers: { 'Content-Language': 'en', ...RATE, ...CACHED } };
    expect(checker.problems(exchange(path, notModified))).toEqual([]);
    expect(checker.problems(exchange(path, { ...notModified, body: bytes({}) }))).toEqual([
      'GET /v2/measurements/point → 304: a body where the document has none',
    ]);
    const untagged = { 'Content-Language': 'en', ...RATE, 'Cache-Control': 'no-store' };
    expect(checker.problems(exchange(path, { status: 304, headers: untagged }))).toEqual([
      'GET /v2/measurements/point → 304: header ETag missing',
      'GET /v2/measurements/point → 304: header Cache-Control: no-store',
    ]);
  });

  it('is fed by the hook: createApi answers land in recordedExchanges', async () => {
    const before = recordedExchanges.length;
    const api = createApi({ service: createFakeService(), keys: ['k'] });
    await api.handle(coreRequest('/v2/meta/indexes?apikey=k'));
    expect(recordedExchanges.length).toBe(before + 1);
    expect(recordedExchanges.at(-1)?.response.status).toBe(200);
  });
});
