import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../src/http/create-api.js';
import { routesDocument } from '../../src/http/routes.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import type { InMemoryStore } from '../../src/store/in-memory-store.js';
import { MS_PER_MINUTE } from '../../src/time/instant.js';
import { KEY, network, START } from '../helpers/http-cache-network.js';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import { ResponseChecker } from '../helpers/openapi-responses.js';

// The contract of GET /v2/airq/network, the airq extension that answers every installation's
// current index at once: shapes and defaults, every violation, keys and limits (one request
// counted), gzip, ETag/304, CORS and language, as the measurement routes answer them. Expected
// indexes come from /v2/measurements/installation of the same adapter at the same instant.

const PATH = '/v2/airq/network';
const REQUIRED_WITH =
  'is required with the other edges of the box (minLat, minLng, maxLat, maxLng: all four or none)';
const LATITUDE = 'must be a decimal number in [-90, 90]';
const LONGITUDE = 'must be a decimal number in [-180, 180]';

function apiOver(
  store: InMemoryStore,
  clock: () => number,
  limits = { minuteLimit: 1000, dayLimit: 1000 },
): Api {
  return createApi({
    service: createMeasurementsService({ store }),
    keys: [KEY],
    clock,
    ...limits,
  });
}

function get(api: Api, query: string, headers: Record<string, string> = {}) {
  return api.handle(coreRequest(`${PATH}?${query}`, { headers: { apikey: KEY, ...headers } }));
}

// `current.indexes[0]` of the measurement route for one installation, without advice and the
// fields the network answer leaves out.
async function routeIndex(api: Api, id: number, query: string, headers = {}) {
  const response = await api.handle(
    coreRequest(`/v2/measurements/installation?installationId=${id}${query}`, {
      headers: { apikey: KEY, ...headers },
    }),
  );
  const { name, value, level, description, color } = (
    coreJson(response) as { current: { indexes: Record<string, unknown>[] } }
  ).current.indexes[0]!;
  return { name, value, level, description, color };
}

const LOCATIONS = {
  1: { latitude: 50.0614, longitude: 19.9366 },
  2: { latitude: 50.0654, longitude: 19.9366 },
  3: { latitude: 50.0614, longitude: 19.9426 },
} as const;

