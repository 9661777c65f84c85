import { describe, expect, it } from 'vitest';
import type { ApiOptions } from '../../src/http/api-options.js';
import { createApi } from '../../src/http/create-api.js';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { createFakeService, type FakeFailure } from '../helpers/http-fake-service.js';
import { REFERENCE_ALL_INDEX_TYPE_NAMES } from '../helpers/index-reference-tables.js';

const KEY = 'test-key';
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEYED = { apikey: KEY };

function api(overrides: Partial<ApiOptions> = {}, failure: FakeFailure = 'none') {
  return createApi({
    service: createFakeService(failure),
    keys: [KEY],
    clock: () => NOW_MS,
    ...overrides,
  });
}

async function get(
  path: string,
  headers: Record<string, string> = KEYED,
  options: Partial<ApiOptions> = {},
) {
  const response = await api(options).handle(coreRequest(path, { headers }));
  return { ...response, json: coreJson(response) as Record<string, unknown> };
}

describe('createApi: routes', () => {
  it('serves an installation by id, with or without a trailing slash', async () => {
    for (const path of ['/v2/installations/1', '/v2/installations/1/']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({
        id: 1,
        location: { latitude: 50.06, longitude: 19.94 },
      });
    }
  });

  it('serves nearest installations with defaults 3 km / 1 result and explicit values', async () => {
    const one = await get('/v2/installations/nearest?lat=50.06&lng=19.94');
    expect((one.json as unknown as unknown[]).length).toBe(1);
    const all = await get(
      '/v2/installations/nearest?lat=50.06&lng=19.94&maxDistanceKM=-1&maxResults=-1',
    );
    expect((all.json as unknown as { id: number }[]).map((i) => i.id)).toEqual([1, 3, 7]);
    const empty = await get('/v2/installations/nearest?lat=0&lng=0');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual([]);
  });

  it('treats empty optional parameters and six-decimal floats like the clients send them', async () => {
    const response = await get(
      '/v2/installations/nearest?lat=50.062006&lng=19.940984&maxDistanceKM=&maxResults=',
    );
    expect(response.status).toBe(200);
    expect((response.json as unknown as unknown[]).length).toBe(1);
    const sixDecimals = await get(
      '/v2/measurements/nearest?lat=50.062006&lng=19.940984&maxDistanceKM=3.000000',
    );
    expect(sixDecimals.status).toBe(200);
  });

  it('serves the measurements routes with windows from the clock and the chosen index', async () => {
    const byId = await get('/v2/measurements/installation?installationId=1&indexType=PIJP');
    expect(byId.status).toBe(200);
    const current = byId.json.current as { fromDateTime: string; indexes: { name: string }[] };
    expect(current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
    expect(current.indexes[0]?.name).toBe('PIJP');
    const nearest = await get('/v2/measurements/nearest/?lat=50.06&lng=19.94');
    expect((nearest.json.current as { indexes: { name: string }[] }).indexes[0]?.name).toBe(
      'VENDOR_CAQI',
    );
    const point = await get('/v2/measurements/point?lat=50.06&lng=19.94');
    expect(point.json.interpolation).toMatchObject({ method: 'INVERSE_DISTANCE', radiusKm: 1.5 });
  });

  it('accepts the nine index types on every measurement route, spelled exactly', async () => {
    // The spec's three and the six national indexes of issue 10.
    const names = REFERENCE_ALL_INDEX_TYPE_NAMES;
    const routes = [
      '/v2/measurements/installation?installationId=1',
      '/v2/measurements/nearest?lat=50.06&lng=19.94',
      '/v2/measurements/point?lat=50.06&lng=19.94',
    ];
    for (const route of routes) {
      for (const name of names) {
        const response = await get(`${route}&indexType=${name}`);
        expect(response.status).toBe(200);
        const current = response.json.current as { indexes: { name: string }[] };
        expect(current.indexes.map((index) => index.name)).toEqual([name]);
      }
      const lower = await get(`${route}&indexType=us_aqi`);
      expect(lower.status).toBe(400);
      expect(lower.json.details).toEqual({
        violations: [
          {
            parameter: 'indexType',
            message: `must be one of ${names.join(', ')}`,
            rejectedValue: 'us_aqi',
          },
        ],
      });
    }
  });

  it('answers a point with no sensor in range with 200 and data (the no-data case is a value)', async () => {
    const response = await get('/v2/measurements/point?lat=0&lng=0');
    expect(response.status).toBe(200);
    expect(response.json.interpolation).toEqual({
      method: 'INVERSE_DISTANCE',
      radiusKm: 1.5,
      contributors: [],
    });
  });

  it('serves the meta lists, translated by Accept-Language, from one cached body', async () => {
    const instance = api();
    const en = await instance.handle(coreRequest('/v2/meta/indexes', { headers: KEYED }));
    const pl = await instance.handle(
      coreRequest('/v2/meta/indexes/', { headers: { ...KEYED, 'accept-language': 'pl' } }),
    );
    const enAgain = await instance.handle(coreRequest('/v2/meta/indexes', { headers: KEYED }));
    expect(en.headers['Content-Language']).toBe('en');
    expect(pl.headers['Content-Language']).toBe('pl');
    expect(coreJson(en)).not.toEqual(coreJson(pl));
    expect(enAgain.body).toBe(en.body);
    const measurements = await instance.handle(
      coreRequest('/v2/meta/measurements', {
        headers: { ...KEYED, 'accept-language': 'undefined' },
      }),
    );
    expect(measurements.headers['Content-Language']).toBe('en');
    expect((coreJson(measurements) as { name: string }[]).map((m) => m.name)).toContain('PM25');
  });
});

describe('createApi: errors', () => {
  it('answers the spec example lat=200 with the violation for lat', async () => {
    const response = await get('/v2/measurements/point?lat=200&lng=19.94');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      errorCode: 'API_REQUEST_INVALID',
      message: 'Invalid request parameters: lat',
      details: {
        violations: [
          {
            parameter: 'lat',
            message: 'must be a decimal number in [-90, 90]',
            rejectedValue: '200',
          },
        ],
      },
    });
  });

  it('lists every bad parameter, including missing, repeated and malformed ones', async () => {
    const response = await get(
      '/v2/installations/nearest?lat=1e3&lat=2&maxDistanceKM=NaN&maxResults=1.5',
    );
    expect(response.json.details).toEqual({
      violations: [
        {
          parameter: 'lat',
          message: 'must be given once, got 2 values',
          rejectedValue: ['1e3', '2'],
        },
        { parameter: 'lng', message: 'is required', rejectedValue: null },
        {
          parameter: 'maxDistanceKM',
          message: 'must be a decimal number (negative means no limit)',
          rejectedValue: 'NaN',
        },
        {
          parameter: 'maxResults',
          message: 'must be an integer (negative means no limit)',
          rejectedValue: '1.5',
        },
      ],
    });
    const badId = await get('/v2/installations/abc');
    expect(badId.json.details).toEqual({
      violations: [
        {
          parameter: 'installationId',
          message: 'must be a positive integer',
          rejectedValue: 'abc',
        },
      ],
    });
    const badIndex = await get('/v2/measurements/installation?installationId=&indexType=caqi');
    expect(
      (badIndex.json.details as { violations: { parameter: string }[] }).violations.map(
        (v) => v.parameter,
      ),
    ).toEqual(['installationId', 'indexType']);
  });

  it('answers 401 without a key, with an unknown key and with an ambiguous query key', async () => {
    expect((await get('/v2/meta/indexes', {})).json.errorCode).toBe('API_KEY_MISSING');
    expect((await get('/v2/meta/indexes?apikey=', {})).status).toBe(401);
    expect((await get('/v2/meta/indexes', { apikey: 'nope' })).json.errorCode).toBe(
      'API_KEY_INVALID',
    );
    expect((await get(`/v2/meta/indexes?apikey=${KEY}&apikey=other`, {})).json.errorCode).toBe(
      'API_KEY_INVALID',
    );
    expect((await get(`/v2/meta/indexes?apikey=${KEY}`, {})).status).toBe(200);
  });

  it('answers 404 for unknown paths, retired v1, unknown and removed installations, nothing in range', async () => {
    expect((await get('/v3/meta/indexes')).json.errorCode).toBe('NOT_FOUND');
    expect((await get('/v2/installations')).json.errorCode).toBe('NOT_FOUND');
    const v1 = await get('/v1/sensors/1');
    expect(v1.status).toBe(404);
    expect(v1.json.message).toContain('2019-02-28');
    expect((await get('/v2/installations/4')).json.errorCode).toBe('INSTALLATION_NOT_FOUND');
    expect((await get('/v2/installations/999')).status).toBe(404);
    expect((await get('/v2/measurements/installation?installationId=4')).status).toBe(404);
    const far = await get('/v2/measurements/nearest?lat=0&lng=0&maxDistanceKM=10');
    expect(far.status).toBe(404);
    expect(far.json.errorCode).toBe('NO_INSTALLATION_IN_RANGE');
  });

  it('answers 301 for a replaced installation with the final successor and the other parameters kept', async () => {
    const byId = await get('/v2/installations/5?apikey=q&x=1', {}, { keys: ['q'] });
    expect(byId.status).toBe(301);
    expect(byId.headers.Location).toBe('/v2/installations/3?apikey=q&x=1');
    expect(byId.json).toEqual({
      errorCode: 'INSTALLATION_REPLACED',
      message: 'The installation was replaced; query installation 3 instead',
      details: { successorId: 3 },
    });
    const measurements = await api().handle(
      coreRequest('/v2/measurements/installation/?indexType=CAQI&installationId=2', {
        headers: KEYED,
        baseUrl: 'http://h:1',
      }),
    );
    expect(measurements.headers.Location).toBe(
      'http://h:1/v2/measurements/installation?indexType=CAQI&installationId=3',
    );
    const proxied = await get('/v2/installations/2', KEYED, {
      publicBaseUrl: 'https://api.example.com/airq/',
    });
    expect(proxied.headers.Location).toBe('https://api.example.com/airq/v2/installations/3');
  });

  it('answers 405 with Allow, 406 for unacceptable types, 204 for OPTIONS without a key', async () => {
    const post = await api().handle(
      coreRequest('/v2/meta/indexes', { method: 'POST', headers: KEYED }),
    );
    expect(post.status).toBe(405);
    expect(post.headers.Allow).toBe('GET, OPTIONS');
    expect(
      (await api().handle(coreRequest('/v2/meta/indexes', { method: 'HEAD', headers: KEYED })))
        .status,
    ).toBe(405);
    for (const accept of ['text/xml', 'application/json;q=0', 'text/html, application/json;q=0']) {
      expect((await get('/v2/meta/indexes', { ...KEYED, accept })).status).toBe(406);
    }
    for (const accept of [
      '*/*',
      'application/*',
      'application/json;charset=UTF-8;q=0.9',
      'text/xml, */*;q=0.1',
    ]) {
      expect((await get('/v2/meta/indexes', { ...KEYED, accept })).status).toBe(200);
    }
    const preflight = await api().handle(
      coreRequest('/v2/meta/indexes', {
        method: 'OPTIONS',
        headers: { origin: 'http://a', 'access-control-request-method': 'GET' },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.body).toBeNull();
    expect(preflight.headers['Access-Control-Allow-Headers']).toBe(
      'apikey, Accept-Language, Accept, Content-Type, If-None-Match',
    );
  });

  it.each(['throw', 'reject', 'throw-string'] as const)(
    'answers 500 without details when the service fails (%s), and logs it',
    async (failure) => {
      const logged: { message: string; fields: Record<string, unknown> | undefined }[] = [];
      const logger = {
        info: () => {},
        error: (message: string, fields?: Record<string, unknown>) =>
          logged.push({ message, fields }),
      };
      const instance = api({ logger }, failure);
      const response = await instance.handle(
        coreRequest('/v2/installations/1', { headers: KEYED }),
      );
      expect(response.status).toBe(500);
      expect(coreJson(response)).toEqual({
        errorCode: 'INTERNAL_SERVER_ERROR',
        message: 'The server failed to answer this request.',
        details: {},
      });
      expect(new TextDecoder().decode(response.body ?? new Uint8Array())).not.toContain('secret');
      expect(logged).toHaveLength(1);
      expect(response.headers['X-RateLimit-Remaining-day']).toBe('99');
    },
  );

  it('answers 500 when the counter store or the clock fails', async () => {
    const failingStore = { increment: () => Promise.reject(new Error('redis down')) };
    expect((await get('/v2/meta/indexes', KEYED, { counterStore: failingStore })).status).toBe(500);
    expect((await get('/v2/meta/indexes', KEYED, { clock: () => Number.NaN })).status).toBe(500);
  });

  it('keeps answering when the logger throws', async () => {
    const logger = {
      info: () => {
        throw new Error('disk full');
      },
      error: () => {
        throw new Error('disk full');
      },
    };
    expect((await get('/v2/meta/indexes', KEYED, { logger })).status).toBe(200);
  });
});

describe('createApi: headers', () => {
  it('puts content type, CORS, Vary and rate headers on every keyed response, errors included', async () => {
    for (const path of ['/v2/meta/indexes', '/v2/nothing', '/v2/installations/x']) {
      const response = await get(path);
      expect(response.headers).toMatchObject({
        'Content-Type': 'application/json;charset=UTF-8',
        'Access-Control-Allow-Origin': '*',
        Vary: 'Accept-Encoding, Accept-Language',
        'X-RateLimit-Limit-day': '100',
        'X-RateLimit-Remaining-day': '99',
        'X-RateLimit-Limit-minute': '50',
        'X-RateLimit-Remaining-minute': '49',
      });
      expect(response.headers['Access-Control-Expose-Headers']).toContain(
        'X-RateLimit-Remaining-day',
      );
    }
    const unkeyed = await get('/v2/meta/indexes', {});
    expect(unkeyed.headers['Content-Type']).toBe('application/json;charset=UTF-8');
    expect(unkeyed.headers['X-RateLimit-Limit-day']).toBeUndefined();
  });

  it('gzips when asked (q-values respected), errors included', async () => {
    const gzipped = await get('/v2/installations/1', {
      ...KEYED,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(gzipped.headers['Content-Encoding']).toBe('gzip');
    expect(gzipped.json.id).toBe(1);
    const refused = await get('/v2/installations/1', {
      ...KEYED,
      'accept-encoding': 'gzip;q=0, br',
    });
    expect(refused.headers['Content-Encoding']).toBeUndefined();
    const error = await get('/v2/nothing', { ...KEYED, 'accept-encoding': '*' });
    expect(error.headers['Content-Encoding']).toBe('gzip');
    expect(error.json.errorCode).toBe('NOT_FOUND');
  });

  it('logs each request with the key redacted', async () => {
    const lines: string[] = [];
    const logger = {
      info: (m: string, f?: Record<string, unknown>) => lines.push(JSON.stringify({ m, f })),
      error: () => {},
    };
    await get(`/v2/meta/indexes?apikey=${KEY}`, {}, { logger });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('apikey=[redacted]');
    expect(lines[0]).not.toContain(KEY);
  });

  it('rejects bad options at the boundary, naming them', () => {
    const service = createFakeService();
    expect(() => createApi({ service, keys: [] })).toThrow(
      'createApi: keys must be a non-empty array',
    );
    expect(() => createApi({ service, keys: ['a b'] })).toThrow('createApi: keys[0]');
    expect(() => createApi({ service, keys: ['a', 'a'] })).toThrow('same key twice');
    expect(() => createApi({ service, keys: ['a'], dayLimit: 0 })).toThrow(
      'createApi: dayLimit must be a positive integer, got 0',
    );
    expect(() => createApi({ service, keys: [{ key: 'a', minuteLimit: 1.5 }] })).toThrow(
      'keys[0].minuteLimit',
    );
    expect(() => createApi({ service, keys: ['a'], publicBaseUrl: 'ftp://x' })).toThrow(
      'publicBaseUrl',
    );
    expect(() => createApi({ service: {} as never, keys: ['a'] })).toThrow(
      'createApi: service must be a MeasurementsService',
    );
  });
});
