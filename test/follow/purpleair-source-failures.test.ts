import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FollowOptions, PollFailure } from '../../src/follow/followed-batch.js';
import { purpleAirSource } from '../../src/follow/purpleair-source.js';
import {
  changedFixture,
  fixture,
  type PlannedAnswer,
  type ReplayServer,
  startReplayServer,
} from './purpleair-replay-server.js';

// How a PurpleAir poll fails: every refused, cut or malformed answer rejects the poll with a
// PollFailure (so nothing of it is returned), with PurpleAir's error name and description from
// the recorded error bodies (test/fixtures/follow/purpleair/, see its README), the wait of
// Retry-After, and never the key; the next good poll is read as if the failure had not been.

const KEY = 'A1B2C3D4-TEST-KEY0-0000-123456789ABC';
const NOW_MS = Date.UTC(2022, 10, 5, 16, 40);

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const options = (change: Partial<FollowOptions> = {}): FollowOptions => ({
  box: { minLat: 32, minLng: -125, maxLat: 42, maxLng: -114 },
  indoor: false,
  baseUrl: server.baseUrl,
  key: KEY,
  ...change,
});

/** The PollFailure of a poll answered with `answer`, checked to say nothing of the key. */
async function failureOf(answer: PlannedAnswer, change?: Partial<FollowOptions>) {
  server.plan(answer);
  const source = purpleAirSource(options(change));
  const error = await source.poll(fetch, AbortSignal.timeout(60_000), NOW_MS).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PollFailure);
  const failure = error as PollFailure;
  expect(`${failure.stack} ${failure.message}`).not.toContain(KEY);
  return failure;
}

describe('purpleAirSource: refused answers', () => {
  it('402: out of points, with PurpleAir error name and description', async () => {
    const failure = await failureOf({
      status: 402,
      body: fixture('error-payment-required-response.json'),
    });
    expect(failure.message).toBe(
      'PurpleAir answered 402 Payment Required: PaymentRequiredError (Payment is required to make this api call.)',
    );
    expect(failure.retryAfterMs).toBeUndefined();
  });

  it('429 with Retry-After in seconds or as an HTTP date', async () => {
    const seconds = await failureOf({
      status: 429,
      headers: { 'retry-after': '120' },
      body: fixture('error-unknown-response.json'),
    });
    expect(seconds.message).toBe(
      "PurpleAir answered 429 Too Many Requests: SomeUnknownError (We don't know anything about this error.)",
    );
    expect(seconds.retryAfterMs).toBe(120_000);
    const date = await failureOf({
      status: 429,
      headers: { 'retry-after': 'Sat, 05 Nov 2022 16:41:30 GMT' },
      body: '',
    });
    expect(date.message).toBe('PurpleAir answered 429 Too Many Requests');
    expect(date.retryAfterMs).toBe(90_000);
  });

  it.each([
    [
      403,
      'error-invalid-api-key-response.json',
      'ApiKeyInvalidError (The provided api_key was not valid.)',
    ],
    [
      403,
      'error-missing-api-key-response.json',
      'ApiKeyMissingError (No API key was found in the request.)',
    ],
    [
      404,
      'error-not-found-response.json',
      'NotFoundError (Cannot find a sensor with the provided parameters.)',
    ],
  ])('%i with the recorded body %s', async (status, name, detail) => {
    const failure = await failureOf({ status, body: fixture(name) });
    expect(failure.message).toMatch(new RegExp(`^PurpleAir answered ${status} [A-Za-z ]+: `));
    expect(failure.message.endsWith(detail)).toBe(true);
  });

  it('5xx with a body that is not PurpleAir JSON: the status alone', async () => {
    const failure = await failureOf({ status: 500, body: '<html>Internal Server Error</html>' });
    expect(failure.message).toBe('PurpleAir answered 500 Internal Server Error');
    const gateway = await failureOf({ status: 502, body: '' });
    expect(gateway.message).toBe('PurpleAir answered 502 Bad Gateway');
  });

  it('never shows the key, even when an error body quotes it', async () => {
    const body = JSON.stringify({ error: 'ApiKeyInvalidError', description: `Bad key ${KEY}.` });
    const failure = await failureOf({ status: 403, body });
    expect(failure.message).toBe(
      'PurpleAir answered 403 Forbidden: ApiKeyInvalidError (Bad key [key].)',
    );
  });
});

