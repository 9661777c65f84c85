import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreRequest, CoreResponse } from '../../src/http/core-request.js';
import { type Api, createApi } from '../../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { MS_PER_MINUTE } from '../../src/time/instant.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';
import { RUNS } from '../helpers/property-runs.js';

// What an adapter keeps between requests (the response cache, prepared bodies) must never
// change an answer: a random sequence of requests to ONE adapter is answered exactly as a
// fresh adapter over the same service and clock answers each request alone. Only the remaining
// counts differ (the long-lived adapter has counted the earlier requests), and those are
// checked against a count of their own.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'targets-key';
const LIMIT = 1_000_000;
const LAT = '50.0614';
const LNG = '19.9366';

/** 1 and 3 active, 2 a third party's, 4 replaced by 3, 5 removed; samples over the last 3 h. */
function network(): InMemoryStore {
  const [lat, lng] = [Number(LAT), Number(LNG)];
  const store = new InMemoryStore([
    fakeInstallation(1, lat, lng),
    fakeInstallation(2, lat + 0.004, lng, { vendor: false }),
    fakeInstallation(3, lat, lng + 0.006),
    { ...fakeInstallation(4, lat + 0.01, lng), removed: true, successorId: 3 },
    { ...fakeInstallation(5, lat - 0.01, lng), removed: true },
  ]);
  const samples: Sample[] = [];
  for (let atMs = NOW_MS - 3 * 60 * MS_PER_MINUTE; atMs < NOW_MS; atMs += 7 * MS_PER_MINUTE) {
    for (const installationId of [1, 2, 3]) {
      samples.push({ installationId, name: 'PM10', atMs: atMs + 13_000, value: 20 + (atMs % 9) });
      samples.push({ installationId, name: 'PM25', atMs: atMs + 71_000, value: 9 + (atMs % 5) });
    }
  }
  store.ingest(samples);
  return store;
}

// Built once, outside the property, to keep 1,000 runs cheap: every adapter shares the service
// (a fresh adapter means fresh kept targets, counters and response cache, not new data).
const service = createMeasurementsService({ store: network() });
const gzip = createNodeGzip();

function freshApi(): Api {
  return createApi({
    service,
    keys: [KEY],
    dayLimit: LIMIT,
    minuteLimit: LIMIT,
    clock: () => NOW_MS,
    // Frozen too: a run that crossed a real minute would start the minute's count over.
    limitsClock: () => NOW_MS,
    gzip,
    deflateRaw: createNodeDeflateRaw(),
  });
}

// Targets each route answers with 200, 301 or 404, and random pairings of paths and queries
// (mostly 400s).
const ANSWERED: readonly (readonly [string, string])[] = [
  ['/v2/meta/indexes', ''],
  ['/v2/meta/measurements', 'x=1'],
  ['/v2/measurements/installation', 'installationId=1'],
  ['/v2/measurements/installation', 'installationId=2&indexType=US_AQI'],
  ['/v2/measurements/installation', 'installationId=4'],
  ['/v2/measurements/installation', 'installationId=5'],
  ['/v2/measurements/point', `lat=${LAT}&lng=${LNG}`],
  ['/v2/measurements/point', `lng=${LNG}&lat=${LAT}&indexType=EAQI`],
  ['/v2/measurements/point', 'lat=0&lng=0'],
  ['/v2/measurements/nearest', `lat=${LAT}&lng=${LNG}&maxDistanceKM=0.5`],
  ['/v2/measurements/nearest', 'lat=0&lng=0'],
  ['/v2/installations/nearest', `lat=${LAT}&lng=${LNG}&maxDistanceKM=-1&maxResults=-1`],
  ['/v2/installations/1', ''],
  ['/v2/installations/4', 'x=2'],
  ['/v2/installations/5', ''],
  ['/v2/openapi.json', ''],
];
const PATHS = [...new Set(ANSWERED.map(([path]) => path)), '/v2/installations/x', '/v2/nothing'];
const QUERIES = [
  ...ANSWERED.map(([, query]) => query),
  `lat=91&lng=${LNG}`,
  `lat=${LAT}`,
  'installationId=abc&indexType=caqi',
  'lat=1e3&lng=0x10&maxResults=',
];

