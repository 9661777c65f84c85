import { afterEach, describe, expect, it } from 'vitest';
import { PollFailure } from '../../src/follow/followed-batch.js';
import { OPENAQ_BASE_URL, openAqSource } from '../../src/follow/openaq-source.js';
import { openAqSample } from '../../src/import/openaq-json.js';
import { ppbToUgm3Oracle } from '../helpers/import-oracles.js';
import {
  fixtureText,
  json,
  KEY,
  type Reply,
  type Router,
  startStandIn,
  syntheticLatest,
  syntheticLocation,
} from './openaq-server.js';

// The recorded answers (test/fixtures/follow/openaq/README.md) replayed by a local server:
// Albuquerque's "Del Norte" (location 2178) and its latest values, an hour stamped 17:00 UTC
// on 2025-11-26 (OpenAQ stamps an hour at its end). The clock is twenty minutes later.
const NOW = Date.UTC(2025, 10, 26, 17, 20);
const HOUR_17 = Date.UTC(2025, 10, 26, 17);
const BOX = { minLat: 35, minLng: -107, maxLat: 35.3, maxLng: -106.3 };
const LOCATIONS_PATH = '/v3/locations?bbox=-107,35,-106.3,35.3&limit=1000&page=1';
const LATEST_PATH = '/v3/locations/2178/latest';

const recorded = (name: string): Reply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: fixtureText(name),
});

/** The recorded answers, with `latest` replaced when a test injects a failure. */
const fixtureRouter =
  (latest: () => Reply = () => recorded('latest.json')): Router =>
  (url) => {
    if (url.pathname === '/v3/locations') return recorded('locations.json');
    if (url.pathname === LATEST_PATH) return latest();
    return { status: 404, body: '{"detail":"Not Found"}' };
  };

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function standIn(router: Router) {
  const server = await startStandIn(router);
  stops.push(server.close);
  const source = openAqSource({ box: BOX, indoor: false, baseUrl: server.baseUrl, key: KEY });
  const poll = (nowMs = NOW) => source.poll(fetch, AbortSignal.timeout(60_000), nowMs);
  return { server, source, poll };
}

async function failure(promise: Promise<unknown>): Promise<PollFailure> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PollFailure);
  return error as PollFailure;
}

// Written out from the fixtures by hand: the location's own fields, and each value of
// latest.json through its sensor's parameter and units in locations.json. Gases in ppm become
// µg/m³ at 25 °C: ppb × M / 24.45 (the test oracle's molar masses).
const DEL_NORTE = {
  sourceId: 2178,
  installation: {
    location: { latitude: 35.1353, longitude: -106.584702 },
    address: {
      country: 'United States of America',
      city: 'Albuquerque',
      displayAddress1: 'Del Norte',
    },
    elevation: 0,
    vendor: false,
    sponsor: { id: 119, name: 'AirNow', link: 'https://openaq.org' },
  },
};
const gas = (name: string, ppm: number) => expect.closeTo(ppbToUgm3Oracle(name, ppm * 1000), 9);
const DEL_NORTE_SAMPLES = [
  { sourceId: 2178, name: 'NO2', atMs: HOUR_17, value: gas('NO2', 0.013) }, // sensor 3916, ≈ 24.461
  { sourceId: 2178, name: 'SO2', atMs: HOUR_17, value: gas('SO2', 0.0003) }, // 3918, ≈ 0.786
  { sourceId: 2178, name: 'PM25', atMs: HOUR_17, value: 3.6 }, // 3920, µg/m³ as is
  { sourceId: 2178, name: 'O3', atMs: HOUR_17, value: gas('O3', 0.023) }, // 3917, ≈ 45.152
  { sourceId: 2178, name: 'PM10', atMs: HOUR_17, value: 10 }, // 3919
  { sourceId: 2178, name: 'CO', atMs: HOUR_17, value: gas('CO', 0.1) }, // 25227, ≈ 114.560
];
// 4272103 is NOx (no airq type); 4272226 is NO in ppm, which the importer refuses (NO has no
// molar mass in the reference table).
const DEL_NORTE_SKIPPED = { 'parameter airq does not read': 1, 'refused value': 1 };

