import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { createFetchHandler, toCoreRequestFromFetch } from '../../src/http/fetch-handler.js';
import { createFakeService } from '../helpers/http-fake-service.js';

const handler = createFetchHandler(
  createApi({
    service: createFakeService(),
    keys: ['k'],
    clock: () => Date.parse('2026-11-21T09:27:00Z'),
  }),
);
const get = (
  path: string,
  headers: Record<string, string> = { apikey: 'k' },
  init: RequestInit = {},
) => handler(new Request(`https://api.example.com${path}`, { headers, ...init }));

describe('createFetchHandler', () => {
  it('answers a route as a Web Response', async () => {
    const response = await get('/v2/installations/1/', { apikey: 'k', 'accept-language': 'pl' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(response.headers.get('content-language')).toBe('pl');
    expect(response.headers.get('x-ratelimit-remaining-day')).toBe('99');
    expect((await response.json()).id).toBe(1);
  });

  it('sends already-gzipped bytes when asked', async () => {
    const response = await get('/v2/meta/indexes', { apikey: 'k', 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const json = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
    expect(Array.isArray(json)).toBe(true);
  });

  it('builds Location from the request URL and answers OPTIONS with an empty 204', async () => {
    const moved = await get(
      '/v2/measurements/installation?installationId=2&apikey=k',
      {},
      { redirect: 'manual' },
    );
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(
      'https://api.example.com/v2/measurements/installation?installationId=3&apikey=k',
    );
    const preflight = await get(
      '/v2/meta/indexes',
      { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      { method: 'OPTIONS' },
    );
    expect(preflight.status).toBe(204);
    expect(preflight.body).toBeNull();
  });

  it('converts the request faithfully', () => {
    const core = toCoreRequestFromFetch(
      new Request('http://h:8/v2/x?a=1&b=%20', {
        headers: { ApiKey: 'K', 'Accept-Language': 'pl' },
      }),
    );
    expect(core).toEqual({
      method: 'GET',
      path: '/v2/x',
      query: 'a=1&b=%20',
      headers: { apikey: 'K', 'accept-language': 'pl' },
      baseUrl: 'http://h:8',
      readBody: expect.any(Function),
    });
  });

  it('reads a body within its limit and refuses one over it with a 413', async () => {
    const post = (body: string) =>
      toCoreRequestFromFetch(new Request('http://h/v2/airq/samples', { method: 'POST', body }));
    expect(new TextDecoder().decode(await post('[1,2]').readBody!(5))).toBe('[1,2]');
    await expect(post('[1,2,3]').readBody!(5)).rejects.toMatchObject({ status: 413 });
    const empty = toCoreRequestFromFetch(new Request('http://h/v2/x'));
    expect((await empty.readBody!(5)).byteLength).toBe(0);
  });
});
