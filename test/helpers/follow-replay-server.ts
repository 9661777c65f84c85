// One local stand-in for the three followed sources, for the end-to-end tests of `airq --follow`:
// Sensor.Community's /static/v1/data.json, OpenAQ's /v3/locations and /v3/locations/{id}/latest,
// PurpleAir's /v1/sensors, each from the recorded fixtures of test/fixtures/follow/ (see their
// READMEs for where they come from) with the timestamps moved to the test's clock. Each source
// answers from a script of good answers and failures, then from its fallback. A base URL may
// carry a path prefix (`urlFor('a')`), so that a test knows which instance asked.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReplaySource = 'sensor-community' | 'openaq' | 'purpleair';

/**
 * What a source answers to one request. `good`: the fixture (and, when growing, from the
 * second good answer on one more place per answer for Sensor.Community); the others are failures, whose bodies
 * carry the poison place and values (Sensor.Community) that must never be stored:
 * `status-500`, `status-429` (with `Retry-After: 1`), `status-402`, `truncated` (half the body
 * of a 200, then the connection closed) and `stall` (half the body, nothing for
 * {@link STALL_MS}, then the connection closed by the server).
 */
export type ReplayAnswer =
  | 'good'
  | 'status-500'
  | 'status-429'
  | 'status-402'
  | 'truncated'
  | 'stall';

/** How long a stalled answer keeps the connection silent before the server closes it, ms. */
export const STALL_MS = 1500;

/** One request the server saw. */
export interface ReplayRequest {
  readonly source: ReplaySource;
  /** The path prefix before the source's own path ('' without one). */
  readonly prefix: string;
  /** The source's path and query, without the prefix. */
  readonly path: string;
  /** The `X-API-Key` header, if any. */
  readonly key: string | undefined;
  readonly answer: ReplayAnswer;
  /** The n-th good answer of this source (0-based) when `answer` is 'good'. */
  readonly goodRound: number | undefined;
  /** Real time the request came and its answer ended (undefined while it runs), epoch ms. */
  readonly startedAtMs: number;
  endedAtMs: number | undefined;
}

/** Where the fixtures' times go. */
export interface ReplayClock {
  /** Added to every Sensor.Community timestamp, ms (a whole number of seconds). */
  readonly sensorCommunityShiftMs: number;
  /** Added to every OpenAQ time, ms (whole hours). */
  readonly openAqShiftMs: number;
  /** Added to every PurpleAir Unix time, ms (whole seconds). */
  readonly purpleAirShiftMs: number;
}

export interface ReplayKeys {
  readonly openaq: string;
  readonly purpleair: string;
}

export interface ReplayOptions {
  /** Sensor.Community's r-th good answer (r ≥ 1) adds the places of rounds 1…r; default false. */
  readonly growing?: boolean;
}

export interface FollowReplayServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly baseUrl: string;
  /** `baseUrl` with a path prefix, for `--follow-url SOURCE=…`. */
  urlFor(prefix: string): string;
  readonly requests: readonly ReplayRequest[];
  /** Queues answers of a source, each used once, in order. */
  script(source: ReplaySource, ...answers: ReplayAnswer[]): void;
  /** What a source answers once its script is used up (initially 'good'). */
  setFallback(source: ReplaySource, answer: ReplayAnswer): void;
  /** How many answers of the source's script are still to be used. */
  pending(source: ReplaySource): number;
  close(): Promise<void>;
}

const FIXTURES = 'test/fixtures/follow';
const fixtureText = (path: string) => readFileSync(`${FIXTURES}/${path}`, 'utf8');

/** The first added place's location id; the r-th good answer (r ≥ 1) adds location BASE + r. */
export const EXTRA_LOCATION_BASE = 5000;
/** The poison location of failed Sensor.Community answers, never to be stored. */
export const POISON_LOCATION = 777;

/** An added place of the r-th good Sensor.Community answer: where, when (fixture time), what. */
export function extraElement(round: number) {
  return {
    locationId: EXTRA_LOCATION_BASE + round,
    latitude: 50 + round / 100,
    longitude: 10,
    // In the fixture's hour, after its last element (01:53:41).
    timestamp: `2019-04-25 01:54:${String(round % 60).padStart(2, '0')}`,
    p1: 20 + round,
    p2: 10 + round,
  };
}

interface ScElement {
  timestamp: string;
  location: { id: number; latitude: string; longitude: string; [key: string]: unknown };
  [key: string]: unknown;
}

