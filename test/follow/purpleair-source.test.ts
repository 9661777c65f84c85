import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FollowedBatch, FollowOptions } from '../../src/follow/followed-batch.js';
import { PURPLEAIR_BASE_URL } from '../../src/follow/purpleair-request.js';
import { purpleAirSource } from '../../src/follow/purpleair-source.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  type AnswerJson,
  changedFixture,
  fixture,
  type ReplayServer,
  startReplayServer,
} from './purpleair-replay-server.js';

// The PurpleAir source against a local server replaying the recorded answers of
// test/fixtures/follow/purpleair/ (bachya/aiopurpleair, see its README). The expected places
// and samples are written out by hand from those files: elevation = altitude (ft) × 0.3048,
// PM25 = mean of the two ATM channels (CF=1 for the inside sensor), HUMIDITY as sent, at
// last_seen × 1000.

const KEY = 'A1B2C3D4-TEST-KEY0-0000-123456789ABC';
const CALIFORNIA = Object.freeze({ minLat: 32, minLng: -125, maxLat: 42, maxLng: -114 });
const BAY_AREA = Object.freeze({ minLat: 37.5, minLng: -122.6, maxLat: 38, maxLng: -121.9 });
const NOW_MS = Date.UTC(2022, 10, 5, 16, 40);

const sponsor = { id: 0, name: 'PurpleAir', link: 'https://www.purpleair.com' };
const outdoor = (
  sourceId: number,
  name: string,
  latitude: number,
  longitude: number,
  elevation: number,
) => ({
  sourceId,
  installation: {
    location: { latitude, longitude },
    address: { displayAddress1: name, displayAddress2: `PurpleAir sensor ${sourceId}` },
    elevation,
    vendor: false,
    sponsor,
    correction: { method: 'AIRNOW_2021' },
  },
});
const MARINERS_BLUFF = outdoor(131075, 'Mariners Bluff', 33.51511, -117.67972, 173.4312); // 569 ft
const BRSKBV = outdoor(131079, 'BRSKBV-outside', 37.75315, -122.44364, 95.0976); // 312 ft
const BEE_PATIO = outdoor(131077, 'BEE Patio', 37.93273, -122.03972, 45.72); // 150 ft
const TEST_SENSOR = outdoor(131083, 'Test Sensor', 38.287594, -122.46281, 28.956); // 95 ft
const INDOOR = {
  sourceId: 900002,
  installation: {
    location: { latitude: 37.8044, longitude: -122.2712 },
    address: {
      displayAddress1: 'Illustrative indoor sensor',
      displayAddress2: 'PurpleAir sensor 900002',
    },
    elevation: 13.1064, // 43 ft
    vendor: false,
    sponsor,
    correction: { method: 'EPA_2022' },
  },
};
const sample = (sourceId: number, name: string, atS: number, value: number) => ({
  sourceId,
  name,
  atMs: atS * 1000,
  value,
});

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const options = (change: Partial<FollowOptions> = {}): FollowOptions => ({
  box: CALIFORNIA,
  indoor: false,
  baseUrl: server.baseUrl,
  key: KEY,
  ...change,
});
const poll = (source = purpleAirSource(options())): Promise<FollowedBatch> =>
  source.poll(fetch, AbortSignal.timeout(60_000), NOW_MS);

describe('purpleAirSource: what it asks', () => {
  it('asks GET /v1/sensors for the fields, outside sensors and the box, with the key in X-API-Key', async () => {
    server.plan({ body: fixture('get-sensors-response.json') });
    await poll();
    expect(server.requests).toHaveLength(1);
    const [{ url, key }] = server.requests as [(typeof server.requests)[0]];
    expect(url.pathname).toBe('/v1/sensors');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fields:
        'name,latitude,longitude,altitude,location_type,last_seen,humidity,pm2.5_atm_a,pm2.5_atm_b',
      location_type: '0',
      nwlng: '-125',
      nwlat: '42',
      selng: '-114',
      selat: '32',
    });
    expect(key).toBe(KEY);
    expect(url.href).not.toContain(KEY);
  });

  it('is named purpleair, polls every 10 minutes by default, and has the production base URL', () => {
    const source = purpleAirSource(options());
    expect(source.name).toBe('purpleair');
    expect(source.defaultEveryMs).toBe(600_000);
    expect(PURPLEAIR_BASE_URL).toBe('https://api.purpleair.com');
  });
});