const targetArbitrary = fc
  .record({
    pair: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...ANSWERED) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PATHS), fc.constantFrom(...QUERIES)) },
    ),
    slash: fc.constantFrom('', '', '/'),
    extra: fc.constantFrom('', '', '', 'x=1', 'indexType=CAQI', 'maxResults=3', 'lat='),
    key: fc.constantFrom('', '', '', `apikey=${KEY}`, 'apikey=x'),
  })
  .map(({ pair: [path, query], slash, extra, key }) => ({
    path: `${path}${slash}`,
    query: [query, extra, key].filter((part) => part !== '').join('&'),
  }));

const headersArbitrary = fc
  .record({
    key: fc.constantFrom(KEY, KEY, KEY, 'x', undefined),
    method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'POST'),
    accept: fc.constantFrom(undefined, undefined, 'application/json', 'text/xml'),
    language: fc.constantFrom(undefined, 'en', 'pl'),
    gzip: fc.boolean(),
  })
  .map(({ key, method, accept, language, gzip }) => {
    const headers: Record<string, string> = {};
    if (key !== undefined) headers.apikey = key;
    if (accept !== undefined) headers.accept = accept;
    if (language !== undefined) headers['accept-language'] = language;
    if (gzip) headers['accept-encoding'] = 'gzip';
    return { method, headers };
  });

/** A few targets, then requests that pick among them (repeats) with headers of their own. */
const sequenceArbitrary: fc.Arbitrary<CoreRequest[]> = fc
  .tuple(
    fc.array(targetArbitrary, { minLength: 1, maxLength: 3 }),
    fc.array(fc.tuple(fc.nat(), headersArbitrary), { minLength: 1, maxLength: 10 }),
  )
  .map(([targets, picks]) =>
    picks.map(([pick, rest]) => ({ ...targets[pick % targets.length]!, ...rest })),
  );

function bodyOf(response: CoreResponse): Buffer {
  const bytes = Buffer.from(response.body ?? new Uint8Array(0));
  return response.headers['Content-Encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
}

const REMAINING = ['X-RateLimit-Remaining-day', 'X-RateLimit-Remaining-minute'];

function withoutRemaining(headers: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(headers).filter(([name]) => !REMAINING.includes(name));
}

describe('a sequence of requests', () => {
  it('never change an answer: one adapter answers a sequence as fresh ones answer each request', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(sequenceArbitrary, async (requests) => {
        const api = freshApi();
        let counted = 0;
        for (const request of requests) {
          const answer = await api.handle(request);
          const expected = await freshApi().handle(request);
          expect(answer.status).toBe(expected.status);
          seen.add(answer.status);
          expect(bodyOf(answer).equals(bodyOf(expected))).toBe(true);
          expect(withoutRemaining(answer.headers)).toEqual(withoutRemaining(expected.headers));
          // The bytes as sent, gzip members included, not only what they decode to.
          expect(Buffer.from(answer.body ?? []).equals(Buffer.from(expected.body ?? []))).toBe(
            true,
          );
          if (answer.headers['X-RateLimit-Remaining-day'] !== undefined) {
            counted++;
            expect(answer.headers['X-RateLimit-Remaining-day']).toBe(String(LIMIT - counted));
            expect(answer.headers['X-RateLimit-Remaining-minute']).toBe(String(LIMIT - counted));
            expect(expected.headers['X-RateLimit-Remaining-day']).toBe(String(LIMIT - 1));
          } else {
            expect(expected.headers['X-RateLimit-Remaining-day']).toBeUndefined();
          }
        }
      }),
      RUNS,
    );
    // Every kind of answer was compared: the checks above ran on each.
    expect([...seen].sort()).toEqual([200, 301, 400, 401, 404, 405, 406]);
  }, 180_000);
});