describe('purpleAirSource: answers that cannot be read whole', () => {
  const recorded = fixture('get-sensors-response.json');

  it('a body cut short by a dropped connection', async () => {
    const failure = await failureOf({ body: recorded, cutAfterBytes: 300 });
    expect(failure.message).toMatch(/^PurpleAir: the answer could not be read whole/);
  });

  it('a body that is not JSON', async () => {
    const failure = await failureOf({ body: recorded.slice(0, -2) });
    expect(failure.message).toMatch(/^PurpleAir: the answer is not JSON/);
  });

  it('an error answer sent with 200', async () => {
    const failure = await failureOf({ body: fixture('error-not-found-response.json') });
    expect(failure.message).toBe(
      'PurpleAir: the answer is a PurpleAir error answer, not a sensor list: NotFoundError (Cannot find a sensor with the provided parameters.)',
    );
  });

  it('an answer without a field it was asked for', async () => {
    const body = changedFixture('get-sensors-response.json', (json) => {
      json.fields = json.fields.filter((field) => field !== 'pm2.5_atm_b' && field !== 'last_seen');
      json.data = json.data.map((row) => row.slice(0, -1));
    });
    const failure = await failureOf({ body });
    expect(failure.message).toBe('PurpleAir: the answer lacks the fields last_seen, pm2.5_atm_b');
  });

  it('an answer without data_time_stamp', async () => {
    const body = changedFixture('get-sensors-response.json', (json) => {
      delete (json as Record<string, unknown>).data_time_stamp;
    });
    const failure = await failureOf({ body });
    expect(failure.message).toBe('PurpleAir: the answer has no data_time_stamp in Unix seconds');
  });
});

describe('purpleAirSource: no answer', () => {
  it('a server that cannot be reached', async () => {
    const closed = await startReplayServer();
    await closed.close();
    const source = purpleAirSource(options({ baseUrl: closed.baseUrl }));
    const error = await source.poll(fetch, AbortSignal.timeout(60_000), NOW_MS).catch((e) => e);
    expect(error).toBeInstanceOf(PollFailure);
    expect((error as PollFailure).message).toMatch(/^PurpleAir could not be asked: /);
    expect((error as PollFailure).message).not.toContain(KEY);
  });

  it('a poll stopped by its signal', async () => {
    const source = purpleAirSource(options());
    const error = await source.poll(fetch, AbortSignal.abort(), NOW_MS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollFailure);
    expect((error as PollFailure).message).toBe(
      'PurpleAir could not be asked: the poll was stopped (its deadline passed or the server stops)',
    );
  });
});

describe('purpleAirSource: misuse', () => {
  it.each([
    [undefined, 'got undefined'],
    ['', 'got ""'],
    ['with space', 'got "(a string, not shown)"'],
    [12345678, 'got "(a number, not shown)"'],
  ])('a key %j is a TypeError that does not show it', (key, shown) => {
    const call = () => purpleAirSource({ ...options(), key } as FollowOptions);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(
      `purpleAirSource: options.key must be a PurpleAir API read key (set AIRQ_PURPLEAIR_KEY), visible ASCII without spaces, ${shown}`,
    );
  });

  it('a box, indoor or base URL of the wrong kind names the option', () => {
    const box = { minLat: 51, minLng: 19, maxLat: 50, maxLng: 20 };
    expect(() => purpleAirSource(options({ box }))).toThrow(
      'purpleAirSource: box.minLat must be at most box.maxLat (50), got 51',
    );
    expect(() => purpleAirSource({ ...options(), indoor: 'yes' } as never)).toThrow(
      'purpleAirSource: options.indoor must be a boolean, got "yes"',
    );
    expect(() => purpleAirSource(options({ baseUrl: 'api.purpleair.com' }))).toThrow(
      'purpleAirSource: options.baseUrl must be an http(s) URL without credentials, query or fragment, got "api.purpleair.com"',
    );
  });
});
