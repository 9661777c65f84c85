import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../src/geo/haversine.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { allWindows, isNoDataWindow, payloadNumberProblems } from '../helpers/payload-checks.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';
import { CENTRE, EAST, NOW, network, payloadOf } from '../helpers/payload-network.js';

// The measurements service asked by location, on the network of test/helpers/payload-network.ts:
// the nearest installation and its payload, the nearest installations, and a point's values
// interpolated by inverse distance.

describe('nearest queries', () => {
  it('nearestMeasurements: the nearest active installation and its payload', async () => {
    const { service } = network();
    const result = await service.nearestMeasurements(50.0618, 19.937, {}, { now: NOW });
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.installation.id).toBe(1);
    expect(result.distanceKm).toBeCloseTo(
      haversineKm(50.0618, 19.937, CENTRE.latitude, CENTRE.longitude),
      9,
    );
    expect(result.payload).toEqual(await payloadOf(service, 1));
  });

  it('nearestMeasurements: none-in-range beyond maxDistanceKM (default 3 km); negative = no limit', async () => {
    const { service } = network();
    expect(await service.nearestMeasurements(51, 21, {}, { now: NOW })).toEqual({
      status: 'none-in-range',
    });
    expect(
      await service.nearestMeasurements(50.1, 19.9366, { maxDistanceKM: 1 }, { now: NOW }),
    ).toEqual({
      status: 'none-in-range',
    });
    const anywhere = await service.nearestMeasurements(51, 21, { maxDistanceKM: -1 }, { now: NOW });
    expect(anywhere.status === 'ok' && anywhere.installation.id).toBe(7);
  });

  it('nearestInstallations: active ones only, nearest first, spec defaults', async () => {
    const { service } = network();
    expect((await service.nearestInstallations(50.07, 19.94)).map((i) => i.id)).toEqual([1]);
    const all = await service.nearestInstallations(50.07, 19.94, {
      maxDistanceKM: -1,
      maxResults: -1,
    });
    expect(all.map((i) => i.id)).toEqual([1, 2, 5, 7]);
    expect(all[0]).toEqual(fakeInstallation(1, CENTRE.latitude, CENTRE.longitude));
  });

  it('builds the spatial index once per change of installationsVersion, not per request', async () => {
    const { store, service } = network();
    await Promise.all([
      service.nearestInstallations(50.07, 19.94),
      service.nearestInstallations(50.07, 19.94),
      service.pointMeasurements(50.07, 19.94, { now: NOW }),
    ]);
    await service.nearestMeasurements(50.07, 19.94, {}, { now: NOW });
    expect(store.listActiveCalls).toBe(1);
    store.putInstallations([fakeInstallation(8, 50.0701, 19.9401)]);
    expect((await service.nearestInstallations(50.07, 19.94)).map((i) => i.id)).toEqual([8]);
    await service.nearestInstallations(50.07, 19.94);
    expect(store.listActiveCalls).toBe(2);
  });
});

describe('pointMeasurements', () => {
  it('far from every sensor: a 200-able payload of no-data elements and no contributors', async () => {
    const { service } = network();
    const { payload } = await service.pointMeasurements(49, 22, { now: NOW, language: 'pl' });
    expect(allWindows(payload).every(isNoDataWindow)).toBe(true);
    expect(payload.history).toHaveLength(24);
    expect(payload.forecast).toHaveLength(24);
    expect(payload.interpolation).toEqual({
      method: 'INVERSE_DISTANCE',
      radiusKm: 1.5,
      contributors: [],
    });
    expect(payload.current.fromDateTime).toBe('2026-11-21T08:27:00.000Z');
  });

  it('at a sensor: that sensor’s values, with weight 1', async () => {
    const { service } = network();
    const { payload } = await service.pointMeasurements(CENTRE.latitude, CENTRE.longitude, {
      now: NOW,
    });
    expect(payload.current.values).toEqual((await payloadOf(service, 1)).current.values);
    expect(payload.interpolation.contributors).toEqual([
      { installationId: 1, distanceKm: 0, weight: 1 },
      { installationId: 2, distanceKm: expect.any(Number), weight: 0 },
    ]);
  });

  it('between two sensors: inverse-distance weights, per type and per window', async () => {
    const { service } = network();
    // A point 0.3 km from the centre installation towards the east one.
    const point = {
      latitude: 50.0614,
      longitude:
        19.9366 + (0.3 / haversineKm(50.0614, 19.9366, 50.0614, 19.952)) * (19.952 - 19.9366),
    };
    const { payload } = await service.pointMeasurements(point.latitude, point.longitude, {
      now: NOW,
    });
    const dA = haversineKm(point.latitude, point.longitude, CENTRE.latitude, CENTRE.longitude);
    const dB = haversineKm(point.latitude, point.longitude, EAST.latitude, EAST.longitude);
    const wA = 1 / dA / (1 / dA + 1 / dB);
    const contributors = payload.interpolation.contributors;
    expect(contributors.map((c) => c.installationId)).toEqual([1, 2]);
    expect(contributors[0]?.weight).toBeCloseTo(wA, 12);
    expect(contributors[0]!.weight + contributors[1]!.weight).toBeCloseTo(1, 12);
    // current: the vendor's moving hour (PM10 40) with the third party's 07:00 hour (PM10 80);
    // PM25 and TEMPERATURE only from the vendor installation.
    const pm10 = wA * 40 + (1 - wA) * 80;
    expect(payload.current.values).toEqual([
      { name: 'PM25', value: 20 },
      { name: 'PM10', value: Math.round(pm10 * 100) / 100 },
      { name: 'TEMPERATURE', value: -2 },
    ]);
    expect(payload.current.indexes).toEqual([computeIndex({ PM25: 20, PM10: pm10 })]);
    // 08:00–09:00: the third party has no data yet, so PM10 is the vendor's alone.
    expect(payload.history[23]?.values.find((v) => v.name === 'PM10')?.value).toBe(40);
    expect(payload.history[0]?.values.find((v) => v.name === 'PM10')?.value).toBeCloseTo(pm10, 2);
    // The forecast interpolates the two installations' own forecasts (both flat).
    expect(payload.forecast[5]?.values.find((v) => v.name === 'PM10')?.value).toBeCloseTo(pm10, 2);
    expect(payloadNumberProblems(payload)).toEqual([]);
  });

  it('ignores replaced and removed installations in range', async () => {
    const { service } = network();
    const { payload } = await service.pointMeasurements(50.07, 19.94, { now: NOW });
    expect(payload.interpolation.contributors.map((c) => c.installationId)).not.toContain(6);
    expect(payload.current.values.find((v) => v.name === 'PM10')?.value).not.toBe(500);
  });
});
