import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import { KEY, network, START } from '../helpers/http-cache-network.js';
import { coreRequest, identity } from '../helpers/http-client.js';

// The response cache of the measurement routes on worked examples: when it answers, when it
// computes again, and If-None-Match. The property against an adapter without caches is in
// measurements-cache.test.ts.

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