// The batch of get-sensors-response.json in the California box.
const CALIFORNIA_BATCH = Object.freeze({
  places: [MARINERS_BLUFF, BRSKBV, BEE_PATIO, TEST_SENSOR],
  samples: [
    sample(131075, 'HUMIDITY', 1667666162, 33),
    sample(131075, 'PM25', 1667666162, 0),
    sample(131079, 'HUMIDITY', 1667666121, 58),
    sample(131079, 'PM25', 1667666121, 7.8), // (7.4 + 8.2) / 2
    sample(131083, 'PM25', 1667666098, 5.75), // (5.6 + 5.9) / 2, humidity null
  ],
  skipped: { 'no coordinates': 1, 'unreadable value': 1 },
});

describe('purpleAirSource: what a poll gives', () => {
  it('reads every sensor with coordinates in the box, and refuses disagreeing channels', async () => {
    server.plan({ body: fixture('get-sensors-response.json') });
    expect(await poll()).toEqual(CALIFORNIA_BATCH);
  });

  it("gives the same batch whatever the order of the answer's fields (property)", async () => {
    const recorded = JSON.parse(fixture('get-sensors-response.json')) as AnswerJson;
    const columns = recorded.fields.map((_, i) => i);
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(columns, { minLength: columns.length, maxLength: columns.length }),
        async (order) => {
          const body = JSON.stringify({
            ...recorded,
            fields: order.map((i) => recorded.fields[i]),
            data: recorded.data.map((row) => order.map((i) => row[i])),
          });
          // Over a socket 1,000 runs took 13 s; the answer is the same handed to the source.
          const answer: typeof fetch = () => Promise.resolve(new Response(body));
          const source = purpleAirSource(options());
          const signal = AbortSignal.timeout(60_000);
          expect(await source.poll(answer, signal, NOW_MS)).toEqual(CALIFORNIA_BATCH);
        },
      ),
      RUNS,
    );
  });

  it('leaves out the sensors outside the box, whatever the server sends', async () => {
    server.plan({ body: fixture('get-sensors-response.json') });
    const batch = await poll(purpleAirSource(options({ box: BAY_AREA })));
    expect(batch.places).toEqual([BRSKBV, BEE_PATIO]);
    expect(batch.samples).toEqual([
      sample(131079, 'HUMIDITY', 1667666121, 58),
      sample(131079, 'PM25', 1667666121, 7.8),
    ]);
    expect(batch.skipped).toEqual({
      'outside the box': 2,
      'no coordinates': 1,
      'unreadable value': 1,
    });
  });

  it('with indoor, asks without location_type and for the CF=1 channels, and reads inside sensors with EPA_2022', async () => {
    server.plan({ body: fixture('get-sensors-indoor-response.json') });
    const batch = await poll(purpleAirSource(options({ box: BAY_AREA, indoor: true })));
    const { searchParams } = server.requests[0]!.url;
    expect(searchParams.has('location_type')).toBe(false);
    expect(searchParams.get('fields')).toBe(
      'name,latitude,longitude,altitude,location_type,last_seen,humidity,pm2.5_atm_a,pm2.5_atm_b,pm2.5_cf_1_a,pm2.5_cf_1_b',
    );
    expect(batch.places).toEqual([BRSKBV, BEE_PATIO, INDOOR]);
    expect(batch.samples).toEqual([
      sample(131079, 'HUMIDITY', 1667666121, 58),
      sample(131079, 'PM25', 1667666121, 7.8), // outside: still the ATM channels
      sample(900002, 'HUMIDITY', 1667666170, 36),
      sample(900002, 'PM25', 1667666170, 2.2), // inside: (2.3 + 2.1) / 2 of CF=1
    ]);
  });

  it('without indoor, skips an inside sensor that a server sends anyway', async () => {
    server.plan({ body: fixture('get-sensors-indoor-response.json') });
    const batch = await poll(purpleAirSource(options({ box: BAY_AREA })));
    expect(batch.places).toEqual([BRSKBV, BEE_PATIO]);
    expect(batch.skipped).toEqual({
      indoor: 1,
      'outside the box': 2,
      'no coordinates': 1,
      'unreadable value': 1,
    });
  });

  it('gives an empty batch when no sensor reported since modified_since', async () => {
    server.plan({ body: changedFixture('get-sensors-response.json', (json) => (json.data = [])) });
    expect(await poll()).toEqual({ places: [], samples: [], skipped: {} });
  });
});