describe('GET /v2/airq/network', () => {
  it('answers every active installation by id with its location and current index', async () => {
    const api = apiOver(network(), () => START);
    const response = await get(api, '');
    expect(response.status).toBe(200);
    const body = coreJson(response) as { indexType: string; installations: unknown[] };
    expect(body.indexType).toBe('VENDOR_CAQI');
    const expected = [];
    for (const id of [1, 2, 3] as const) {
      expected.push({ id, location: LOCATIONS[id], index: await routeIndex(api, id, '') });
    }
    expect(body.installations).toEqual(expected);
    expect(Object.keys(body)).toEqual(['indexType', 'installations']);
    expect(Object.keys(body.installations[0] as object)).toEqual(['id', 'location', 'index']);
  });

  it('takes indexType like the measurement routes, and Polish texts from Accept-Language', async () => {
    const api = apiOver(network(), () => START);
    for (const indexType of ['CAQI', 'US_AQI', 'EAQI', 'CA_AQHI']) {
      for (const language of ['en', 'pl']) {
        const headers = { 'accept-language': language };
        const response = await get(api, `indexType=${indexType}`, headers);
        expect(response.headers['Content-Language']).toBe(language);
        const body = coreJson(response) as {
          indexType: string;
          installations: { index: unknown }[];
        };
        expect(body.indexType).toBe(indexType);
        for (const [i, id] of [1, 2, 3].entries()) {
          const expected = await routeIndex(api, id, `&indexType=${indexType}`, headers);
          expect(body.installations[i]?.index).toEqual(expected);
        }
      }
    }
    // An empty indexType is the default, as on the other routes.
    const empty = coreJson(await get(api, 'indexType=')) as { indexType: string };
    expect(empty.indexType).toBe('VENDOR_CAQI');
  });

  it('keeps the installations inside the box, edges included', async () => {
    const api = apiOver(network(), () => START);
    const ids = async (query: string) =>
      (coreJson(await get(api, query)) as { installations: { id: number }[] }).installations.map(
        (installation) => installation.id,
      );
    expect(await ids('minLat=50.0614&minLng=19.9366&maxLat=50.0614&maxLng=19.9426')).toEqual([
      1, 3,
    ]);
    expect(await ids('minLat=50.0615&minLng=19&maxLat=51&maxLng=20')).toEqual([2]);
    expect(await ids('minLat=-90&minLng=-180&maxLat=90&maxLng=180')).toEqual([1, 2, 3]);
    // Across the antimeridian: from 19.94 east round the world to 19.937.
    expect(await ids('minLat=0&minLng=19.94&maxLat=90&maxLng=19.937')).toEqual([1, 2, 3]);
    expect(await ids('minLat=0&minLng=19.9427&maxLat=90&maxLng=19.9365')).toEqual([]);
    expect(await ids('minLat=0&minLng=170&maxLat=90&maxLng=-170')).toEqual([]);
  });

  it('answers 400 with every violation, each edge and the box as a whole', async () => {
    const api = apiOver(network(), () => START);
    const cases: [string, unknown[]][] = [
      [
        'indexType=caqi',
        [
          {
            parameter: 'indexType',
            message: expect.stringMatching(/^must be one of VENDOR_CAQI, CAQI, /),
            rejectedValue: 'caqi',
          },
        ],
      ],
      [
        'minLat=91&minLng=0&maxLat=0&maxLng=181',
        [
          { parameter: 'minLat', message: LATITUDE, rejectedValue: '91' },
          { parameter: 'maxLng', message: LONGITUDE, rejectedValue: '181' },
        ],
      ],
      [
        'minLat=1e1&minLng=NaN&maxLat=0x1&maxLng=12abc',
        [
          { parameter: 'minLat', message: LATITUDE, rejectedValue: '1e1' },
          { parameter: 'minLng', message: LONGITUDE, rejectedValue: 'NaN' },
          { parameter: 'maxLat', message: LATITUDE, rejectedValue: '0x1' },
          { parameter: 'maxLng', message: LONGITUDE, rejectedValue: '12abc' },
        ],
      ],
      [
        'minLat=50',
        [
          { parameter: 'minLng', message: REQUIRED_WITH, rejectedValue: null },
          { parameter: 'maxLat', message: REQUIRED_WITH, rejectedValue: null },
          { parameter: 'maxLng', message: REQUIRED_WITH, rejectedValue: null },
        ],
      ],
      [
        'minLat=50&minLng=19&maxLat=51&maxLng=',
        [{ parameter: 'maxLng', message: REQUIRED_WITH, rejectedValue: '' }],
      ],
      [
        'minLat=51&minLng=19&maxLat=50&maxLng=20',
        [{ parameter: 'minLat', message: 'must not exceed maxLat (50)', rejectedValue: '51' }],
      ],
      [
        'minLat=50&minLat=49&minLng=19&maxLat=51&maxLng=20',
        [
          {
            parameter: 'minLat',
            message: 'must be given once, got 2 values',
            rejectedValue: ['50', '49'],
          },
        ],
      ],
      [
        'indexType=X&minLat=x&maxLat=10',
        [
          {
            parameter: 'indexType',
            message: expect.stringMatching(/^must be one of /),
            rejectedValue: 'X',
          },
          { parameter: 'minLat', message: LATITUDE, rejectedValue: 'x' },
          { parameter: 'minLng', message: REQUIRED_WITH, rejectedValue: null },
          { parameter: 'maxLng', message: REQUIRED_WITH, rejectedValue: null },
        ],
      ],
    ];
    for (const [query, violations] of cases) {
      const response = await get(api, query);
      expect(response.status, query).toBe(400);
      const body = coreJson(response) as { errorCode: string; message: string; details: unknown };
      expect(body.errorCode).toBe('API_REQUEST_INVALID');
      expect(body.details, query).toEqual({ violations });
      const names = violations.map((violation) => (violation as { parameter: string }).parameter);
      expect(body.message).toBe(`Invalid request parameters: ${names.join(', ')}`);
    }
  });

  it('needs a key, and counts one request however many installations it answers', async () => {
    const api = apiOver(network(), () => START, { minuteLimit: 2, dayLimit: 100 });
    const missing = await api.handle(coreRequest(PATH));
    expect(missing.status).toBe(401);
    expect((coreJson(missing) as { errorCode: string }).errorCode).toBe('API_KEY_MISSING');
    const invalid = await api.handle(coreRequest(PATH, { headers: { apikey: 'nope' } }));
    expect((coreJson(invalid) as { errorCode: string }).errorCode).toBe('API_KEY_INVALID');
    const first = await get(api, '');
    expect(first.headers['X-RateLimit-Remaining-minute']).toBe('1');
    expect(first.headers['X-RateLimit-Remaining-day']).toBe('99');
    const second = await get(api, '');
    expect(second.headers['X-RateLimit-Remaining-minute']).toBe('0');
    const third = await get(api, '');
    expect(third.status).toBe(429);
    expect((coreJson(third) as { errorCode: string }).errorCode).toBe('RATE_LIMIT_EXCEEDED');
  });

  it('answers gzip when asked, and 304 for its own ETag', async () => {
    const api = apiOver(network(), () => START);
    const plain = await get(api, 'indexType=CAQI');
    const zipped = await get(api, 'indexType=CAQI', { 'accept-encoding': 'gzip' });
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(zipped.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body!).equals(Buffer.from(plain.body!))).toBe(true);
    const etag = plain.headers.ETag!;
    expect(zipped.headers.ETag).toBe(etag);
    expect(plain.headers['Cache-Control']).toMatch(/^private, max-age=\d+$/);
    expect(plain.headers.Vary).toBe('Accept-Encoding, Accept-Language');
    const again = await get(api, 'indexType=CAQI', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.ETag).toBe(etag);
    const other = await get(api, 'indexType=US_AQI', { 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.ETag).not.toBe(etag);
  });

  it('answers a CORS preflight and carries the CORS headers', async () => {
    const api = apiOver(network(), () => START);
    const preflight = await api.handle(coreRequest(PATH, { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers['Access-Control-Allow-Origin']).toBe('*');
    expect(preflight.headers['Access-Control-Allow-Methods']).toBe('GET, POST, OPTIONS');
    expect(preflight.headers['Access-Control-Allow-Headers']).toMatch(/apikey/i);
    const response = await get(api, '');
    expect(response.headers['Access-Control-Allow-Origin']).toBe('*');
    expect(response.headers['Access-Control-Expose-Headers']).toMatch(/ETag/);
  });

  it('changes as soon as a sample arrives, and follows the clock', async () => {
    const store = network();
    let nowMs = START;
    const api = apiOver(store, () => nowMs);
    const indexOf = async () =>
      (coreJson(await get(api, '')) as { installations: { index: unknown }[] }).installations[0]
        ?.index;
    const before = await indexOf();
    const tag = (await get(api, '')).headers.ETag;
    store.ingest([{ installationId: 1, name: 'PM10', atMs: START - MS_PER_MINUTE, value: 900 }]);
    const after = await indexOf();
    expect(after).not.toEqual(before);
    expect(after).toEqual(await routeIndex(api, 1, ''));
    expect((await get(api, '', { 'if-none-match': tag! })).status).toBe(200);
    // 61 minutes on, that sample has left the moving hour, and so have all the others.
    nowMs = START + 61 * MS_PER_MINUTE;
    expect(await indexOf()).toEqual(await routeIndex(api, 1, ''));
    expect(await indexOf()).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
  });

  it('is marked in the OpenAPI document as an extension the spec does not define', () => {
    const operation = (routesDocument().paths as Record<string, { get: Record<string, unknown> }>)[
      PATH
    ]!.get;
    expect(operation['x-airq-extension']).toBe(true);
    expect(operation.description).toMatch(
      /^An airq extension: the spec does not define this route/,
    );
    const parameters = operation.parameters as { name: string; required: boolean }[];
    expect(parameters.map(({ name, required }) => [name, required])).toEqual([
      ['indexType', false],
      ['minLat', false],
      ['minLng', false],
      ['maxLat', false],
      ['maxLng', false],
      ['Accept-Language', false],
      ['If-None-Match', false],
    ]);
  });

  it('answers as the OpenAPI document says: 200, gzip, 304, 400, 401, 429, preflight', async () => {
    const checker = new ResponseChecker();
    const api = apiOver(network(), () => START, { minuteLimit: 5, dayLimit: 100 });
    const ok = await get(api, 'indexType=EAQI&minLat=50&minLng=19&maxLat=51&maxLng=20');
    const sent = [
      ok,
      await get(api, '', { 'accept-encoding': 'gzip', 'accept-language': 'pl' }),
      await get(api, 'indexType=EAQI&minLat=50&minLng=19&maxLat=51&maxLng=20', {
        'if-none-match': ok.headers.ETag!,
      }),
      await get(api, 'minLat=50&maxLng=500'),
      await get(api, '', { apikey: '' }),
      await get(api, ''),
      await get(api, ''),
    ];
    expect(sent.map((response) => response.status)).toEqual([200, 200, 304, 400, 401, 200, 429]);
    const preflight = coreRequest(PATH, { method: 'OPTIONS' });
    const exchanges = [
      ...sent.map((response, i) => ({ request: coreRequest(`${PATH}?${i}`), response })),
      { request: preflight, response: await api.handle(preflight) },
    ];
    for (const exchange of exchanges) expect(checker.problems(exchange)).toEqual([]);
    // And the check does look: a field the document does not name fails it.
    const body = JSON.parse(new TextDecoder().decode(ok.body!));
    body.installations[0].index.advice = 'Enjoy';
    const extra = { ...ok, body: new TextEncoder().encode(JSON.stringify(body)) };
    const [problem] = checker.problems({ request: coreRequest(PATH), response: extra });
    expect(problem).toMatch(/must NOT have unevaluated properties/);
  });

  it('answers 404 NOT_FOUND when the service does not offer the network', async () => {
    const service: MeasurementsService = createFakeService();
    const api = createApi({ service, keys: [KEY] });
    const response = await get(api, '');
    expect(response.status).toBe(404);
    expect(coreJson(response)).toEqual({
      errorCode: 'NOT_FOUND',
      message: 'This service does not answer the network extension',
      details: { path: PATH },
    });
  });
});