describe('openAqSource, on the recorded answers', () => {
  it('places the location as the importer describes it and reads its latest values', async () => {
    const { server, source, poll } = await standIn(fixtureRouter());
    expect(source.name).toBe('openaq');
    expect(source.defaultEveryMs).toBe(600_000);
    expect(await poll()).toEqual({
      places: [DEL_NORTE],
      samples: DEL_NORTE_SAMPLES,
      skipped: DEL_NORTE_SKIPPED,
    });
    expect(server.requests).toEqual([LOCATIONS_PATH, LATEST_PATH]);
    // The oracle's figures, by hand: 13 ppb × 46.0055 / 24.45 and 100 ppb × 28.010 / 24.45.
    expect(ppbToUgm3Oracle('NO2', 13)).toBeCloseTo(24.461002045, 9);
    expect(ppbToUgm3Oracle('CO', 100)).toBeCloseTo(114.560327198, 9);
  });

  it('stamps a latest value at the hour the importer gives the same hour of a measurements page', async () => {
    const { poll } = await standIn(fixtureRouter());
    const pm25 = (await poll()).samples.find((sample) => sample.name === 'PM25');
    // The same hour as GET /v3/sensors/3920/measurements would give it (time-ending: 16–17 h).
    const measurement = {
      value: 3.6,
      parameter: { id: 2, name: 'pm25', units: 'µg/m³' },
      period: {
        datetimeFrom: { utc: '2025-11-26T16:00:00Z' },
        datetimeTo: { utc: '2025-11-26T17:00:00Z' },
      },
    };
    expect(openAqSample(measurement, 2178, 'pm25')).toEqual({
      installationId: 2178,
      name: pm25?.name,
      atMs: pm25?.atMs,
      value: pm25?.value,
    });
    expect(pm25?.atMs).toBe(HOUR_17);
  });

  it('keeps the list of locations for an hour and reads it again after', async () => {
    const { server, poll } = await standIn(fixtureRouter());
    await poll();
    await poll(NOW + 10 * 60_000);
    await poll(NOW + 59 * 60_000);
    expect(server.requests).toEqual([LOCATIONS_PATH, ...Array(3).fill(LATEST_PATH)]);
    const later = await poll(NOW + 60 * 60_000);
    expect(later.places).toEqual([DEL_NORTE]);
    expect(server.requests.slice(4)).toEqual([LOCATIONS_PATH, LATEST_PATH]);
    await poll(NOW); // a clock set back reads the list again too
    expect(server.requests.slice(6)).toEqual([LOCATIONS_PATH, LATEST_PATH]);
  });

  it('refuses a missing or malformed key with a TypeError that never shows it', () => {
    const options = { box: BOX, indoor: false, baseUrl: OPENAQ_BASE_URL };
    expect(() => openAqSource(options)).toThrow(
      new TypeError(
        'openAqSource: options.key must be an OpenAQ API key (set AIRQ_OPENAQ_KEY), visible ASCII without spaces, got undefined',
      ),
    );
    expect(() => openAqSource({ ...options, key: '' })).toThrow(/options\.key .*, got ""$/);
    let message = '';
    try {
      openAqSource({ ...options, key: 'secret key with spaces' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /^openAqSource: options\.key must be .*, got "\(a string, not shown\)"$/,
    );
    expect(message).not.toContain('secret');
    expect(() => openAqSource({ ...options, key: KEY, baseUrl: 'api.openaq.org' })).toThrow(
      /openAqSource: options\.baseUrl must be an http\(s\) URL without credentials, query or fragment/,
    );
    expect(() => openAqSource({ ...options, key: KEY, box: { ...BOX, minLat: 91 } })).toThrow(
      RangeError,
    );
  });
});

describe('openAqSource, when a request fails, drops the poll whole', () => {
  it('takes the wait of a 429 from Retry-After, or else from the rate-limit reset', async () => {
    let reply: Reply = { status: 429, headers: { 'retry-after': '30' }, body: '{}' };
    const { poll } = await standIn(fixtureRouter(() => reply));
    let dropped = await failure(poll());
    expect(dropped.message).toBe('OpenAQ answered 429 Too Many Requests');
    expect(dropped.retryAfterMs).toBe(30_000);
    reply = { status: 429, headers: { 'x-ratelimit-reset': '42' }, body: '{}' };
    dropped = await failure(poll());
    expect(dropped.retryAfterMs).toBe(42_000);
  });

  it('drops a poll on a 5xx, with no wait of its own (the follower backs off)', async () => {
    const reply: Reply = { status: 503, headers: { 'x-ratelimit-reset': '42' }, body: 'down' };
    const { poll } = await standIn(fixtureRouter(() => reply));
    const dropped = await failure(poll());
    expect(dropped.message).toBe('OpenAQ answered 503 Service Unavailable');
    expect(dropped.retryAfterMs).toBeUndefined();
  });

  it.each([
    ['cut short', { ...recorded('latest.json'), truncate: true }, /could not be read whole/],
    ['not JSON', { status: 200, body: '{"results": [' }, /answer is not JSON/],
    ['not a page', { status: 200, body: '{"meta": {}}' }, /latest answer has no "results" array/],
  ])(
    'returns nothing of a poll whose latest answer is %s, and the next poll is whole',
    async (_, bad, message) => {
      let reply: Reply = bad;
      const { server, poll } = await standIn(fixtureRouter(() => reply));
      expect((await failure(poll())).message).toMatch(message);
      reply = recorded('latest.json');
      expect((await poll()).samples).toEqual(DEL_NORTE_SAMPLES);
      // The list read by the dropped poll was not kept: the good poll read it again.
      expect(server.requests).toEqual([LOCATIONS_PATH, LATEST_PATH, LOCATIONS_PATH, LATEST_PATH]);
    },
  );

  it('drops a poll whose locations page is cut short', async () => {
    const { poll } = await standIn((url) =>
      url.pathname === '/v3/locations'
        ? { ...recorded('locations.json'), truncate: true }
        : recorded('latest.json'),
    );
    expect((await failure(poll())).message).toMatch(/^OpenAQ: the answer could not be read whole/);
  });

  it('never shows the key, even when the server cannot be reached', async () => {
    const { server } = await standIn(fixtureRouter());
    const baseUrl = server.baseUrl;
    await server.close();
    const source = openAqSource({ box: BOX, indoor: false, baseUrl, key: KEY });
    const dropped = await failure(source.poll(fetch, AbortSignal.timeout(60_000), NOW));
    expect(dropped.message).toMatch(/^OpenAQ: GET \/v3\/locations\?bbox=.* failed \(fetch failed/);
    expect(dropped.message).not.toContain(KEY);
  });
});

describe('openAqSource and the rate-limit headers', () => {
  // Six active locations; each answer says what the key has left.
  const six = [1, 2, 3, 4, 5, 6].map((id) => syntheticLocation(id, 35.1, -106.5 + id / 100));
  const rateRouter =
    (afterList: number, afterLatest: number): Router =>
    (url) => {
      const limits = (remaining: number) => ({
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-used': String(60 - remaining),
        'x-ratelimit-reset': '37',
      });
      if (url.pathname === '/v3/locations') {
        return json({ meta: { page: 1, limit: 1000, found: 6 }, results: six }, limits(afterList));
      }
      const id = Number(/\/v3\/locations\/(\d+)\/latest/.exec(url.pathname)?.[1]);
      return json(syntheticLatest(id, 5), limits(afterLatest));
    };

  it('drops a poll that the key cannot finish before asking for any latest value', async () => {
    const { server, poll } = await standIn(rateRouter(5, 4));
    const dropped = await failure(poll());
    expect(dropped.retryAfterMs).toBe(37_000);
    expect(dropped.message).toBe(
      'OpenAQ: 6 requests of this poll still to make and 5 left to the key (the window resets in 37 s)',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('drops a poll when the remaining requests reach 0 before it is complete', async () => {
    // Someone else spends the key meanwhile: after the list, the first latest answer says 0.
    const { server, poll } = await standIn(rateRouter(59, 0));
    const dropped = await failure(poll());
    expect(dropped.retryAfterMs).toBe(37_000);
    expect(dropped.message).toMatch(/still to make and 0 left to the key/);
    // At most the four requests started before any latest answer came back; never all six.
    const asked = server.requests.filter((path) => path.endsWith('/latest')).length;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(4);
  });

  it('says so when a box needs more requests than a whole window allows', async () => {
    const router = rateRouter(4, 4);
    const { poll } = await standIn((url) => {
      const reply = router(url);
      return { ...reply, headers: { ...reply.headers, 'x-ratelimit-limit': '5' } };
    });
    const dropped = await failure(poll());
    expect(dropped.message).toBe(
      'OpenAQ: this poll still needs 6 requests, more than the 5 the key is allowed in a window (the window resets in 37 s); follow a smaller box',
    );
    expect(dropped.retryAfterMs).toBe(37_000);
  });

  it('finishes a poll whose last answer leaves 0', async () => {
    const { poll } = await standIn((url) =>
      url.pathname === '/v3/locations'
        ? json(
            { meta: { limit: 1000, found: 1 }, results: [six[0]] },
            { 'x-ratelimit-remaining': '1' },
          )
        : json(syntheticLatest(1, 5), { 'x-ratelimit-remaining': '0' }),
    );
    expect((await poll()).samples).toEqual([
      { sourceId: 1, name: 'PM25', atMs: HOUR_17, value: 5 },
    ]);
  });

  it('reads a box of 100 active locations 40 at a time, in turn, moved on only by a poll that resolved', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) =>
      syntheticLocation(i + 1, 35.1, -106.9 + i / 200),
    );
    let failNext = false;
    const { server, poll } = await standIn((url) => {
      if (url.pathname === '/v3/locations') {
        return json({ meta: { page: 1, limit: 1000, found: 100 }, results: hundred });
      }
      const id = Number(url.pathname.split('/')[3]);
      if (failNext) return { status: 503, headers: {}, body: 'down' };
      return json(syntheticLatest(id, id));
    });
    const latestIds = () =>
      server.requests
        .filter((path) => path.endsWith('/latest'))
        .map((path) => Number(path.split('/')[3]));
    const idsOf = (batch: { samples: readonly { sourceId: number }[] }) =>
      [...new Set(batch.samples.map((sample) => sample.sourceId))].sort((a, b) => a - b);
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i);

    const first = await poll();
    expect(first.places).toHaveLength(100);
    expect(idsOf(first)).toEqual(range(1, 40));
    server.requests.length = 0;
    failNext = true;
    await failure(poll());
    failNext = false;
    // The dropped poll's locations are asked for again.
    const second = await poll();
    expect(idsOf(second)).toEqual(range(41, 80));
    server.requests.length = 0;
    const third = await poll();
    // 81 … 100, then round again from 1.
    expect(idsOf(third)).toEqual([...range(1, 20), ...range(81, 100)]);
    expect(latestIds()).toHaveLength(40);
  });
});
