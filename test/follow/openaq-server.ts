import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for OpenAQ's API v3 for the followed source's tests: a router from a request to a
// reply, served by a local node:http server on a random port (the worked examples) or called
// in-process by a fetch function (the 1,000-run properties, where sockets would only add time).

export const KEY = 'test-openaq-key-0123456789';

/** What the stand-in answers. `truncate` sends half the body and closes the connection. */
export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
  readonly truncate?: boolean;
}

export type Router = (url: URL) => Reply;

export const fixtureText = (name: string): string =>
  readFileSync(`test/fixtures/follow/openaq/${name}`, 'utf8');

export const json = (body: unknown, headers: Record<string, string> = {}): Reply => ({
  status: 200,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A box's locations by bbox, `pageSize` to a page, and each location's latest answer. */
export interface StandIn {
  readonly locations: readonly Record<string, unknown>[];
  readonly latest: ReadonlyMap<number, unknown>;
  readonly pageSize: number;
  /** `meta.found` as a count, or as OpenAQ writes a large one (`">N"`). */
  readonly found: 'count' | 'text';
}

/** Routes GET /v3/locations?bbox=…&page=… and GET /v3/locations/{id}/latest like OpenAQ. */
export function standInRouter(standIn: StandIn): Router {
  return (url) => {
    const latest = /^\/v3\/locations\/(\d+)\/latest$/.exec(url.pathname);
    if (latest !== null) {
      const body = standIn.latest.get(Number(latest[1]));
      return body === undefined ? { status: 404, body: '{"detail":"Not Found"}' } : json(body);
    }
    if (url.pathname !== '/v3/locations') return { status: 404, body: '{"detail":"Not Found"}' };
    const [west, south, east, north] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    const inside = standIn.locations.filter((location) => {
      const { latitude, longitude } = location.coordinates as Record<string, number>;
      return (
        latitude! >= south! && latitude! <= north! && longitude! >= west! && longitude! <= east!
      );
    });
    const page = Number(url.searchParams.get('page') ?? '1');
    const size = standIn.pageSize;
    const results = inside.slice((page - 1) * size, page * size);
    const found = standIn.found === 'count' ? inside.length : `>${Math.max(0, inside.length - 1)}`;
    return json({ meta: { name: 'openaq-api', website: '/', page, limit: size, found }, results });
  };
}

/** Checks the key first: OpenAQ answers 401 to a request without it. */
function keyRefusal(key: string | null): Reply | undefined {
  return key === KEY ? undefined : { status: 401, body: '{"detail":"Unauthorized"}' };
}

/** A fetch that answers from `router` in-process, recording each request's path and query. */
export function routerFetch(router: Router, requests: string[] = []): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    requests.push(`${url.pathname}${url.search}`);
    init?.signal?.throwIfAborted();
    const key = new Headers(init?.headers).get('x-api-key');
    const reply = keyRefusal(key) ?? router(url);
    return new Response(reply.body, { status: reply.status, headers: reply.headers ?? {} });
  };
}

/** A node:http server on a random port answering from `router`; `requests` lists each path. */
export async function startStandIn(router: Router): Promise<{
  baseUrl: string;
  requests: string[];
  close: () => Promise<void>;
}> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const reply = keyRefusal(request.headers['x-api-key']?.toString() ?? null) ?? router(url);
    const body = Buffer.from(reply.body);
    response.writeHead(reply.status, { ...reply.headers, 'content-length': body.length });
    if (reply.truncate === true) {
      response.write(body.subarray(0, body.length >> 1), () => response.destroy());
    } else response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A location shaped like the recorded one: one PM2.5 sensor (id × 10 + 1) and one NOx sensor
 * (id × 10 + 2), at the given place, last measured at `lastUtc`.
 */
export function syntheticLocation(
  id: number,
  latitude: number,
  longitude: number,
  lastUtc = '2025-11-26T17:00:00Z',
): Record<string, unknown> {
  return {
    id,
    name: `Station ${id}`,
    locality: 'Testville',
    timezone: 'UTC',
    country: { id: 1, code: 'XX', name: 'Testland' },
    owner: { id: 4, name: 'Owner' },
    provider: { id: 119, name: 'AirNow' },
    isMobile: false,
    isMonitor: true,
    instruments: [{ id: 2, name: 'Government Monitor' }],
    sensors: [
      {
        id: id * 10 + 1,
        name: 'pm25 µg/m³',
        parameter: { id: 2, name: 'pm25', units: 'µg/m³', displayName: 'PM2.5' },
      },
      {
        id: id * 10 + 2,
        name: 'nox ppm',
        parameter: { id: 19840, name: 'nox', units: 'ppm', displayName: 'NOx' },
      },
    ],
    coordinates: { latitude, longitude },
    bounds: [longitude, latitude, longitude, latitude],
    distance: null,
    datetimeFirst: { utc: '2016-03-06T19:00:00Z', local: '2016-03-06T19:00:00+00:00' },
    datetimeLast: { utc: lastUtc, local: lastUtc },
  };
}

/** The latest answer of a {@link syntheticLocation}: PM2.5 `pm25` at `utc`, and its NOx. */
export function syntheticLatest(id: number, pm25: number, utc = '2025-11-26T17:00:00Z'): unknown {
  const result = (sensorsId: number, value: number) => ({
    datetime: { utc, local: utc },
    value,
    coordinates: { latitude: 0, longitude: 0 },
    sensorsId,
    locationsId: id,
  });
  return {
    meta: { name: 'openaq-api', website: '/', page: 1, limit: 100, found: 2 },
    results: [result(id * 10 + 1, pm25), result(id * 10 + 2, 0.01)],
  };
}
