import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreResponse } from '../../src/http/core-request.js';
import { type Api, createApi } from '../../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { coreRequest } from '../helpers/http-client.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';

// The response cache of the measurement routes must never show what a fresh computation would
// not: cached answers are compared byte for byte with those of an adapter without any cache
// (no response cache, no per-hour cache in the service), at the same instants, while samples
// arrive late, replace others or lie ahead of the clock, and the clock moves by milliseconds,
// minutes or across the hour.
const START = Date.parse('2026-11-21T09:27:00.000Z');
const CENTRE = { latitude: 50.0614, longitude: 19.9366 };
const KEY = 'cache-key';
const NAMES = ['PM10', 'PM25', 'O3', 'NO2'] as const;
const PATHS = [
  '/v2/measurements/installation?installationId=1',
  '/v2/measurements/installation?installationId=2',
  `/v2/measurements/point?lat=${CENTRE.latitude}&lng=${CENTRE.longitude}`,
  `/v2/measurements/nearest?lat=${CENTRE.latitude}&lng=${CENTRE.longitude + 0.006}`,
];
// National indexes read 24 hours per window: fewer of them, to keep 1,000 runs affordable.
const INDEX_TYPE = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('', '&indexType=CAQI') },
  { weight: 1, arbitrary: fc.constantFrom('&indexType=US_AQI', '&indexType=EAQI') },
);

// Every 20 minutes from 7 min 13 s past an hour: no sample sits on an edge of the moving hour.
const FIRST_SAMPLE_MS = START - 26 * MS_PER_HOUR + 7 * MS_PER_MINUTE + 13_000;

/** 1 and 3 are the service's own; 2 is a third-party station; all within 0.6 km of the centre. */
function network(): InMemoryStore {
  const store = new InMemoryStore([
    fakeInstallation(1, CENTRE.latitude, CENTRE.longitude),
    fakeInstallation(2, CENTRE.latitude + 0.004, CENTRE.longitude, { vendor: false }),
    fakeInstallation(3, CENTRE.latitude, CENTRE.longitude + 0.006),
  ]);
  const samples: Sample[] = [];
  for (let atMs = FIRST_SAMPLE_MS; atMs < START; atMs += 20 * MS_PER_MINUTE) {
    for (const installationId of [1, 2, 3]) {
      samples.push({ installationId, name: 'PM10', atMs, value: 20 + (atMs % 7) });
      samples.push({ installationId, name: 'PM25', atMs: atMs + 60_000, value: 11 + (atMs % 5) });
    }
  }
  store.ingest(samples);
  return store;
}

function apiOver(store: InMemoryStore, clock: () => number, cached: boolean): Api {
  const service = createMeasurementsService({ store, cacheSize: cached ? 1024 : 0 });
  return createApi({
    service,
    keys: [KEY],
    dayLimit: 1_000_000,
    minuteLimit: 1_000_000,
    clock,
    gzip: createNodeGzip(),
    deflateRaw: createNodeDeflateRaw(),
    responseCacheBytes: cached ? 1_000_000 : 0,
  });
}

function identity(response: CoreResponse): Buffer {
  const body = Buffer.from(response.body ?? new Uint8Array(0));
  return response.headers['Content-Encoding'] === 'gzip' ? gunzipSync(body) : body;
}

// Instants near the edges that matter: `now`, `now − 60 min`, the other hour edges, the hour.
const offsetMs = fc.oneof(
  fc.integer({ min: -3000, max: 3000 }),
  fc.integer({ min: -3 * MS_PER_MINUTE, max: 3 * MS_PER_MINUTE }),
  fc.integer({ min: -26 * MS_PER_HOUR, max: 2 * MS_PER_HOUR }),
);
const edge = fc.constantFrom(0, -MS_PER_HOUR, -2 * MS_PER_HOUR, -24 * MS_PER_HOUR);
const action = fc.oneof(
  fc.record({
    kind: fc.constant('ingest' as const),
    installationId: fc.constantFrom(1, 2, 3),
    name: fc.constantFrom(...NAMES),
    edge,
    offsetMs,
    value: fc.integer({ min: 0, max: 400 }),
  }),
  fc.record({
    kind: fc.constant('advance' as const),
    stepMs: fc.oneof(
      fc.integer({ min: 0, max: 2000 }),
      fc.integer({ min: 0, max: 5 * MS_PER_MINUTE }),
      fc.integer({ min: 0, max: 70 * MS_PER_MINUTE }),
    ),
  }),
  // To the very millisecond a sample enters (k = 0) or leaves (k = 1) the moving hour, or one
  // after: where an off-by-one horizon would show.
  fc.record({
    kind: fc.constant('advance-to-sample' as const),
    pick: fc.nat(),
    hours: fc.constantFrom(0, 1),
    extraMs: fc.constantFrom(0, 1),
  }),
  fc.record({
    kind: fc.constant('request' as const),
    path: fc.constantFrom(...PATHS),
    indexType: INDEX_TYPE,
    language: fc.constantFrom('en', 'pl'),
    gzip: fc.boolean(),
  }),
);

