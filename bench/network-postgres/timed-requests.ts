import { gunzipSync } from 'node:zlib';
import type { CoreRequest, CoreResponse } from '../../src/http/core-request.js';
import { type Api, createApi } from '../../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';

// Requests of bench/network-postgres.ts: the adapter as a server builds it (a key, limits
// that never bite, a fixed clock, node:zlib gzip), driven through its core without a socket,
// each request timed on its own (wall and this process's CPU), and its answer checked once.

/** The bench's API key. */
const KEY = 'bench-key';
/** Day and minute limits that a bench never reaches. */
const LIMIT = 1_000_000_000;

/** The network index types the bench asks for. */
export type BenchIndexType = 'VENDOR_CAQI' | 'US_AQI';

/** What each request of one case cost, in request order. */
export interface RequestTimes {
  readonly wallMs: readonly number[];
  /** User plus system CPU of this process (gzip threads included), ms. */
  readonly cpuMs: readonly number[];
  /** How many requests were asked for; fewer were measured when the case hit its time cap. */
  readonly wanted: number;
  /** The first answer, to be checked apart from the timing. */
  readonly first: CoreResponse;
}

/**
 * A fresh measurements service and adapter over `store`, with the clock fixed at `nowMs`.
 *
 * @example
 * const api = benchApi(store, Date.parse('2026-11-21T09:27:00Z'));
 */
export function benchApi(store: MeasurementStore, nowMs: number): Api {
  return createApi({
    service: createMeasurementsService({ store }),
    keys: [KEY],
    dayLimit: LIMIT,
    minuteLimit: LIMIT,
    clock: () => nowMs,
    gzip: createNodeGzip(),
    deflateRaw: createNodeDeflateRaw(),
  });
}

/**
 * `GET /v2/airq/network?indexType=…` with gzip accepted, as the page asks for the network.
 *
 * @example
 * networkRequest('US_AQI').query; // 'apikey=bench-key&indexType=US_AQI'
 */
export function networkRequest(indexType: BenchIndexType): CoreRequest {
  return {
    method: 'GET',
    path: '/v2/airq/network',
    query: `apikey=${KEY}&indexType=${indexType}`,
    headers: { 'accept-encoding': 'gzip' },
  };
}

/**
 * Sends `request` until `count` answers were timed or `capMs` of wall time (the `before` work
 * included) passed, whichever comes first; at least one request is always timed. `before`
 * runs, and is awaited, ahead of each request and outside its timing.
 *
 * @throws Error when an answer's status is not 200
 * @example
 * const times = await timeRequests(api, networkRequest('US_AQI'), 200, 60_000);
 */
export async function timeRequests(
  api: Api,
  request: CoreRequest,
  count: number,
  capMs: number,
  before?: () => Promise<void>,
): Promise<RequestTimes> {
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  let first: CoreResponse | undefined;
  const startedMs = performance.now();
  while (wallMs.length < count && (first === undefined || performance.now() - startedMs < capMs)) {
    if (before !== undefined) await before();
    const cpuBefore = process.cpuUsage();
    const sentMs = performance.now();
    const response = await api.handle(request);
    const answeredMs = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    if (response.status !== 200) {
      const bytes = bodyOf(response);
      const plain = response.headers['Content-Encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
      const text = new TextDecoder().decode(plain).slice(0, 300);
      throw new Error(
        `bench/network-postgres: ${request.query} answered ${response.status}: ${text}`,
      );
    }
    wallMs.push(answeredMs - sentMs);
    cpuMs.push((cpu.user + cpu.system) / 1000);
    first ??= response;
  }
  return { wallMs, cpuMs, wanted: count, first: first! }; // the loop runs at least once
}

/** The bytes of an answer, joined when the core gave them in pieces. */
function bodyOf(response: CoreResponse): Uint8Array {
  const chunks = response.bodyChunks;
  if (chunks !== undefined) return Buffer.concat(chunks);
  return response.body ?? new Uint8Array(0);
}

/** An element of the network answer, as much of it as the check reads. */
export interface NetworkElement {
  readonly id: number;
}

/**
 * Gunzips and parses a network answer and checks that it holds each of `count` installations
 * exactly once; returns its elements, in its order, and the gzipped size.
 *
 * @throws Error naming `what` when the answer is not gzip, or an installation is missing or
 *   repeated
 * @example
 * checkedNetworkAnswer(times.first, 10_000, 'PostgreSQL, US_AQI, first request').elements.length; // 10000
 */
export function checkedNetworkAnswer(
  response: CoreResponse,
  count: number,
  what: string,
): { elements: readonly NetworkElement[]; gzippedBytes: number } {
  if (response.headers['Content-Encoding'] !== 'gzip') {
    throw new Error(`bench/network-postgres: ${what}: the answer is not gzipped`);
  }
  const gzipped = bodyOf(response);
  const body = JSON.parse(gunzipSync(gzipped).toString('utf8')) as {
    installations?: NetworkElement[];
  };
  const elements = body.installations ?? [];
  const ids = new Set(elements.map((element) => element.id));
  const allThere = ids.size === count && elements.length === count;
  if (!allThere || !elements.every((element) => element.id >= 1 && element.id <= count)) {
    throw new Error(
      `bench/network-postgres: ${what}: ${elements.length} elements, ${ids.size} distinct ids, expected ${count} installations once each`,
    );
  }
  return { elements, gzippedBytes: gzipped.byteLength };
}

/**
 * How many elements of two answers differ (compared by their JSON, position by position).
 *
 * @example
 * differingElements(pg.elements, memory.elements); // 0 when both stores agree
 */
export function differingElements(
  a: readonly NetworkElement[],
  b: readonly NetworkElement[],
): number {
  let differing = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) differing++;
  }
  return differing;
}
