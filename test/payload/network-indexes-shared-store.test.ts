import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { NetworkRequestOptions } from '../../src/payload/measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import type { TimeWindow } from '../../src/time/windows.js';
import { coreRequest } from '../helpers/http-client.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';
import { NOW } from '../helpers/payload-network.js';

// The network answer over a store shared by several processes (one with `refresh`, as
// PostgresStore): its elements are kept between calls and checked again after each call's
// refresh, so a call after one change reads the store for that installation alone; the answer
// carries no horizon (the adapter never answers it from its cache), and equals the answer of a
// service that keeps nothing.

const MINUTE = 60_000;
const COUNT = 40;

// An in-memory store seen as another process sees a shared one: data versions as of the last
// refresh only, and every windowAverages call counted.
class SharedView implements MeasurementStore {
  readonly inner: InMemoryStore;
  windowCalls = 0;
  refreshes = 0;
  #versions = new Map<number, number>();

  constructor(inner: InMemoryStore) {
    this.inner = inner;
  }
  get installationsVersion() {
    return this.inner.installationsVersion;
  }
  findInstallation(id: number) {
    return this.inner.findInstallation(id);
  }
  listActiveInstallations() {
    return this.inner.listActiveInstallations();
  }
  windowAverages(installationId: number, windows: readonly TimeWindow[]) {
    this.windowCalls++;
    return this.inner.windowAverages(installationId, windows);
  }
  firstSampleTimes(installationId: number, instantsMs: readonly number[]) {
    return this.inner.firstSampleTimes(installationId, instantsMs);
  }
  dataVersion(installationId: number): number {
    return this.#versions.get(installationId) ?? -1;
  }
  async refresh() {
    this.refreshes++;
    const active = await this.inner.listActiveInstallations();
    this.#versions = new Map(
      active.map(({ id }) => [id, this.inner.dataVersion(id, Number.POSITIVE_INFINITY)]),
    );
  }
}

function sharedNetwork() {
  const installations = Array.from({ length: COUNT }, (_, i) =>
    fakeInstallation(i + 1, 50 + i / 100, 19.9, { vendor: i % 5 !== 0 }),
  );
  const inner = new InMemoryStore(installations);
  // From 06:30 every 10 minutes: the moving hour of 09:27 first loses a sample at 09:30.
  for (let atMs = NOW - 3 * 60 * MINUTE + 3 * MINUTE; atMs < NOW; atMs += 10 * MINUTE) {
    inner.ingest(
      installations.map(({ id }) => ({ installationId: id, name: 'PM10', atMs, value: 10 + id })),
    );
  }
  const store = new SharedView(inner);
  const kept = createMeasurementsService({ store });
  const fresh = createMeasurementsService({ store: inner, cacheSize: 0 });
  return { inner, store, kept, fresh };
}

