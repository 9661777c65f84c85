import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { createSampleNetwork, type SampleNetwork } from '../../src/sample/index.js';
import { rawJson, rawRequest, startTestServer, type TestServer } from '../helpers/http-client.js';

// The real service over the real sample network, behind the adapter, over a socket.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'e2e-key';
let network: SampleNetwork;
let server: TestServer;

beforeAll(async () => {
  network = createSampleNetwork({ now: NOW_MS });
  const service = createMeasurementsService({ store: network.store });
  server = await startTestServer(
    createApi({ service, keys: [KEY], dayLimit: 1000, clock: () => NOW_MS }),
  );
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { headers: { apikey: KEY, ...headers } });

describe('adapter over the real service and sample network', () => {
  it('serves the point at the centre with interpolation contributors and the spec windows', async () => {
    const { latitude, longitude } = network.centre;
    const response = await get(
      `/v2/measurements/point?lat=${latitude}&lng=${longitude}&indexType=PIJP`,
    );
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json.current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
    expect(json.history).toHaveLength(24);
    expect(json.forecast).toHaveLength(24);
    expect(json.current.indexes.map((index: { name: string }) => index.name)).toEqual(['PIJP']);
    expect(json.interpolation.radiusKm).toBe(1.5);
    expect(json.interpolation.contributors.length).toBeGreaterThan(0);
  });

  it('answers a point far from every sensor with 200 and the no-data index', async () => {
    const response = await get('/v2/measurements/point?lat=0&lng=0');
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json.current.indexes[0]).toMatchObject({ value: null, level: 'UNKNOWN' });
    expect(json.interpolation.contributors).toEqual([]);
    expect((await get('/v2/measurements/nearest?lat=0&lng=0')).status).toBe(404);
  });

  it('follows a replacement chain with 301 to the final installation, keeping a query key', async () => {
    const { chainStart, chainEnd, removed } = network.ids;
    const manual = await fetch(
      `${server.origin}/v2/measurements/installation?installationId=${chainStart}&apikey=${KEY}`,
      { redirect: 'manual' },
    );
    expect(manual.status).toBe(301);
    expect((await manual.json()).details).toEqual({ successorId: chainEnd });
    const followed = await fetch(`${server.origin}/v2/installations/${chainStart}?apikey=${KEY}`);
    expect(followed.status).toBe(200);
    expect((await followed.json()).id).toBe(chainEnd);
    expect((await get(`/v2/installations/${removed}`)).status).toBe(404);
  });

  it('lists nearest installations nearest first and serves translated gzip meta', async () => {
    const { latitude, longitude } = network.centre;
    const list = await (
      await get(
        `/v2/installations/nearest?lat=${latitude}&lng=${longitude}&maxResults=5&maxDistanceKM=`,
      )
    ).json();
    expect(list.length).toBe(5);
    const answer = await rawRequest(server.port, '/v2/meta/indexes', {
      headers: { apikey: KEY, 'accept-encoding': 'gzip', 'accept-language': 'pl' },
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-language']).toBe('pl');
    const names = (rawJson(answer) as { name: string }[]).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['VENDOR_CAQI', 'CAQI', 'PIJP']));
  });

  it('sends a cached payload in pieces with the exact bytes and length of its JSON', async () => {
    const service = createMeasurementsService({ store: network.store });
    const { latitude, longitude } = network.centre;
    const [nearest] = await service.nearestInstallations(latitude, longitude);
    const id = nearest?.id ?? 0;
    const expected = await service.installationMeasurements(id, { now: NOW_MS });
    if (expected.status !== 'ok') throw new Error(`installation ${id}: ${expected.status}`);
    const text = JSON.stringify(expected.payload);
    for (let round = 0; round < 2; round++) {
      const path = `/v2/measurements/installation?installationId=${id}`;
      const plain = await rawRequest(server.port, path, { headers: { apikey: KEY } });
      expect(plain.body.toString('utf8')).toBe(text);
      expect(Number(plain.headers['content-length'])).toBe(plain.body.byteLength);
      const gzipped = await rawRequest(server.port, path, {
        headers: { apikey: KEY, 'accept-encoding': 'gzip' },
      });
      expect(JSON.stringify(rawJson(gzipped))).toBe(text);
    }
  });
});
