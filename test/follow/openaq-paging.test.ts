import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { FollowedBatch } from '../../src/follow/followed-batch.js';
import { openAqBboxes } from '../../src/follow/openaq-locations.js';
import { openAqRateLimit, openAqResults } from '../../src/follow/openaq-requests.js';
import { openAqSource } from '../../src/follow/openaq-source.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  json,
  KEY,
  type Router,
  routerFetch,
  standInRouter,
  startStandIn,
  syntheticLatest,
  syntheticLocation,
} from './openaq-server.js';

// Paging, the antimeridian and what the list leaves out, against a stand-in that serves
// synthetic locations shaped like the recorded one (each a PM2.5 and a NOx sensor).

const NOW = Date.UTC(2025, 10, 26, 17, 20);
const HOUR_17 = Date.UTC(2025, 10, 26, 17);
const BOX = { minLat: 35, minLng: -107, maxLat: 35.3, maxLng: -106.3 };
const STALE = '2025-11-24T17:00:00Z'; // two days before the clock: not asked for

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const pollThrough = (fetch: typeof globalThis.fetch, box = BOX, baseUrl = 'http://stand-in') =>
  openAqSource({ box, indoor: false, baseUrl, key: KEY }).poll(
    fetch,
    AbortSignal.timeout(60_000),
    NOW,
  );

/** The place the importer makes of a synthetic location, written out by hand. */
const placeOf = (id: number, latitude: number, longitude: number) => ({
  sourceId: id,
  installation: {
    location: { latitude, longitude },
    address: { country: 'Testland', city: 'Testville', displayAddress1: `Station ${id}` },
    elevation: 0,
    vendor: false,
    sponsor: { id: 119, name: 'AirNow', link: 'https://openaq.org' },
  },
});
const pm25Of = (id: number, value: number) => ({
  sourceId: id,
  name: 'PM25',
  atMs: HOUR_17,
  value,
});

