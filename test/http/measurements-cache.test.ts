import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { InMemoryStore } from '../../src/store/in-memory-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { CENTRE, FIRST_SAMPLE_MS, KEY, network, START } from '../helpers/http-cache-network.js';
import { coreRequest, identity } from '../helpers/http-client.js';

// The response cache of the measurement routes must never show what a fresh computation would
// not: cached answers are compared byte for byte with those of an adapter without any cache
// (no response cache, no per-hour cache in the service), at the same instants, while samples
// arrive late, replace others or lie ahead of the clock, and the clock moves by milliseconds,
// minutes or across the hour.

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