describe('the Measurements response cache', () => {
  it('answers byte for byte as an adapter without caches, at every instant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        const store = network();
        let nowMs = START;
        const clock = () => nowMs;
        const cached = apiOver(store, clock, true);
        const fresh = apiOver(store, clock, false);
        // The network's last hours of sample times, then every ingested one.
        const times: number[] = [];
        for (let atMs = FIRST_SAMPLE_MS; atMs < START; atMs += 20 * MS_PER_MINUTE) {
          if (atMs >= START - 2 * MS_PER_HOUR) times.push(atMs, atMs + MS_PER_MINUTE);
        }
        for (const step of actions) {
          if (step.kind === 'ingest') {
            const atMs = Math.round(nowMs + step.edge + step.offsetMs);
            const { installationId, name, value } = step;
            store.ingest([{ installationId, name, atMs, value }]);
            times.push(atMs);
          } else if (step.kind === 'advance') {
            nowMs += step.stepMs;
          } else if (step.kind === 'advance-to-sample') {
            const atMs = times[step.pick % times.length]!; // the network adds times above
            nowMs = Math.max(nowMs, atMs + step.hours * MS_PER_HOUR + step.extraMs);
          } else {
            const headers = {
              apikey: KEY,
              'accept-language': step.language,
              ...(step.gzip ? { 'accept-encoding': 'gzip' } : {}),
            };
            const request = coreRequest(`${step.path}${step.indexType}`, { headers });
            // The cached one twice: the second answer comes from the cache when it may.
            const first = await cached.handle(request);
            const second = await cached.handle(request);
            const expected = await fresh.handle(request);
            for (const answer of [first, second]) {
              expect(answer.status).toBe(expected.status);
              expect(identity(answer).equals(identity(expected))).toBe(true);
              expect(answer.headers.ETag).toBe(expected.headers.ETag);
              expect(answer.headers['Cache-Control']).toBe(expected.headers['Cache-Control']);
            }
          }
        }
      }),
      { numRuns: 1000 },
    );
  }, 180_000);
});

/** The service, counting the payloads it computes. */
function counting(service: MeasurementsService): {
  service: MeasurementsService;
  calls: () => number;
} {
  let calls = 0;
  return {
    calls: () => calls,
    service: {
      ...service,
      installationMeasurements(id, options) {
        calls++;
        return service.installationMeasurements(id, options);
      },
    },
  };
}

describe('the Measurements response cache (examples)', () => {
  const path = '/v2/measurements/installation?installationId=1';

  it('answers from the cache inside the horizon, with only the bounds of current new', async () => {
    const store = network();
    let nowMs = START;
    const { service, calls } = counting(createMeasurementsService({ store }));
    const api = createApi({ service, keys: [KEY], clock: () => nowMs });
    const first = await api.handle(coreRequest(path, { headers: { apikey: KEY } }));
    nowMs += 1234;
    const second = await api.handle(coreRequest(path, { headers: { apikey: KEY } }));
    expect(calls()).toBe(1);
    const [a, b] = [first, second].map((answer) => JSON.parse(identity(answer).toString()));
    expect(b.current.tillDateTime).toBe('2026-11-21T09:27:01.234Z');
    expect(b.current.fromDateTime).toBe('2026-11-21T08:27:01.234Z');
    expect({ ...b.current, fromDateTime: 0, tillDateTime: 0 }).toEqual({
      ...a.current,
      fromDateTime: 0,
      tillDateTime: 0,
    });
    expect(second.headers.ETag).toBe(first.headers.ETag);
    // The oldest sample of the moving hour (PM10 at 08:34:13) leaves it after 09:34:13: 431
    // whole seconds after 09:27:01.234.
    expect(second.headers['Cache-Control']).toBe('private, max-age=431');
  });

  it('computes again after new data, and when the horizon has passed', async () => {
    const store = network();
    let nowMs = START;
    const { service, calls } = counting(createMeasurementsService({ store }));
    const api = createApi({ service, keys: [KEY], clock: () => nowMs });
    const ask = () => api.handle(coreRequest(path, { headers: { apikey: KEY } }));
    await ask();
    store.ingest([{ installationId: 1, name: 'PM10', atMs: nowMs - 5000, value: 300 }]);
    const after = await ask();
    expect(calls()).toBe(2);
    const values: { name: string; value: number }[] = JSON.parse(identity(after).toString()).current
      .values;
    expect(values.find((value) => value.name === 'PM10')?.value).toBeGreaterThan(30);
    // A sample 10 s ahead of the clock enters the moving hour once `now` has passed it: the
    // answer stays exact up to that very millisecond, and not one after.
    store.ingest([{ installationId: 1, name: 'PM10', atMs: nowMs + 10_000, value: 0 }]);
    expect((await ask()).headers['Cache-Control']).toBe('private, max-age=10');
    nowMs += 10_000;
    await ask();
    expect(calls()).toBe(3);
    nowMs += 1;
    await ask();
    expect(calls()).toBe(4);
  });

  it('answers If-None-Match with a 304 that is counted and carries the rate headers', async () => {
    const store = network();
    let nowMs = START;
    const api = createApi({
      service: createMeasurementsService({ store }),
      keys: [KEY],
      clock: () => nowMs,
    });
    const first = await api.handle(coreRequest(path, { headers: { apikey: KEY } }));
    nowMs += 60_000;
    const headers = { apikey: KEY, 'if-none-match': first.headers.ETag ?? '' };
    const again = await api.handle(coreRequest(path, { headers }));
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers['X-RateLimit-Remaining-day']).toBe('98');
    expect(again.headers.ETag).toBe(first.headers.ETag);
    store.ingest([{ installationId: 1, name: 'PM10', atMs: nowMs - 1000, value: 99 }]);
    expect((await api.handle(coreRequest(path, { headers }))).status).toBe(200);
  });
});
