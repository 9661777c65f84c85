// The floor listener of `npm run bench:http -- --floor` replays the adapter's answer: the same
// status, body and headers, with the rate counts of its own one counter; anything it does not
// know goes through the adapter core.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloorListener } from '../../bench/http/floor-listener.js';
import { createApi } from '../../src/http/create-api.js';
import { rawRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';

const KEY = 'floor-key';
const LIMIT = 1000;
const server = createServer(
  createFloorListener(
    createApi({ service: createFakeService(), keys: [KEY], dayLimit: LIMIT, minuteLimit: LIMIT }),
    KEY,
    LIMIT,
  ),
);
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('createFloorListener', () => {
  it('replays the first answer of a target with the counts of its own counter', async () => {
    const headers = { apikey: KEY };
    const first = await rawRequest(port, '/v2/meta/indexes', { headers });
    const second = await rawRequest(port, '/v2/meta/indexes', { headers });
    const third = await rawRequest(port, '/v2/meta/indexes', { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(third.body.equals(first.body)).toBe(true);
    expect(second.headers['content-length']).toBe(String(first.body.byteLength));
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-ratelimit-remaining-minute']).toBe(String(LIMIT - 2));
    expect(third.headers['x-ratelimit-remaining-minute']).toBe(String(LIMIT - 3));
    expect(third.headers['x-ratelimit-remaining-day']).toBe(String(LIMIT - 3));
  });

  it('keeps gzip and plain answers apart', async () => {
    const plain = await rawRequest(port, '/v2/meta/measurements', { headers: { apikey: KEY } });
    const gzip = await rawRequest(port, '/v2/meta/measurements', {
      headers: { apikey: KEY, 'accept-encoding': 'gzip' },
    });
    const gzipAgain = await rawRequest(port, '/v2/meta/measurements', {
      headers: { apikey: KEY, 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.body.equals(gzip.body)).toBe(true);
    expect(gzipAgain.body.equals(plain.body)).toBe(false);
  });

  it('sends another key through the adapter core, which refuses it', async () => {
    const refused = await rawRequest(port, '/v2/meta/indexes', { headers: { apikey: 'other' } });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({
      errorCode: 'API_KEY_INVALID',
    });
  });
});