describe('openAqSource, paging', () => {
  it('follows the pages until one is short, whatever meta.found says', async () => {
    const locations = [1, 2, 3, 4, 5].map((id) => syntheticLocation(id, 35.1, -106.5));
    const latest = new Map(locations.map((_, index) => [index + 1, syntheticLatest(index + 1, 7)]));
    const server = await startStandIn(
      standInRouter({ locations, latest, pageSize: 2, found: 'text' }),
    );
    stops.push(server.close);
    const batch = await pollThrough(fetch, BOX, server.baseUrl);
    expect(batch.places.map((place) => place.sourceId)).toEqual([1, 2, 3, 4, 5]);
    expect(batch.samples).toEqual([1, 2, 3, 4, 5].map((id) => pm25Of(id, 7)));
    expect(batch.skipped).toEqual({ 'parameter airq does not read': 5 });
    const bbox = 'bbox=-107,35,-106.3,35.3&limit=1000';
    expect(server.requests.slice(0, 3)).toEqual([
      `/v3/locations?${bbox}&page=1`,
      `/v3/locations?${bbox}&page=2`,
      `/v3/locations?${bbox}&page=3`,
    ]);
    expect(server.requests).toHaveLength(8);
  });

  it('stops at a full page when meta.found says it was the last', async () => {
    const requests: string[] = [];
    const locations = [1, 2].map((id) => syntheticLocation(id, 35.1, -106.5));
    const latest = new Map([1, 2].map((id) => [id, syntheticLatest(id, 3)]));
    const router = standInRouter({ locations, latest, pageSize: 2, found: 'count' });
    const batch = await pollThrough(routerFetch(router, requests));
    expect(batch.samples).toEqual([pm25Of(1, 3), pm25Of(2, 3)]);
    expect(requests.filter((path) => path.startsWith('/v3/locations?'))).toHaveLength(1);
  });

  it('lists 10,000 locations and refuses a box with 10,001, whatever the page size', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        syntheticLocation(index + 1, 35.1, -106.5, STALE),
      );
    const poll = (count: number, pageSize: number) =>
      pollThrough(
        routerFetch(
          standInRouter({ locations: many(count), latest: new Map(), pageSize, found: 'text' }),
        ),
      );
    expect((await poll(10_000, 1000)).places).toHaveLength(10_000);
    expect((await poll(10_000, 100)).places).toHaveLength(10_000);
    for (const pageSize of [1000, 100]) {
      await expect(poll(10_001, pageSize)).rejects.toThrow(
        'OpenAQ: the box holds more than 10000 locations; follow a smaller box',
      );
    }
  });

  it('places a location once when pages overlap (the list changed while it was read)', async () => {
    const [a, b, c] = [1, 2, 3].map((id) => syntheticLocation(id, 35.2, -106.4 - id / 10));
    const pages = [[a, b], [b, c], []];
    const router: Router = (url) => {
      const page = Number(url.searchParams.get('page'));
      if (url.pathname === '/v3/locations') {
        return json({ meta: { page, limit: 2, found: '>2' }, results: pages[page - 1] });
      }
      return json(syntheticLatest(Number(url.pathname.split('/')[3]), 1));
    };
    const batch = await pollThrough(routerFetch(router));
    expect(batch.places).toEqual([1, 2, 3].map((id) => placeOf(id, 35.2, -106.4 - id / 10)));
  });

  it('counts what the list leaves out: outside the box, mobile, unreadable, inactive', async () => {
    const mobile = { ...syntheticLocation(4, 35.1, -106.5), isMobile: true };
    const broken = { ...syntheticLocation(5, 35.1, -106.5), coordinates: null };
    const results = [
      syntheticLocation(1, 35.1, -106.5),
      syntheticLocation(2, 36, -106.5), // a mirror that ignores bbox: north of the box
      syntheticLocation(3, 35.1, -106.5, STALE),
      mobile,
      broken,
    ];
    const requests: string[] = [];
    const router: Router = (url) =>
      url.pathname === '/v3/locations'
        ? json({ meta: { limit: 1000, found: 5 }, results })
        : json(syntheticLatest(1, 12));
    const batch = await pollThrough(routerFetch(router, requests));
    expect(batch.places).toEqual([placeOf(1, 35.1, -106.5), placeOf(3, 35.1, -106.5)]);
    expect(batch.samples).toEqual([pm25Of(1, 12)]);
    expect(batch.skipped).toEqual({
      'outside the box': 1,
      'inactive location': 1,
      'mobile location': 1,
      'unreadable location': 1,
      'parameter airq does not read': 1,
    });
    expect(requests.filter((path) => path.endsWith('/latest'))).toEqual(['/v3/locations/1/latest']);
  });

  it('counts a value whose sensor the location does not list, and reads the rest', async () => {
    const answer = syntheticLatest(1, 9) as { results: Record<string, unknown>[] };
    const results = [...answer.results, { ...answer.results[0], sensorsId: 999 }, 'noise'];
    const router: Router = (url) =>
      url.pathname === '/v3/locations'
        ? json({ meta: { limit: 1000 }, results: [syntheticLocation(1, 35.1, -106.5)] })
        : json({ meta: {}, results });
    const batch = await pollThrough(routerFetch(router));
    expect(batch.samples).toEqual([pm25Of(1, 9)]);
    expect(batch.skipped).toEqual({
      'parameter airq does not read': 1,
      'unknown sensor': 1,
      'refused value': 1,
    });
  });

  it('asks for both halves of a box across the antimeridian', async () => {
    const box = { minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 };
    const locations = [
      syntheticLocation(1, -15, 175),
      syntheticLocation(2, -15, -175),
      syntheticLocation(3, -15, 0), // the stand-in filters by bbox: never listed
    ];
    const latest = new Map([1, 2, 3].map((id) => [id, syntheticLatest(id, id)]));
    const requests: string[] = [];
    const router = standInRouter({ locations, latest, pageSize: 1000, found: 'count' });
    const batch = await pollThrough(routerFetch(router, requests), box);
    expect(batch.places).toEqual([placeOf(1, -15, 175), placeOf(2, -15, -175)]);
    expect(batch.samples).toEqual([pm25Of(1, 1), pm25Of(2, 2)]);
    expect(requests.slice(0, 2)).toEqual([
      '/v3/locations?bbox=170,-20,180,-10&limit=1000&page=1',
      '/v3/locations?bbox=-180,-20,-170,-10&limit=1000&page=1',
    ]);
    expect(openAqBboxes(BOX)).toEqual(['-107,35,-106.3,35.3']);
  });

  it('gives the same batch for any split of the locations into pages (1,000 runs)', async () => {
    const located = fc.record({
      id: fc.integer({ min: 1, max: 100_000 }),
      // In thousandths of a degree from the box's south-west corner; some beyond it.
      north: fc.integer({ min: 0, max: 400 }),
      east: fc.integer({ min: 0, max: 800 }),
      active: fc.boolean(),
      pm25: fc.integer({ min: 0, max: 999 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(located, { selector: (location) => location.id, maxLength: 20 }),
        fc.integer({ min: 1, max: 21 }),
        fc.constantFrom<'count' | 'text'>('count', 'text'),
        async (generated, pageSize, found) => {
          const at = (g: (typeof generated)[number]) =>
            [(35_000 + g.north) / 1000, (-107_000 + g.east) / 1000] as const;
          const locations = generated.map((g) =>
            syntheticLocation(g.id, ...at(g), g.active ? undefined : STALE),
          );
          const latest = new Map(generated.map((g) => [g.id, syntheticLatest(g.id, g.pm25)]));
          const poll = (size: number, meta: 'count' | 'text'): Promise<FollowedBatch> =>
            pollThrough(
              routerFetch(standInRouter({ locations, latest, pageSize: size, found: meta })),
            );
          const split = await poll(pageSize, found);
          expect(split).toEqual(await poll(1000, 'count'));
          // The oracle: every generated location inside the box, in order, and the PM2.5 of
          // the active ones.
          const inside = generated.filter((g) => {
            const [latitude, longitude] = at(g);
            return latitude <= 35.3 && longitude <= -106.3;
          });
          expect(split.places).toEqual(inside.map((g) => placeOf(g.id, ...at(g))));
          const active = inside.filter((g) => g.active);
          expect(split.samples).toEqual(active.map((g) => pm25Of(g.id, g.pm25)));
        },
      ),
      RUNS,
    );
  });
});

describe('openAqRateLimit and openAqResults', () => {
  it('reads the reset as seconds to wait, or as an epoch time when it is one', () => {
    const headers = new Headers({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-used': '1',
      'x-ratelimit-reset': '58',
    });
    expect(openAqRateLimit(headers, NOW)).toEqual({ limit: 60, remaining: 59, resetMs: 58_000 });
    const epoch = new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 30) });
    expect(openAqRateLimit(epoch, NOW)).toEqual({
      limit: undefined,
      remaining: undefined,
      resetMs: 30_000,
    });
    expect(openAqRateLimit(new Headers({ 'x-ratelimit-remaining': 'many' }), NOW).remaining).toBe(
      undefined,
    );
  });

  it('reads meta.found only when it is a count', () => {
    expect(openAqResults({ meta: { limit: 1000, found: '>1000' }, results: [] }, 'x')).toEqual({
      results: [],
      limit: 1000,
      found: undefined,
    });
    expect(openAqResults({ meta: { limit: 0, found: 0 }, results: [1] }, 'x')).toEqual({
      results: [1],
      limit: undefined,
      found: 0,
    });
    expect(() => openAqResults([], 'locations')).toThrow(
      'OpenAQ: a locations answer has no "results" array',
    );
  });
});