describe('purpleAirSource: modified_since', () => {
  it('is the data_time_stamp of the last poll that resolved, and a failed poll leaves it', async () => {
    const source = purpleAirSource(options());
    const later = changedFixture('get-sensors-response.json', (json) => {
      json.data_time_stamp = 1667666781;
    });
    server.plan(
      { body: fixture('get-sensors-response.json') },
      { status: 500, body: 'Internal Server Error' },
      { body: fixture('get-sensors-response.json').slice(0, 200) }, // malformed: cut JSON
      { body: later },
      { body: later },
    );
    await poll(source);
    await expect(poll(source)).rejects.toThrow('PurpleAir answered 500');
    await expect(poll(source)).rejects.toThrow('not JSON');
    await poll(source);
    await poll(source);
    expect(server.requests.map(({ url }) => url.searchParams.get('modified_since'))).toEqual([
      null,
      '1667666181',
      '1667666181',
      '1667666181',
      '1667666781',
    ]);
  });

  it('is kept per source: a new source starts without it', async () => {
    server.plan({ body: fixture('get-sensors-response.json') });
    server.plan({ body: fixture('get-sensors-response.json') });
    await poll();
    await poll();
    expect(server.requests.every(({ url }) => !url.searchParams.has('modified_since'))).toBe(true);
  });
});

describe('purpleAirSource: a box across the antimeridian', () => {
  const ACROSS = Object.freeze({ minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 });
  // The recorded rows moved to the Pacific: 131075 east of 180°, 131079 west of it.
  const moved = (index: number, longitude: number, dataTimeStampS: number) =>
    changedFixture('get-sensors-response.json', (json) => {
      json.data_time_stamp = dataTimeStampS;
      json.data = [
        json.data[index]!.map((value, i) => (i === 2 ? -15 : i === 3 ? longitude : value)),
      ];
    });

  it('asks for both sides, reads both answers into one batch, and takes the earlier data_time_stamp', async () => {
    const source = purpleAirSource(options({ box: ACROSS }));
    server.plan({ body: moved(0, 179.5, 1667666181) }, { body: moved(1, -179.5, 1667666170) });
    const batch = await poll(source);
    const boxes = server.requests.map(({ url }) =>
      ['nwlng', 'nwlat', 'selng', 'selat'].map((name) => url.searchParams.get(name)).join(' '),
    );
    expect(boxes).toEqual(['170 -10 180 -20', '-180 -10 -170 -20']);
    expect(batch.places.map((place) => place.sourceId)).toEqual([131075, 131079]);
    expect(batch.places[1]!.installation.location).toEqual({ latitude: -15, longitude: -179.5 });
    expect(batch.samples).toHaveLength(4);

    server.plan({ body: moved(0, 179.5, 1667666300) }, { body: moved(1, -179.5, 1667666300) });
    await poll(source);
    expect(
      server.requests.slice(2).map(({ url }) => url.searchParams.get('modified_since')),
    ).toEqual(['1667666170', '1667666170']);
  });

  it('counts a sensor on 180° that both answers send once', async () => {
    const onMeridian = moved(0, 180, 1667666181);
    server.plan({ body: onMeridian }, { body: onMeridian });
    const batch = await poll(purpleAirSource(options({ box: ACROSS })));
    expect(batch.places.map((place) => place.sourceId)).toEqual([131075]);
    expect(batch.samples).toHaveLength(2);
    expect(batch.skipped).toEqual({ repeated: 1 });
  });

  it('drops the whole poll when the second side fails, and keeps modified_since', async () => {
    const source = purpleAirSource(options({ box: ACROSS }));
    server.plan({ body: moved(0, 179.5, 1667666181) }, { status: 503, body: '' });
    await expect(poll(source)).rejects.toThrow('PurpleAir answered 503');
    server.plan({ body: moved(0, 179.5, 1667666181) }, { body: moved(1, -179.5, 1667666181) });
    await poll(source);
    expect(server.requests.map(({ url }) => url.searchParams.has('modified_since'))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
