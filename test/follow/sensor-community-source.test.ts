// sensorCommunitySource against a local node:http server replaying a real cut of data.json
// (test/fixtures/follow/sensor-community/README.md: earthobservations/luftdatenpumpe,
// doc/models/ldi/upstream.json, 2019), polled with a fetch of the test's own, so on the calling
// thread (sensor-community-thread.test.ts holds the reading thread to the same outcomes). The
// expected places and samples are written out by hand from that file.
import { afterEach, describe, expect, it } from 'vitest';
import { type FollowOptions, PollFailure } from '../../src/follow/followed-batch.js';
import {
  SENSOR_COMMUNITY_BASE_URL,
  SENSOR_COMMUNITY_EVERY_MS,
  sensorCommunitySource,
} from '../../src/follow/sensor-community-source.js';
import {
  CAN_COUNT_THREADS,
  lowPriorityThreads,
  lowPriorityThreadsBecome,
} from './reading-threads.js';
import { oracleInstallation } from './sensor-community-oracle.js';
import {
  RECORDED_DATA_JSON as FIXTURE,
  GERMANY,
  RECORDED_NOW_MS as NOW_MS,
  type ReplayServer,
  startReplayServer,
} from './sensor-community-server.js';

/** Epoch ms of a time of 2019-04-25, UTC. */
const at = (hh: number, mm: number, ss: number) => Date.UTC(2019, 3, 25, hh, mm, ss);

// Location 1071 (Berlin): an SDS011 and a DHT22, each read twice; location 28 (Stuttgart): a
// DHT22 once. Read off the fixture element by element, in its order.
const BERLIN = {
  sourceId: 1071,
  installation: oracleInstallation(1071, 52.544, 13.374, 'DE', 38.7),
};
const STUTTGART = {
  sourceId: 28,
  installation: oracleInstallation(28, 48.778, 9.236, 'DE', 223.7),
};
const BERLIN_SAMPLES = [
  { sourceId: 1071, name: 'PM10', atMs: at(1, 51, 12), value: 19.13 },
  { sourceId: 1071, name: 'PM25', atMs: at(1, 51, 12), value: 16.23 },
  { sourceId: 1071, name: 'HUMIDITY', atMs: at(1, 51, 13), value: 76.7 },
  { sourceId: 1071, name: 'TEMPERATURE', atMs: at(1, 51, 13), value: 18.8 },
];
const STUTTGART_SAMPLES = [
  { sourceId: 28, name: 'HUMIDITY', atMs: at(1, 52, 18), value: 68.4 },
  { sourceId: 28, name: 'TEMPERATURE', atMs: at(1, 52, 18), value: 10.6 },
];
const BERLIN_LATER = [
  { sourceId: 1071, name: 'PM10', atMs: at(1, 53, 40), value: 18.4 },
  { sourceId: 1071, name: 'PM25', atMs: at(1, 53, 40), value: 16.8 },
  { sourceId: 1071, name: 'HUMIDITY', atMs: at(1, 53, 41), value: 76.9 },
  { sourceId: 1071, name: 'TEMPERATURE', atMs: at(1, 53, 41), value: 18.7 },
];

// Any fetch but the global one reads on the calling thread.
const callerFetch: typeof fetch = (input, init) => fetch(input, init);

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves `body` (200, JSON) at every path. */
async function serving(body: string | Uint8Array): Promise<ReplayServer> {
  server = await startReplayServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  return server;
}

async function poll(base: string, options: Partial<FollowOptions> = {}) {
  const source = sensorCommunitySource({ box: GERMANY, indoor: false, baseUrl: base, ...options });
  return source.poll(callerFetch, new AbortController().signal, NOW_MS);
}

/** The fields of a fixture element the tests change. */
interface FixtureElement {
  timestamp: string;
  location: { id: number; [field: string]: unknown };
}