describe('the network answer over a store with refresh', () => {
  it('reads the store again only for what changed, and equals an answer computed afresh', async () => {
    const { inner, store, kept, fresh } = sharedNetwork();
    const ask = async (options: NetworkRequestOptions) => {
      const before = store.windowCalls;
      const result = await kept.networkIndexes!(options);
      expect(result.payload).toEqual((await fresh.networkIndexes!(options)).payload);
      expect(result.freshness).toBeUndefined();
      expect(result.elementJson?.map((text) => JSON.parse(text))).toEqual(
        result.payload.installations,
      );
      return store.windowCalls - before;
    };
    for (const indexType of ['VENDOR_CAQI', 'US_AQI'] as const) {
      expect(await ask({ now: NOW, indexType })).toBe(COUNT);
      expect(await ask({ now: NOW + 1000, indexType })).toBe(0);
      // Another process writes a late sample of 7: seen after the next refresh, and only 7 read.
      inner.ingest([{ installationId: 7, name: 'PM10', atMs: NOW - 5 * MINUTE, value: 400 }]);
      expect(await ask({ now: NOW + 2000, indexType })).toBe(1);
      // A vendor installation's oldest sample of the moving hour leaves it: read again.
      expect(await ask({ now: NOW + 3 * MINUTE + 1, indexType })).toBeGreaterThan(0);
      // A new hour: everything read again.
      expect(await ask({ now: NOW + 40 * MINUTE, indexType })).toBe(COUNT);
    }
    expect(store.refreshes).toBeGreaterThan(0);
  });

  it('answers with the same bytes as a service that keeps nothing, and never from the cache', async () => {
    const { inner, store } = sharedNetwork();
    let nowMs = NOW;
    const apiOver = (over: MeasurementStore, cacheSize: number) =>
      createApi({
        service: createMeasurementsService({ store: over, cacheSize }),
        keys: ['k'],
        clock: () => nowMs,
        dayLimit: 1e6,
        minuteLimit: 1e6,
        gzip: createNodeGzip(),
        deflateRaw: createNodeDeflateRaw(),
      });
    const kept = apiOver(store, 1024);
    const fresh = apiOver(inner, 0);
    const request = (encoding: string) =>
      coreRequest('/v2/airq/network', { headers: { apikey: 'k', 'accept-encoding': encoding } });
    const text = (body: unknown, gzipped: boolean) => {
      const bytes = Buffer.concat(
        (Array.isArray(body) ? body : [body]).map((piece) => Buffer.from(piece as Uint8Array)),
      );
      return (gzipped ? gunzipSync(bytes) : bytes).toString('utf8');
    };
    for (const step of [0, 1, 2, 3]) {
      nowMs = NOW + step * 1000;
      if (step === 2) {
        inner.ingest([{ installationId: 3, name: 'PM10', atMs: NOW - MINUTE, value: 250 }]);
      }
      for (const encoding of ['gzip', 'identity']) {
        const gzipped = encoding === 'gzip';
        const got = await kept.handle(request(encoding));
        const want = await fresh.handle(request(encoding));
        expect(got.status).toBe(200);
        // As every answer over such a store: to be asked again each time.
        expect(got.headers['Cache-Control']).toBe('private, no-cache');
        expect(got.headers.ETag).toBe(want.headers.ETag);
        expect(text(got.body, gzipped)).toBe(text(want.body, gzipped));
      }
    }
  });

  it('reads a few installations at a time, and starts no more once one read failed', async () => {
    const { store, kept } = sharedNetwork();
    let inFlight = 0;
    let most = 0;
    let started = 0;
    let failAt = Number.POSITIVE_INFINITY;
    const read = store.windowAverages.bind(store);
    store.windowAverages = async (installationId, windows) => {
      started++;
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        // A turn of the event loop, as a database would take.
        await new Promise((resolve) => setImmediate(resolve));
        if (started >= failAt) throw new Error('the store is down');
        return await read(installationId, windows);
      } finally {
        inFlight--;
      }
    };
    await kept.networkIndexes!({ now: NOW });
    expect(started).toBe(COUNT);
    expect(most).toBe(8);
    // A new hour, every element stale: the fifth read fails, and at most the 7 in flight beside it
    // are still started after it.
    started = 0;
    failAt = 5;
    await expect(kept.networkIndexes!({ now: NOW + 40 * MINUTE })).rejects.toThrow(
      'the store is down',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBeLessThan(5 + 8);
  });

  it('computes an element once for requests that need it at the same time', async () => {
    const { store, kept, fresh } = sharedNetwork();
    const options = { now: NOW };
    const answers = await Promise.all([1, 2, 3].map(() => kept.networkIndexes!(options)));
    expect(store.windowCalls).toBe(COUNT);
    const want = (await fresh.networkIndexes!(options)).payload;
    for (const { payload } of answers) expect(payload).toEqual(want);
    // A request of the next hour beside one of this hour: the first computes every element (the
    // kept ones ended with the hour), the second takes the kept ones, and neither waits on the
    // other's entries, which are not exact for it.
    const before = store.windowCalls;
    await Promise.all([
      kept.networkIndexes!({ now: NOW + 40 * MINUTE }),
      kept.networkIndexes!({ now: NOW + 1000 }),
    ]);
    expect(store.windowCalls - before).toBe(COUNT);
  });
});
