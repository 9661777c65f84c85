import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { get, KEY, KEYED } from '../helpers/http-fake-api.js';
import { createFakeService } from '../helpers/http-fake-service.js';

// The headers createApi puts on every answer (content type, CORS, Vary, rate limits, gzip), the
// request log with the key redacted, and its options checked at the boundary.

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
