import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import type { SampleNetwork } from '../../src/sample/index.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { naiveNowCast, newestFirst } from '../helpers/averaging-oracles.js';
import { rawJson, rawRequest, startTestServer, type TestServer } from '../helpers/http-client.js';
import { captureNetworkSamples } from '../helpers/store-sample-capture.js';
import { usAqiOracle } from '../helpers/us-aqi-oracle.js';

// The real service over the real sample network, behind the adapter, over a socket.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'e2e-key';
let network: SampleNetwork;
let samples: ReadonlyMap<number, readonly Sample[]>;
let server: TestServer;

beforeAll(async () => {
  ({ network, samples } = captureNetworkSamples(NOW_MS));
  const service = createMeasurementsService({ store: network.store });
  server = await startTestServer(
    createApi({ service, keys: [KEY], dayLimit: 1000, clock: () => NOW_MS }),
  );
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { headers: { apikey: KEY, ...headers } });

const HOUR_MS = 3_600_000;

/** The plain mean of one pollutant's raw samples in each of the 12 hours before `endMs`. */
function hourlyMeans(raw: readonly Sample[], name: string, endMs: number): number[] {
  const means: number[] = [];
  for (let k = 12; k >= 1; k--) {
    const inHour = raw.filter(
      (s) => s.name === name && s.atMs >= endMs - k * HOUR_MS && s.atMs < endMs - (k - 1) * HOUR_MS,
    );
    means.push(inHour.reduce((sum, s) => sum + s.value, 0) / inHour.length); // NaN: no samples
  }
  return means;
}

/** US AQI of the NowCasts of PM25 and PM10 at `endMs`, by the oracles alone. */
function nowCastAqi(raw: readonly Sample[], endMs: number) {
  const inputs: Record<string, number> = {};
  for (const name of ['PM25', 'PM10']) {
    const nowCast = naiveNowCast(newestFirst(hourlyMeans(raw, name, endMs)));
    if (nowCast !== undefined) inputs[name] = nowCast;
  }
  const { value, level, color, dominantPollutant } = usAqiOracle(inputs);
  return { value, level, color, dominantPollutant };
}

describe('adapter over the real service and sample network', () => {
  it('serves NowCast-based US AQI values in current and history (issue 10)', async () => {
    const { latitude, longitude } = network.centre;
    const [nearest] = (await (
      await get(`/v2/installations/nearest?lat=${latitude}&lng=${longitude}`)
    ).json()) as { id: number; vendor: boolean }[];
    expect(nearest?.vendor).toBe(true);
    const id = nearest!.id;
    const response = await get(
      `/v2/measurements/installation?installationId=${id}&indexType=US_AQI`,
    );
    expect(response.status).toBe(200);
    const json = await response.json();
    const raw = samples.get(id)!;
    const shown = (w: {
      indexes: {
        value: number | null;
        level: string;
        color: string;
        dominantPollutant: string | null;
      }[];
    }) => {
      const { value, level, color, dominantPollutant } = w.indexes[0]!;
      return { value, level, color, dominantPollutant };
    };
    // current: the NowCast over the 60-minute windows up to now.
    expect(json.current.indexes[0].name).toBe('US_AQI');
    expect(shown(json.current)).toEqual(nowCastAqi(raw, NOW_MS));
    // history: the NowCast over the clock hours up to each hour's end.
    const expected = json.history.map((w: { tillDateTime: string }) =>
      nowCastAqi(raw, Date.parse(w.tillDateTime)),
    );
    expect(json.history.map(shown)).toEqual(expected);
    // The smog episode and the front of the sample network make the AQI move through levels.
    const levels = new Set(expected.map((e: { level: string }) => e.level));
    expect(levels.size).toBeGreaterThanOrEqual(3);
    expect(expected.every((e: { value: number | null }) => e.value !== null)).toBe(true);
    // …and the NowCast is not the hour's own mean: hours where the two AQIs differ exist.
    const ownHour = json.history.map((w: { tillDateTime: string }) => {
      const end = Date.parse(w.tillDateTime);
      const [pm25, pm10] = ['PM25', 'PM10'].map((name) => hourlyMeans(raw, name, end)[11]!);
      return usAqiOracle({ PM25: pm25, PM10: pm10 }).value;
    });
    expect(
      ownHour.filter((value: number, i: number) => value !== expected[i].value).length,
    ).toBeGreaterThan(6);
  });

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
