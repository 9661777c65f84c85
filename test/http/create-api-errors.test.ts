import { describe, expect, it } from 'vitest';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { api, get, KEY, KEYED } from '../helpers/http-fake-api.js';

// createApi's error answers over the fake service: 400 with every violation, 401, 404, 301 to
// the successor, 405, 406, the 204 preflight, and 500 when the service, the counter store, the
// clock or the logger fails.

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
      'apikey, Accept-Language, Accept, Content-Type, If-None-Match, Authorization, Content-Encoding',
    );
    expect(preflight.headers['Access-Control-Allow-Methods']).toBe('GET, POST, OPTIONS');
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