/** The fixture with `change` applied to its parsed elements. */
function fixtureWith(change: (elements: FixtureElement[]) => void): string {
  const elements = JSON.parse(FIXTURE.toString('utf8')) as FixtureElement[];
  change(elements);
  return JSON.stringify(elements, null, 2);
}

describe('sensorCommunitySource on the 2019 cut of data.json', () => {
  it('gives one place per location and every sample at its UTC timestamp', async () => {
    const { baseUrl, paths } = await serving(FIXTURE);
    const source = sensorCommunitySource({ box: GERMANY, indoor: false, baseUrl });
    expect(source.name).toBe('sensor-community');
    expect(source.defaultEveryMs).toBe(60_000);
    const batch = await source.poll(callerFetch, new AbortController().signal, NOW_MS);
    expect(paths).toEqual(['/static/v1/data.json']);
    // The samples location by location, in the order of the places (Berlin's later reading
    // comes after Stuttgart's in the file).
    expect(batch).toEqual({
      places: [BERLIN, STUTTGART],
      samples: [...BERLIN_SAMPLES, ...BERLIN_LATER, ...STUTTGART_SAMPLES],
      skipped: {},
    });
  });

  it('polled with the global fetch, reads on a thread of its own until closed', async () => {
    const { baseUrl } = await serving(FIXTURE);
    const source = sensorCommunitySource({ box: GERMANY, indoor: false, baseUrl });
    const before = CAN_COUNT_THREADS ? lowPriorityThreads() : 0;
    try {
      expect(await source.poll(fetch, new AbortController().signal, NOW_MS)).toEqual({
        places: [BERLIN, STUTTGART],
        samples: [...BERLIN_SAMPLES, ...BERLIN_LATER, ...STUTTGART_SAMPLES],
        skipped: {},
      });
      if (CAN_COUNT_THREADS) expect(lowPriorityThreads()).toBe(before + 1);
    } finally {
      await source.close?.();
    }
    if (CAN_COUNT_THREADS) expect(await lowPriorityThreadsBecome(before)).toBe(before);
  });

  it('asks the same path of a base URL given with trailing slashes', async () => {
    const { baseUrl, paths } = await serving(FIXTURE);
    const source = sensorCommunitySource({ box: GERMANY, indoor: false, baseUrl: `${baseUrl}//` });
    const batch = await source.poll(callerFetch, new AbortController().signal, NOW_MS);
    expect(paths).toEqual(['/static/v1/data.json']);
    expect(batch.places).toEqual([BERLIN, STUTTGART]);
  });

  it('keeps only the elements inside the box', async () => {
    const { baseUrl } = await serving(FIXTURE);
    const berlin = await poll(baseUrl, { box: { minLat: 52, minLng: 13, maxLat: 53, maxLng: 14 } });
    expect(berlin).toEqual({
      places: [BERLIN],
      samples: [...BERLIN_SAMPLES, ...BERLIN_LATER],
      skipped: { 'outside the box': 1 },
    });
    // Edges are inside: a box that ends at Stuttgart's coordinates exactly.
    const edge = await poll(baseUrl, {
      box: { minLat: 48, minLng: 9, maxLat: 48.778, maxLng: 9.236 },
    });
    expect(edge).toEqual({
      places: [STUTTGART],
      samples: STUTTGART_SAMPLES,
      skipped: { 'outside the box': 4 },
    });
  });

  it('reads a box across the antimeridian (minLng > maxLng) the long way round', async () => {
    const { baseUrl } = await serving(FIXTURE);
    // From 9°E east to 180° and on to 170°W: both cities.
    const both = await poll(baseUrl, { box: { minLat: 48, minLng: 9, maxLat: 53, maxLng: -170 } });
    expect(both.places).toEqual([BERLIN, STUTTGART]);
    // From 10°E: Stuttgart (9.236°E) is west of it and east of 170°W, so outside.
    const berlin = await poll(baseUrl, {
      box: { minLat: 48, minLng: 10, maxLat: 53, maxLng: -170 },
    });
    expect(berlin.places).toEqual([BERLIN]);
    expect(berlin.skipped).toEqual({ 'outside the box': 1 });
    // Around Fiji: nothing of Germany.
    const fiji = await poll(baseUrl, {
      box: { minLat: -20, minLng: 175, maxLat: -15, maxLng: -178 },
    });
    expect(fiji).toEqual({ places: [], samples: [], skipped: { 'outside the box': 5 } });
  });

  it('skips indoor locations unless indoor places are read', async () => {
    const body = fixtureWith((elements) => {
      for (const element of elements) element.location.indoor = element.location.id === 28 ? 1 : 0;
    });
    const { baseUrl } = await serving(body);
    expect(await poll(baseUrl)).toEqual({
      places: [BERLIN],
      samples: [...BERLIN_SAMPLES, ...BERLIN_LATER],
      skipped: { indoor: 1 },
    });
    expect(await poll(baseUrl, { indoor: true })).toEqual({
      places: [BERLIN, STUTTGART],
      samples: [...BERLIN_SAMPLES, ...BERLIN_LATER, ...STUTTGART_SAMPLES],
      skipped: {},
    });
  });

  it('places a location where its latest element says, with all of its samples', async () => {
    const moved = { ...BERLIN, installation: oracleInstallation(1071, 52.6, 13.4, 'DE', 41) };
    // The DHT22's last reading (01:53:41) comes from new coordinates; listed first in the file,
    // it is still the latest by timestamp.
    const body = fixtureWith((elements) => {
      const last = elements.pop()!;
      last.location = { ...last.location, latitude: '52.600', longitude: '13.4', altitude: '41' };
      elements.unshift(last);
    });
    const { baseUrl } = await serving(body);
    const batch = await poll(baseUrl);
    expect(batch.places).toEqual([moved, STUTTGART]);
    expect(batch.samples).toHaveLength(10);
    expect(batch.samples.filter((s) => s.sourceId === 1071)).toHaveLength(8);
  });

  it('takes the later element in the file when two of a location share the latest timestamp', async () => {
    const body = fixtureWith((elements) => {
      // The DHT22's last reading at the SDS011's last instant, from elsewhere, after it.
      const last = elements.at(-1)!;
      last.timestamp = '2019-04-25 01:53:40';
      last.location = { ...last.location, latitude: '52.6', longitude: '13.4' };
    });
    const { baseUrl } = await serving(body);
    const batch = await poll(baseUrl);
    expect(batch.places[0]).toEqual({
      ...BERLIN,
      installation: oracleInstallation(1071, 52.6, 13.4, 'DE', 38.7),
    });
  });

  it('reads the 2017 timestamps with a T, and no altitude or country as the importer does', async () => {
    const body = fixtureWith((elements) => {
      elements.splice(1);
      elements[0]!.timestamp = '2017-03-30T19:24:02';
      elements[0]!.location.altitude = '';
      delete elements[0]!.location.country;
    });
    const { baseUrl } = await serving(body);
    expect(await poll(baseUrl)).toEqual({
      places: [
        { sourceId: 1071, installation: oracleInstallation(1071, 52.544, 13.374, undefined, 0) },
      ],
      samples: [
        { sourceId: 1071, name: 'PM10', atMs: Date.UTC(2017, 2, 30, 19, 24, 2), value: 19.13 },
        { sourceId: 1071, name: 'PM25', atMs: Date.UTC(2017, 2, 30, 19, 24, 2), value: 16.23 },
      ],
      skipped: {},
    });
  });

  it('counts what it leaves out by reason, and converts Pa to hPa', async () => {
    const element = (
      location: object,
      values: [string, unknown][],
      timestamp: unknown = '2019-04-25 01:51:12',
    ) => ({
      timestamp,
      location: { id: 7, latitude: '50.06', longitude: '19.94', altitude: '219', ...location },
      sensordatavalues: values.map(([value_type, value]) => ({ value_type, value })),
    });
    const body = JSON.stringify([
      42,
      { timestamp: '2019-04-25 01:51:12' },
      element({ id: 'x' }, [['P1', '1']]),
      element({ id: 0 }, [['P1', '1']]),
      element({ latitude: '' }, [['P1', '1']]),
      element({ longitude: null }, [['P1', '1']]),
      element({ latitude: '91' }, [['P1', '1']]),
      element({ longitude: '-19.94' }, [['P1', '1']]),
      element({ indoor: 1 }, [['P1', '1']]),
      element({}, [['P1', '1']], 'soon'),
      element({}, [['P1', '1']], 1556157072),
      element({}, [
        ['pressure', '98765.43'],
        ['P1', 'nan'],
        ['P2', ''],
        ['humidity', '104.2'],
        ['temperature', '-128'],
        ['noise_LAeq', '54.1'],
        ['P4', '3'],
        ['SDS_P1', '5'], // the feed's value types are unprefixed; the prefixed ones are no types of it
        ['P0', '4.25'],
      ]),
      element({ id: 8 }, [['samples', '3']]),
    ]);
    const { baseUrl } = await serving(body);
    const batch = await poll(baseUrl, { box: { minLat: 50, minLng: 19, maxLat: 51, maxLng: 21 } });
    expect(batch).toEqual({
      places: [{ sourceId: 7, installation: oracleInstallation(7, 50.06, 19.94, undefined, 219) }],
      samples: [
        { sourceId: 7, name: 'PRESSURE', atMs: at(1, 51, 12), value: 987.6543 },
        { sourceId: 7, name: 'PM1', atMs: at(1, 51, 12), value: 4.25 },
      ],
      skipped: {
        'not a measurement': 2,
        'no location id': 2,
        'no coordinates': 3,
        'outside the box': 1,
        indoor: 1,
        'unreadable timestamp': 2,
        'unreadable value': 4,
        'ignored type': 4,
      },
    });
  });

  it('reads an empty file as an empty batch', async () => {
    const { baseUrl } = await serving(' [ ]\n');
    expect(await poll(baseUrl)).toEqual({ places: [], samples: [], skipped: {} });
  });
});

