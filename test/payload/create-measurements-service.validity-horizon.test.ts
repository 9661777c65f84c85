import { describe, expect, it } from 'vitest';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { CENTRE, NOW, smallNetwork, steady } from '../helpers/payload-network.js';

// The validity horizon (`freshness`) that comes with a payload of the measurements service: when
// a request would get another payload, and a store that cannot bound it.

describe('the validity horizon in the typed result', () => {
  it('comes with each payload and says when a request would get another one', async () => {
    const memory = smallNetwork();
    memory.ingest([...steady(1, 'PM10', 40), ...steady(3, 'PM10', 20)]);
    const service = createMeasurementsService({ store: memory });
    const result = await service.installationMeasurements(1, { now: NOW });
    if (result.status !== 'ok' || result.freshness === undefined) {
      throw new Error('an installation of an in-memory store has a horizon');
    }
    const freshness = await result.freshness();
    expect(result.freshness()).toBe(result.freshness()); // worked out once
    expect(freshness.movingBounds).toBe(true);
    expect(freshness.validAt(NOW)).toBe(true);
    expect(freshness.validAt(NOW - 1)).toBe(false); // before the instant it was computed for
    expect(freshness.validAt(NOW + MS_PER_HOUR)).toBe(false); // the next hour
    const point = await service.pointMeasurements(CENTRE.latitude, CENTRE.longitude, { now: NOW });
    expect(point.freshness).toBeTypeOf('function');
    // New data for the installation: the horizon no longer holds.
    memory.ingest([{ installationId: 1, name: 'PM10', atMs: NOW - MS_PER_MINUTE, value: 900 }]);
    expect(freshness.validAt(NOW)).toBe(false);
  });

  it('is absent for a store that cannot bound it', async () => {
    const memory = smallNetwork();
    memory.ingest(steady(1, 'PM10', 40));
    // The same store without `dataVersion`: nothing tells when its data change.
    const store = new Proxy(memory, {
      get(target, name) {
        if (name === 'dataVersion') return undefined;
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as MeasurementStore;
    const result = await createMeasurementsService({ store }).installationMeasurements(1, {
      now: NOW,
    });
    expect(result.status).toBe('ok');
    expect(result.status === 'ok' && result.freshness).toBe(undefined);
  });
});