function scElement(
  id: number,
  timestamp: string,
  latitude: number,
  longitude: number,
  values: Record<string, number>,
): ScElement {
  return {
    id: 9_000_000_000 + id,
    sampling_rate: null,
    timestamp,
    location: {
      id,
      latitude: String(latitude),
      longitude: String(longitude),
      altitude: '100.0',
      country: 'DE',
      exact_location: 0,
    },
    sensor: { id: 90_000 + id, pin: '1', sensor_type: { id: 14, name: 'SDS011' } },
    sensordatavalues: Object.entries(values).map(([valueType, value], k) => ({
      id: 9_000_000_000 + id * 10 + k,
      value: value.toFixed(2),
      value_type: valueType,
    })),
  };
}

/** `2019-04-25 01:51:12` moved by `shiftMs`, in the same form. */
export function movedScTimestamp(timestamp: string, shiftMs: number): string {
  const ms = Date.parse(`${timestamp.replace(' ', 'T')}Z`) + shiftMs;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function sensorCommunityBody(clock: ReplayClock, round: number, poison: boolean): string {
  const elements = JSON.parse(fixtureText('sensor-community/data-2019-04-25.json')) as ScElement[];
  for (let r = 1; r <= round; r++) {
    const extra = extraElement(r);
    elements.push(
      scElement(extra.locationId, extra.timestamp, extra.latitude, extra.longitude, {
        P1: extra.p1,
        P2: extra.p2,
      }),
    );
  }
  if (poison) {
    // First, so that half a body still holds them: a place of its own and a value at 1071.
    elements.unshift(
      scElement(POISON_LOCATION, '2019-04-25 01:54:30', 51, 11, { P1: 999, P2: 888 }),
      {
        ...scElement(1071, '2019-04-25 01:54:31', 52.544, 13.374, { P1: 999, P2: 888 }),
        location: {
          id: 1071,
          latitude: '52.544',
          longitude: '13.374',
          altitude: '38.7',
          country: 'DE',
          exact_location: 0,
        },
      },
    );
  }
  for (const element of elements) {
    element.timestamp = movedScTimestamp(element.timestamp, clock.sensorCommunityShiftMs);
  }
  return JSON.stringify(elements, null, 1);
}

const movedIso = (iso: string, shiftMs: number) =>
  new Date(Date.parse(iso) + shiftMs).toISOString().replace('.000Z', 'Z');

function openAqLocationsBody(clock: ReplayClock, bbox: string): string {
  const answer = JSON.parse(fixtureText('openaq/locations.json')) as {
    meta: Record<string, unknown>;
    results: {
      coordinates: { latitude: number; longitude: number };
      datetimeFirst: { utc: string };
      datetimeLast: { utc: string };
    }[];
  };
  const [west = 0, south = 0, east = 0, north = 0] = bbox.split(',').map(Number);
  answer.results = answer.results.filter(
    ({ coordinates: { latitude, longitude } }) =>
      latitude >= south && latitude <= north && longitude >= west && longitude <= east,
  );
  answer.meta.found = answer.results.length;
  for (const location of answer.results) {
    location.datetimeLast.utc = movedIso(location.datetimeLast.utc, clock.openAqShiftMs);
    location.datetimeFirst.utc = movedIso(location.datetimeFirst.utc, clock.openAqShiftMs);
  }
  return JSON.stringify(answer);
}

function openAqLatestBody(clock: ReplayClock): string {
  const answer = JSON.parse(fixtureText('openaq/latest.json')) as {
    results: { datetime: { utc: string } }[];
  };
  for (const result of answer.results) {
    result.datetime.utc = movedIso(result.datetime.utc, clock.openAqShiftMs);
  }
  return JSON.stringify(answer);
}

function purpleAirBody(clock: ReplayClock): string {
  const answer = JSON.parse(fixtureText('purpleair/get-sensors-response.json')) as {
    time_stamp: number;
    data_time_stamp: number;
    fields: string[];
    data: unknown[][];
  };
  const seconds = Math.round(clock.purpleAirShiftMs / 1000);
  answer.time_stamp += seconds;
  answer.data_time_stamp += seconds;
  const lastSeen = answer.fields.indexOf('last_seen');
  for (const row of answer.data) row[lastSeen] = (row[lastSeen] as number) + seconds;
  return JSON.stringify(answer);
}

const SOURCE_PATHS: readonly [RegExp, ReplaySource][] = [
  [/^(.*?)(\/static\/v1\/data\.json.*)$/, 'sensor-community'],
  [/^(.*?)(\/v3\/locations.*)$/, 'openaq'],
  [/^(.*?)(\/v1\/sensors.*)$/, 'purpleair'],
];

const FAILURE_STATUS: Readonly<Record<string, number>> = {
  'status-500': 500,
  'status-429': 429,
  'status-402': 402,
};

/**
 * Starts the stand-in on 127.0.0.1 and a free port. OpenAQ and PurpleAir answer 401 to a
 * request without their key in `X-API-Key`.
 *
 * @example
 * const replay = await startFollowReplayServer(clock, { openaq: 'k1', purpleair: 'k2' });
 * replay.script('sensor-community', 'good', 'status-500', 'good');
 * // airq … --follow-url sensor-community=${replay.urlFor('a')}
 */
export async function startFollowReplayServer(
  clock: ReplayClock,
  keys: ReplayKeys,
  options: ReplayOptions = {},
): Promise<FollowReplayServer> {
  const grows = options.growing === true;
  const requests: ReplayRequest[] = [];
  const scripts = new Map<ReplaySource, ReplayAnswer[]>();
  const fallbacks = new Map<ReplaySource, ReplayAnswer>();
  const goodRounds = new Map<ReplaySource, number>();
  const stalls = new Set<NodeJS.Timeout>();

  const goodBody = (source: ReplaySource, path: string, round: number): string => {
    if (source === 'sensor-community') return sensorCommunityBody(clock, grows ? round : 0, false);
    if (source === 'purpleair') return purpleAirBody(clock);
    const url = new URL(path, 'http://stand-in');
    if (url.pathname === '/v3/locations') {
      return openAqLocationsBody(clock, url.searchParams.get('bbox') ?? '');
    }
    return /^\/v3\/locations\/2178\/latest$/.test(url.pathname) ? openAqLatestBody(clock) : '';
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const raw = request.url ?? '/';
    const match = SOURCE_PATHS.map(([pattern, source]) => {
      const found = pattern.exec(raw);
      return found === null ? undefined : { prefix: found[1]!, path: found[2]!, source };
    }).find((found) => found !== undefined);
    if (match === undefined) {
      response.writeHead(404).end();
      return;
    }
    const { source, prefix, path } = match;
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header.join(',') : header;
    const needed = source === 'sensor-community' ? undefined : keys[source];
    if (needed !== undefined && key !== needed) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"error":"ApiKeyInvalidError","description":"The key is not valid."}');
      return;
    }
    const answer = scripts.get(source)?.shift() ?? fallbacks.get(source) ?? 'good';
    const round = goodRounds.get(source) ?? 0;
    const seen: ReplayRequest = {
      source,
      prefix,
      path,
      key,
      answer,
      goodRound: answer === 'good' ? round : undefined,
      startedAtMs: Date.now(),
      endedAtMs: undefined,
    };
    requests.push(seen);
    response.on('close', () => {
      seen.endedAtMs = Date.now();
    });
    // An OpenAQ poll is several requests; its round counts its latest answers.
    if (answer === 'good' && (source !== 'openaq' || /latest/.test(path))) {
      goodRounds.set(source, round + 1);
    }
    const body = Buffer.from(
      answer === 'good'
        ? goodBody(source, path, round)
        : source === 'sensor-community'
          ? sensorCommunityBody(clock, grows ? round : 0, true)
          : goodBody(source, path, round),
    );
    const status = FAILURE_STATUS[answer] ?? 200;
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(body.byteLength),
      ...(answer === 'status-429' ? { 'retry-after': '1' } : {}),
    });
    if (answer === 'truncated') {
      response.write(body.subarray(0, body.byteLength >> 1), () => response.destroy());
    } else if (answer === 'stall') {
      response.write(body.subarray(0, body.byteLength >> 1));
      const timer = setTimeout(() => {
        stalls.delete(timer);
        response.destroy();
      }, STALL_MS);
      stalls.add(timer);
    } else response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    urlFor: (prefix) => `${baseUrl}/${prefix}`,
    requests,
    script(source, ...answers) {
      scripts.set(source, [...(scripts.get(source) ?? []), ...answers]);
    },
    setFallback(source, answer) {
      fallbacks.set(source, answer);
    },
    pending: (source) => scripts.get(source)?.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of stalls) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
