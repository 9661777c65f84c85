// The Admission steps through a whole request: who is counted, with which clock reading, and how
// many times the clocks are read when `clock` and `limitsClock` are one function or two.
import { describe, expect, it } from 'vitest';
import type { ApiOptions } from '../../src/http/api-options.js';
import { createApi } from '../../src/http/create-api.js';
import { coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';

const NOW_MS = Date.parse('2026-11-21T09:27:13.250Z');
const KEYED = { headers: { apikey: 'k' } };

function countingClock(readings: number[]): () => number {
  return () => {
    readings.push(NOW_MS);
    return NOW_MS;
  };
}

function api(options: Partial<ApiOptions>) {
  return createApi({ service: createFakeService(), keys: ['k'], ...options });
}

describe('Admission and the clocks', () => {
  it('reads one clock once per request when clock and limitsClock are the same function', async () => {
    const readings: number[] = [];
    const clock = countingClock(readings);
    const adapter = api({ clock, limitsClock: clock });
    for (let i = 1; i <= 3; i++) {
      const response = await adapter.handle(coreRequest('/v2/meta/indexes', KEYED));
      expect(response.status).toBe(200);
      expect(response.headers['X-RateLimit-Remaining-minute']).toBe(String(50 - i));
      expect(readings).toHaveLength(i);
    }
  });

  it('reads each of two different clocks once per request', async () => {
    const dataReadings: number[] = [];
    const limitReadings: number[] = [];
    const adapter = api({
      clock: countingClock(dataReadings),
      limitsClock: countingClock(limitReadings),
    });
    for (let i = 1; i <= 3; i++) {
      expect((await adapter.handle(coreRequest('/v2/meta/indexes', KEYED))).status).toBe(200);
      expect(dataReadings).toHaveLength(i);
      expect(limitReadings).toHaveLength(i);
    }
  });

  it('reads the data clock for a keyless route, which is not counted', async () => {
    const readings: number[] = [];
    const clock = countingClock(readings);
    const adapter = api({ clock, limitsClock: clock });
    const response = await adapter.handle(coreRequest('/v2/openapi.json'));
    expect(response.status).toBe(200);
    expect(response.headers['X-RateLimit-Remaining-minute']).toBeUndefined();
    expect(readings).toHaveLength(1);
  });

  it('answers 500 when the one shared clock fails, and counts nothing for it', async () => {
    let fail = true;
    const clock = () => (fail ? Number.NaN : NOW_MS);
    const adapter = api({ clock, limitsClock: clock });
    expect((await adapter.handle(coreRequest('/v2/meta/indexes', KEYED))).status).toBe(500);
    fail = false;
    const after = await adapter.handle(coreRequest('/v2/meta/indexes', KEYED));
    expect(after.status).toBe(200);
    expect(after.headers['X-RateLimit-Remaining-minute']).toBe('49');
  });
});