describe('sensorCommunitySource failures: the poll is dropped whole', () => {
  async function failure(promise: Promise<unknown>): Promise<PollFailure> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PollFailure);
    return error as PollFailure;
  }

  it('500 with Retry-After in seconds', async () => {
    server = await startReplayServer((_request, response) => {
      response.writeHead(500, { 'retry-after': '120' });
      response.end('oops');
    });
    const error = await failure(poll(server.baseUrl));
    expect(error.message).toBe('Sensor.Community answered 500 Internal Server Error');
    expect(error.retryAfterMs).toBe(120_000);
  });

  it('429 with Retry-After as an HTTP date, counted from the data clock', async () => {
    server = await startReplayServer((_request, response) => {
      response.writeHead(429, { 'retry-after': new Date(NOW_MS + 90_000).toUTCString() });
      response.end();
    });
    const error = await failure(poll(server.baseUrl));
    expect(error.message).toBe('Sensor.Community answered 429 Too Many Requests');
    expect(error.retryAfterMs).toBe(90_000);
  });

  it('a connection closed in the middle of the body', async () => {
    server = await startReplayServer((_request, response) => {
      response.writeHead(200, { 'content-length': String(FIXTURE.byteLength) });
      response.write(FIXTURE.subarray(0, 2000), () => response.destroy());
    });
    const error = await failure(poll(server.baseUrl));
    expect(error.message).toMatch(/^Sensor\.Community: the answer could not be read whole/);
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('a body that ends before the array closes', async () => {
    const { baseUrl } = await serving(FIXTURE.subarray(0, FIXTURE.byteLength - 3));
    const error = await failure(poll(baseUrl));
    expect(error.message).toBe(
      'Sensor.Community: the answer is not a JSON array (the array ends before its closing ])',
    );
  });

  it('an element that is not JSON, even after good ones', async () => {
    const text = FIXTURE.toString('utf8');
    const last = text.lastIndexOf('"value": "18.70"');
    const { baseUrl } = await serving(
      `${text.slice(0, last)}"value": 18.70.1${text.slice(last + 16)}`,
    );
    const error = await failure(poll(baseUrl));
    expect(error.message).toMatch(/^Sensor\.Community: element 5 is not JSON \(/);
  });

  it('a body that is not an array, or not UTF-8', async () => {
    let body: string | Uint8Array = '{"detail": "Not found."}';
    server = await startReplayServer((_request, response) => {
      response.writeHead(200);
      response.end(body);
    });
    const error = await failure(poll(server.baseUrl));
    expect(error.message).toBe(
      'Sensor.Community: the answer is not a JSON array (expected [ at the start, got "{")',
    );
    body = Uint8Array.from([0x5b, 0x22, 0xff, 0x22, 0x5d]);
    expect((await failure(poll(server.baseUrl))).message).toMatch(
      /^Sensor\.Community: the answer is not UTF-8 text \(/,
    );
    body = '[1] [2]';
    expect((await failure(poll(server.baseUrl))).message).toBe(
      'Sensor.Community: the answer is not a JSON array (expected nothing after the array, got "[")',
    );
  });

  it('a server that cannot be reached', async () => {
    const closed = await startReplayServer(() => undefined);
    await closed.close();
    const error = await failure(poll(closed.baseUrl));
    expect(error.message).toMatch(/^Sensor\.Community could not be reached \(/);
  });

  it('an aborted poll', async () => {
    const { baseUrl } = await serving(FIXTURE);
    const source = sensorCommunitySource({ box: GERMANY, indoor: false, baseUrl });
    const error = await failure(source.poll(callerFetch, AbortSignal.abort(), NOW_MS));
    expect(error.message).toMatch(/^Sensor\.Community could not be reached/);
  });
});

describe('sensorCommunitySource options', () => {
  const good: FollowOptions = { box: GERMANY, indoor: false, baseUrl: SENSOR_COMMUNITY_BASE_URL };

  it('production defaults', () => {
    expect(SENSOR_COMMUNITY_BASE_URL).toBe('https://data.sensor.community');
    expect(SENSOR_COMMUNITY_EVERY_MS).toBe(60_000);
  });

  it('names the option and the value of a misuse', () => {
    const make = (options: unknown) => () => sensorCommunitySource(options as FollowOptions);
    expect(make(null)).toThrow(
      new TypeError('sensorCommunitySource: options must be an object, got null'),
    );
    expect(make({ ...good, box: { ...GERMANY, minLat: 60 } })).toThrow(
      new RangeError('sensorCommunitySource: box.minLat must be at most box.maxLat (56), got 60'),
    );
    expect(make({ ...good, indoor: 'no' })).toThrow(
      new TypeError('sensorCommunitySource: options.indoor must be a boolean, got "no"'),
    );
    expect(make({ ...good, baseUrl: '' })).toThrow(
      new TypeError(
        'sensorCommunitySource: options.baseUrl must be an http(s) URL without credentials, query or fragment, got ""',
      ),
    );
    expect(make({ ...good, baseUrl: 'data.sensor.community' })).toThrow(
      new TypeError(
        'sensorCommunitySource: options.baseUrl must be an http(s) URL without credentials, query or fragment, got "data.sensor.community"',
      ),
    );
    expect(make({ ...good, baseUrl: 'https://data.sensor.community/?x=1' })).toThrow(
      /options\.baseUrl must be an http\(s\) URL without credentials, query or fragment/,
    );
    // A URL with credentials is refused without showing them.
    const secret = 'https://user:s3cret@data.sensor.community';
    expect(make({ ...good, baseUrl: secret })).toThrow('(a text with @, not shown)');
    expect(make({ ...good, baseUrl: secret })).not.toThrow(/s3cret/);
  });
});
