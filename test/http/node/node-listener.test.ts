import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src/http/create-api.js';
import { FUZZ_KEY, requestArbitrary } from '../../helpers/http-arbitraries.js';
import {
  rawJson,
  rawRequest,
  startTestServer,
  type TestServer,
} from '../../helpers/http-client.js';
import { createFakeService, type FakeService } from '../../helpers/http-fake-service.js';
import { checkFuzzAnswer } from '../../helpers/http-fuzz-checks.js';
import { KEY, keyed } from '../../helpers/http-socket-key.js';

// The API over one shared server on a real socket, as a client sees it; the listener's own
// translation between node:http and an Api is in node-listener-translation.test.ts.

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
let service: FakeService;
let server: TestServer;

beforeAll(async () => {
  service = createFakeService();
  server = await startTestServer(
    createApi({
      service,
      keys: [KEY, { key: 'tiny', dayLimit: 2 }, FUZZ_KEY],
      dayLimit: 1e6,
      minuteLimit: 1e6,
      clock: () => NOW_MS,
    }),
  );
});
afterAll(() => server.close());

// Loosely typed parsed JSON: each check reads one field it expects.
// biome-ignore lint/suspicious/noExplicitAny: test-only access to parsed JSON of known shape
type Json = any;

describe('node listener over a real socket', () => {
  it.each([
    ['/v2/installations/1', (json: Json) => json.id === 1],
    [
      '/v2/installations/nearest?lat=50.06&lng=19.94&maxResults=-1&maxDistanceKM=-1',
      (json: Json) => json.length === 3,
    ],
    ['/v2/measurements/installation?installationId=3', (json: Json) => json.history.length === 24],
    [
      '/v2/measurements/nearest?lat=50.062006&lng=19.940984&maxDistanceKM=3.000000',
      (json: Json) => json.forecast.length === 24,
    ],
    [
      '/v2/measurements/point/?lat=50.06&lng=19.94',
      (json: Json) => json.interpolation.contributors.length > 0,
    ],
    ['/v2/meta/indexes/', (json: Json) => Array.isArray(json)],
    ['/v2/meta/measurements', (json: Json) => Array.isArray(json)],
  ])('GET %s → 200 JSON', async (path, check) => {
    const response = await fetch(`${server.origin}${path}`, keyed({ accept: 'application/json' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(check(await response.json())).toBe(true);
  });

  it('answers the spec 400 example and every error status with the spec body', async () => {
    const bad = await fetch(`${server.origin}/v2/measurements/point?lat=200&lng=19.94`, keyed());
    expect(bad.status).toBe(400);
    expect((await bad.json()).details.violations).toEqual([
      { parameter: 'lat', message: 'must be a decimal number in [-90, 90]', rejectedValue: '200' },
    ]);
    const cases: [string, RequestInit, number, string][] = [
      ['/v2/meta/indexes', {}, 401, 'API_KEY_MISSING'],
      ['/v2/meta/indexes', { headers: { apikey: 'nope' } }, 401, 'API_KEY_INVALID'],
      ['/v2/nothing', keyed(), 404, 'NOT_FOUND'],
      ['/v1/sensors/1', keyed(), 404, 'API_VERSION_RETIRED'],
      ['/v2/installations/4', keyed(), 404, 'INSTALLATION_NOT_FOUND'],
      ['/v2/measurements/nearest?lat=0&lng=0', keyed(), 404, 'NO_INSTALLATION_IN_RANGE'],
      ['/v2/meta/indexes', { ...keyed(), method: 'POST', body: '{}' }, 405, 'METHOD_NOT_ALLOWED'],
      ['/v2/meta/indexes', keyed({ accept: 'text/xml' }), 406, 'NOT_ACCEPTABLE'],
      ['/v2/installations/2', { ...keyed(), redirect: 'manual' }, 301, 'INSTALLATION_REPLACED'],
    ];
    for (const [path, init, status, errorCode] of cases) {
      const response = await fetch(`${server.origin}${path}`, init);
      expect([path, response.status]).toEqual([path, status]);
      expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
      const body = await response.json();
      expect(body.errorCode).toBe(errorCode);
      expect(typeof body.details).toBe('object');
      if (status === 405) expect(response.headers.get('allow')).toBe('GET, OPTIONS');
    }
  });

  it('answers 500 when the service fails and keeps serving afterwards', async () => {
    service.failure = 'reject';
    try {
      const failed = await fetch(`${server.origin}/v2/measurements/point?lat=50&lng=19`, keyed());
      expect(failed.status).toBe(500);
      const body = await failed.text();
      expect(JSON.parse(body)).toEqual({
        errorCode: 'INTERNAL_SERVER_ERROR',
        message: 'The server failed to answer this request.',
        details: {},
      });
      expect(body).not.toMatch(/at |rejected/);
    } finally {
      service.failure = 'none';
    }
    expect((await fetch(`${server.origin}/v2/installations/1`, keyed())).status).toBe(200);
  });

  it('redirects a replaced installation to an absolute URL that a client follows to a 200', async () => {
    const manual = await fetch(`${server.origin}/v2/installations/5/?x=1`, {
      ...keyed(),
      redirect: 'manual',
    });
    expect(manual.headers.get('location')).toBe(`${server.origin}/v2/installations/3?x=1`);
    expect((await manual.json()).details).toEqual({ successorId: 3 });
    const followed = await fetch(`${server.origin}/v2/installations/2`, keyed());
    expect(followed.redirected).toBe(true);
    expect(followed.status).toBe(200);
    expect((await followed.json()).id).toBe(3);
    // A query-key client: the key travels in Location, so the followed request is authorised.
    const queryKey = await fetch(
      `${server.origin}/v2/measurements/installation?installationId=5&apikey=${KEY}&indexType=CAQI`,
    );
    expect(queryKey.status).toBe(200);
    expect(queryKey.url).toBe(
      `${server.origin}/v2/measurements/installation?installationId=3&apikey=${KEY}&indexType=CAQI`,
    );
    expect((await queryKey.json()).current.indexes[0].name).toBe('CAQI');
  });

  it('round-trips gzip with a correct Content-Length and Vary', async () => {
    const answer = await rawRequest(
      server.port,
      '/v2/measurements/installation?installationId=1',
      keyed({ 'accept-encoding': 'gzip' }),
    );
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
    const json = JSON.parse(gunzipSync(answer.body).toString('utf8'));
    expect(json.current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
    const meta = await rawRequest(
      server.port,
      '/v2/meta/indexes',
      keyed({ 'accept-encoding': 'gzip;q=0.5' }),
    );
    expect(Array.isArray(rawJson(meta))).toBe(true);
    const plain = await rawRequest(
      server.port,
      '/v2/meta/indexes',
      keyed({ 'accept-encoding': 'gzip;q=0' }),
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('translates with Accept-Language: pl and says so in Content-Language', async () => {
    const pl = await fetch(
      `${server.origin}/v2/meta/measurements`,
      keyed({ 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' }),
    );
    const en = await fetch(
      `${server.origin}/v2/meta/measurements`,
      keyed({ 'accept-language': 'undefined' }),
    );
    expect(pl.headers.get('content-language')).toBe('pl');
    expect(en.headers.get('content-language')).toBe('en');
    expect(await pl.json()).not.toEqual(await en.json());
  });

  it('answers a CORS preflight with 204 and no key', async () => {
    const response = await fetch(`${server.origin}/v2/measurements/point`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(response.headers.get('access-control-max-age')).toBe('86400');
  });

  it('puts integer rate headers, Retry-After and CORS exposure on a 429', async () => {
    const call = () => fetch(`${server.origin}/v2/meta/indexes`, { headers: { apikey: 'tiny' } });
    const statuses = [(await call()).status, (await call()).status];
    const last = await call();
    expect([...statuses, last.status]).toEqual([200, 200, 429]);
    expect(last.headers.get('x-ratelimit-limit-day')).toBe('2');
    expect(last.headers.get('x-ratelimit-remaining-day')).toBe('0');
    expect(last.headers.get('x-ratelimit-limit-minute')).toBe('1000000');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect((await last.json()).errorCode).toBe('RATE_LIMIT_EXCEEDED');
  });

  it('serves exactly 100 of 500 simultaneous requests at a limit of 100', async () => {
    const limited = await startTestServer(
      createApi({
        service: createFakeService(),
        keys: ['burst'],
        dayLimit: 100,
        minuteLimit: 100_000,
      }),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 500 }, () =>
          rawRequest(limited.port, '/v2/installations/1', { headers: { apikey: 'burst' } }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(400);
    } finally {
      await limited.close();
    }
  });

  it('keeps every answer JSON and never 500 under fuzzed requests', async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        // The socket carries only legal request targets and header values.
        const path = encodeURI(request.path).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
        const target =
          request.query === ''
            ? path
            : `${path}?${encodeURI(request.query).replace(/%25([0-9A-Fa-f]{2})/g, '%$1')}`;
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([, value]) => /^[\x20-\x7e]*$/.test(value)),
        );
        const answer = await rawRequest(server.port, target, {
          method: request.method === 'get' ? 'GET' : request.method,
          headers,
        });
        const json =
          request.method === 'HEAD' || answer.status === 204 ? undefined : rawJson(answer);
        const [sentPath = '', sentQuery = ''] = target.split('?');
        const checked = { ...request, path: sentPath, query: sentQuery };
        checkFuzzAnswer(checked, answer.status, answer.headers as Record<string, string>, json);
      }),
      { numRuns: 150 },
    );
  });
});
