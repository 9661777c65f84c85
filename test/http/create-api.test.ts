import { describe, expect, it } from 'vitest';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { api, get, KEYED } from '../helpers/http-fake-api.js';
import { REFERENCE_ALL_INDEX_TYPE_NAMES } from '../helpers/index-reference-tables.js';

// createApi's routes over the fake service: installations, measurements and the meta lists,
// with their parameters as clients send them. Its error answers and headers have files of their
// own (create-api-errors.test.ts, create-api-headers.test.ts).

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

  it('accepts the sixteen index types on every measurement route, spelled exactly', async () => {
    // The spec's three, the six national indexes of issue 10 and the seven of issue 33.
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
