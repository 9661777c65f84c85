import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../src/http/create-api.js';
import { RUN_ELEMENTS } from '../../src/http/network-runs.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { MS_PER_MINUTE } from '../../src/time/instant.js';
import { coreRequest } from '../helpers/http-client.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';

// Worked examples of the network body kept in runs, through the adapter: after one late
// sample, an installation added or removed, or in a box, the answer is byte for byte what an
// adapter that keeps nothing answers at the same instant (its gzip decompressing to the same
// bytes, with the same tag), and only the runs whose elements changed are compressed again.

const KEY = 'runs-key';
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
// Three runs and a bit: the last run is short.
const COUNT = 3 * RUN_ELEMENTS + 5;

function installationAt(id: number) {
  return fakeInstallation(id, 50 + Math.floor(id / 20) * 0.01, 19.9 + (id % 20) * 0.01);
}

function storeOf(count: number): InMemoryStore {
  const store = new InMemoryStore(Array.from({ length: count }, (_, i) => installationAt(i + 1)));
  const samples: Sample[] = [];
  for (let id = 1; id <= count; id++) {
    for (let atMs = NOW_MS - 90 * MS_PER_MINUTE; atMs < NOW_MS; atMs += 10 * MS_PER_MINUTE) {
      samples.push({ installationId: id, name: 'PM25', atMs, value: (id * 7) % 60 });
      samples.push({ installationId: id, name: 'PM10', atMs, value: (id * 11) % 90 });
    }
  }
  store.ingest(samples);
  return store;
}

let store: InMemoryStore;
let api: Api;
let bare: Api;
let compressed: string[];

beforeEach(() => {
  store = storeOf(COUNT);
  compressed = [];
  const nodeDeflateRaw = createNodeDeflateRaw();
  const options = { keys: [KEY], clock: () => NOW_MS, gzip: createNodeGzip() };
  api = createApi({
    ...options,
    service: createMeasurementsService({ store }),
    deflateRaw: (bytes, gzipOptions) => {
      compressed.push(new TextDecoder().decode(bytes));
      return nodeDeflateRaw(bytes, gzipOptions);
    },
  });
  // The oracle: nothing kept, so each body is serialised whole from a fresh computation.
  bare = createApi({
    ...options,
    service: createMeasurementsService({ store, cacheSize: 0 }),
    responseCacheBytes: 0,
  });
});

async function get(on: Api, query = '', gzip = true) {
  const headers: Record<string, string> = { apikey: KEY };
  if (gzip) headers['accept-encoding'] = 'gzip';
  const response = await on.handle(coreRequest(`/v2/airq/network?${query}`, { headers }));
  expect(response.status).toBe(200);
  const body = Buffer.from(response.body!);
  const text = (gzip ? gunzipSync(body) : body).toString('utf8');
  return { text, etag: response.headers.ETag!, encoding: response.headers['Content-Encoding'] };
}

// The kept adapter's answer, gzip and identity, checked against the oracle's.
async function answerMatchingTheOracle(query = '') {
  const gzipped = await get(api, query);
  expect(gzipped.encoding).toBe('gzip');
  const plain = await get(api, query, false);
  const expected = await get(bare, query, false);
  expect(gzipped.text).toBe(expected.text);
  expect(plain.text).toBe(expected.text);
  expect(gzipped.etag).toBe(expected.etag);
  expect(plain.etag).toBe(expected.etag);
  return gzipped;
}

function lateSample(installationId: number, value: number): void {
  store.ingest([{ installationId, name: 'PM25', atMs: NOW_MS - 5 * MS_PER_MINUTE, value }]);
}

describe('GET /v2/airq/network kept in runs', () => {
  it('compresses again only the run of an installation with a late sample', async () => {
    const first = await answerMatchingTheOracle();
    expect(JSON.parse(first.text).installations).toHaveLength(COUNT);
    expect(compressed).toHaveLength(4);
    compressed.length = 0;
    lateSample(RUN_ELEMENTS + 3, 250); // in the second run
    const second = await answerMatchingTheOracle();
    expect(second.etag).not.toBe(first.etag);
    expect(compressed).toHaveLength(1);
    expect(compressed[0]).toContain(`{"id":${RUN_ELEMENTS + 3},`);
    expect(compressed[0]!.startsWith(',{"id":')).toBe(true);
  });

  it('keeps the bytes and the tag when an element is computed again to the same JSON', async () => {
    const first = await answerMatchingTheOracle();
    compressed.length = 0;
    // A sample the store already holds, sent again: the installation's version moves, so its
    // element is computed again, to the same JSON.
    const version = store.dataVersion(7, Number.POSITIVE_INFINITY);
    store.ingest([
      { installationId: 7, name: 'PM25', atMs: NOW_MS - 10 * MS_PER_MINUTE, value: (7 * 7) % 60 },
    ]);
    expect(store.dataVersion(7, Number.POSITIVE_INFINITY)).not.toBe(version);
    const second = await answerMatchingTheOracle();
    expect(second.text).toBe(first.text);
    expect(second.etag).toBe(first.etag);
    expect(compressed).toHaveLength(0);
  });

  it('answers exactly after an installation is added and after one is removed', async () => {
    const first = await answerMatchingTheOracle();
    store.putInstallations([installationAt(COUNT + 1)]);
    const added = await answerMatchingTheOracle();
    expect(JSON.parse(added.text).installations).toHaveLength(COUNT + 1);
    expect(added.etag).not.toBe(first.etag);
    store.putInstallations([{ ...installationAt(2), removed: true }]);
    const removed = await answerMatchingTheOracle();
    const ids = JSON.parse(removed.text).installations.map((i: { id: number }) => i.id);
    expect(ids).toHaveLength(COUNT);
    expect(ids).not.toContain(2);
    expect(removed.etag).not.toBe(added.etag);
  });

  it('keeps a box in runs of its own, untouched by a late sample outside it', async () => {
    // Installations 1 … 19 stand on the first row (latitude 50): the box holds them alone.
    const box = 'minLat=49.999&maxLat=50.001&minLng=19.9&maxLng=20.2';
    const first = await answerMatchingTheOracle(box);
    expect(JSON.parse(first.text).installations.map((i: { id: number }) => i.id)).toEqual(
      Array.from({ length: 19 }, (_, i) => i + 1),
    );
    compressed.length = 0;
    lateSample(300, 250);
    expect((await answerMatchingTheOracle(box)).etag).toBe(first.etag);
    expect(compressed).toHaveLength(0);
    lateSample(4, 250);
    const inside = await answerMatchingTheOracle(box);
    expect(inside.etag).not.toBe(first.etag);
    expect(compressed).toHaveLength(1);
  });
});
