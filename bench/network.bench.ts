import { loadavg } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { afterAll, bench, describe, vi } from 'vitest';
import type { CoreRequest, CoreResponse } from '../src/http/core-request.js';
import { type Api, createApi } from '../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../src/payload/create-measurements-service.js';
import type { InMemoryStore } from '../src/store/in-memory-store.js';
import { syntheticNetwork } from './helpers/payload-synthetic-network.js';
import { consume } from './helpers/sink.js';

// Issue 32: the whole network in one answer. GET /v2/airq/network for 10,000 installations
// (each with its current index) beside what a client had before it, /v2/installations/nearest
// asked for every installation (the same 10,000, with their addresses and sponsors but no
// index), both gzipped, through the adapter core (no socket). Three network cases: the answer
// kept by the response cache (nothing changed since the last request: the usual refresh); one
// late sample arrived before each request (one element computed again, and of the body kept in
// runs of 128 elements, src/http/network-runs.ts, one run serialised and compressed again); and
// computed from nothing kept (no response cache, no elements kept). The timed groups give wall
// time per request; the table printed at the end gives server CPU per request
// (process.cpuUsage, user + system, so the gzip threads count too) and gzipped body size, with
// ratios to nearest and to the kept answer, measured in one run.

// The test suite's setup records every createApi answer for the OpenAPI check: here that would
// join and keep every 250 KB body, and time the recording too.
vi.unmock('../src/http/create-api.js');

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const COUNT = 10_000;
const KEY = 'bench-key';
const LIMIT = 1_000_000_000;
const BENCH_OPTIONS = { time: 3000, warmupTime: 500 };
// Requests per CPU measurement of each case, after a warm-up of a quarter of that.
const CPU_REQUESTS = { kept: 400, changed: 40, computed: 20, nearest: 40 } as const;

const { store, centre } = syntheticNetwork(COUNT, NOW_MS);

function adapter(networkStore: InMemoryStore, cached: boolean): Api {
  return createApi({
    service: createMeasurementsService({ store: networkStore, cacheSize: cached ? 1024 : 0 }),
    keys: [KEY],
    dayLimit: LIMIT,
    minuteLimit: LIMIT,
    clock: () => NOW_MS,
    gzip: createNodeGzip(),
    deflateRaw: createNodeDeflateRaw(),
    ...(cached ? {} : { responseCacheBytes: 0 }),
  });
}

const request = (path: string, query: string): CoreRequest => ({
  method: 'GET',
  path,
  query: `apikey=${KEY}&${query}`,
  headers: { 'accept-encoding': 'gzip' },
});

const CASES = {
  kept: { api: adapter(store, true), request: request('/v2/airq/network', '') },
  changed: { api: adapter(store, true), request: request('/v2/airq/network', '') },
  computed: { api: adapter(store, false), request: request('/v2/airq/network', '') },
  nearest: {
    api: adapter(store, true),
    request: request(
      '/v2/installations/nearest',
      `lat=${centre.latitude}&lng=${centre.longitude}&maxDistanceKM=-1&maxResults=-1`,
    ),
  },
} as const;
type CaseName = keyof typeof CASES;

let lateSamples = 0;

async function answer(name: CaseName): Promise<CoreResponse> {
  const { api, request: sent } = CASES[name];
  if (name === 'changed') {
    // A late sample of one installation, ten minutes back: inside its moving hour.
    const installationId = (lateSamples++ % COUNT) + 1;
    const atMs = NOW_MS - 10 * 60_000 + (lateSamples % 1000);
    store.ingest([{ installationId, name: 'PM25', atMs, value: 10 + (lateSamples % 50) }]);
  }
  const response = await api.handle(sent);
  if (response.status !== 200)
    throw new Error(`bench/network: ${name} answered ${response.status}`);
  return response;
}

// Both routes answer the same installations: checked once, before anything is timed.
async function checkSameInstallations(): Promise<void> {
  const ids = async (name: CaseName) => {
    const body = JSON.parse(gunzipSync((await answer(name)).body!).toString('utf8'));
    const list = (Array.isArray(body) ? body : body.installations) as { id: number }[];
    return list.map((installation) => installation.id).sort((a, b) => a - b);
  };
  const network = await ids('kept');
  const nearest = await ids('nearest');
  if (network.length !== COUNT || network.join() !== nearest.join()) {
    throw new Error('bench/network: the two routes answer different installations');
  }
}
await checkSameInstallations();

async function cpuPerRequestUs(name: CaseName): Promise<number> {
  const count = CPU_REQUESTS[name];
  for (let i = 0; i < count / 4; i++) consume((await answer(name)).status);
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) consume((await answer(name)).status);
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / count;
}

describe(`the whole network, ${COUNT / 1000}k installations, gzip`, () => {
  bench(
    'airq /v2/airq/network, the kept answer',
    async () => consume((await answer('kept')).status),
    BENCH_OPTIONS,
  );
  bench(
    'airq /v2/airq/network, one late sample before each request',
    async () => consume((await answer('changed')).status),
    BENCH_OPTIONS,
  );
  bench(
    'airq /v2/airq/network, computed from nothing kept',
    async () => consume((await answer('computed')).status),
    { ...BENCH_OPTIONS, time: 5000 },
  );
  bench(
    '/v2/installations/nearest, every installation',
    async () => consume((await answer('nearest')).status),
    BENCH_OPTIONS,
  );
});

afterAll(async () => {
  const nearestCpu = await cpuPerRequestUs('nearest');
  const nearestBytes = (await answer('nearest')).body!.byteLength;
  const keptCpu = await cpuPerRequestUs('kept');
  const rows = [];
  for (const name of ['kept', 'changed', 'computed', 'nearest'] as const) {
    const cpuUs =
      name === 'nearest' ? nearestCpu : name === 'kept' ? keptCpu : await cpuPerRequestUs(name);
    const bytes = (await answer(name)).body!.byteLength;
    rows.push({
      case: name,
      'CPU µs / request': Math.round(cpuUs),
      'CPU ÷ kept': Number((cpuUs / keptCpu).toFixed(1)),
      'CPU ÷ nearest': Number((cpuUs / nearestCpu).toFixed(3)),
      'gzipped bytes': bytes,
      'bytes ÷ nearest': Number((bytes / nearestBytes).toFixed(3)),
    });
  }
  console.log(`bench/network: ${COUNT} installations, load average ${loadAverage()}`);
  console.table(rows);
}, 120_000);

function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}
