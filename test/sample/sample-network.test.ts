import { beforeAll, describe, expect, it } from 'vitest';
import { installationIssues } from '../../src/store/installation-validation.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { naiveRawIndex, referenceLevel } from '../helpers/index-oracles.js';
import { REFERENCE_INDEXES } from '../helpers/index-reference-tables.js';
import {
  active,
  hourly,
  loadSampleNetwork,
  NOW,
  network,
} from '../helpers/sample-network-fixture.js';
import { bruteHaversineKm } from '../helpers/store-haversine.js';

// The layout and the data of the sample network (its production over time:
// sample-network-production.test.ts; golden values: sample-network-golden.test.ts).

const VENDOR_TYPES = ['PM1', 'PM25', 'PM10', 'PRESSURE', 'HUMIDITY', 'TEMPERATURE'];
// The level names of the reference tables, lowest first.
const LEVELS = {
  VENDOR_CAQI: ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH', 'EXTREME', 'AIRMAGEDDON'],
  CAQI: ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'],
  PIJP: ['VERY_GOOD', 'GOOD', 'MODERATE', 'SATISFACTORY', 'BAD', 'VERY_BAD'],
} as const;

beforeAll(loadSampleNetwork);

function typesOf(id: number): string[] {
  const seen = new Set<string>();
  for (const record of hourly.get(id) ?? []) for (const name of Object.keys(record)) seen.add(name);
  return [...seen].sort();
}

describe('sample network layout', () => {
  it('has at least 150 active, valid installations around Kraków', () => {
    expect(active.length).toBeGreaterThanOrEqual(150);
    for (const installation of active) {
      expect(installationIssues(installation)).toEqual([]);
      expect(installation.address.city).toBe('Kraków');
      expect(installation.elevation).toBeGreaterThanOrEqual(200);
      expect(installation.elevation).toBeLessThanOrEqual(300);
      const { latitude, longitude } = installation.location;
      // Inside a 20 × 20 km square around the centre: at most ~14.2 km away.
      expect(
        bruteHaversineKm(latitude, longitude, network.centre.latitude, network.centre.longitude),
      ).toBeLessThan(14.3);
    }
  });

  it('is dense in the centre: several sensors within 1.5 km of it', () => {
    const { latitude, longitude } = network.centre;
    expect(network.centre).toEqual({ latitude: 50.0614, longitude: 19.9366 });
    const near = active.filter(
      (i) =>
        bruteHaversineKm(latitude, longitude, i.location.latitude, i.location.longitude) <= 1.5,
    );
    expect(near.length).toBeGreaterThanOrEqual(5);
    expect(near.some((i) => i.vendor)).toBe(true);
  });

  it('has about 10% third-party stations measuring PM10, PM25 and NO2 only', () => {
    const thirdParty = active.filter((i) => !i.vendor).map((i) => i.id);
    expect(thirdParty).toEqual(network.ids.thirdParty);
    const share = thirdParty.length / active.length;
    expect(share).toBeGreaterThanOrEqual(0.08);
    expect(share).toBeLessThanOrEqual(0.12);
    for (const id of thirdParty) expect(typesOf(id)).toEqual(['NO2', 'PM10', 'PM25']);
  });

  it('gives own devices the six vendor types, except the listed partial ones', () => {
    const partial = new Set(network.ids.partial);
    expect(partial.size).toBeGreaterThan(0);
    for (const installation of active.filter((i) => i.vendor)) {
      const types = typesOf(installation.id);
      expect(types.every((name) => VENDOR_TYPES.includes(name))).toBe(true);
      expect(types.length === VENDOR_TYPES.length).toBe(!partial.has(installation.id));
    }
  });

  it('tells the replacement story: replaced, a chain A → B → C, and a removed one', async () => {
    const { store, ids } = network;
    expect(await store.findInstallation(ids.replaced)).toMatchObject({
      status: 'replaced',
      successorId: ids.replacement,
    });
    expect(await store.findInstallation(ids.chainStart)).toMatchObject({
      status: 'replaced',
      successorId: ids.chainEnd,
    });
    expect(await store.findInstallation(ids.chainMiddle)).toMatchObject({
      status: 'replaced',
      successorId: ids.chainEnd,
    });
    expect(await store.findInstallation(ids.chainEnd)).toMatchObject({ status: 'active' });
    expect(await store.findInstallation(ids.replacement)).toMatchObject({ status: 'active' });
    expect(await store.findInstallation(ids.removed)).toEqual({ status: 'missing' });
    const activeIds = new Set(active.map((i) => i.id));
    for (const id of [ids.replaced, ids.chainStart, ids.chainMiddle, ids.removed])
      expect(activeIds.has(id)).toBe(false);
  });

  it('keeps the history of retired installations and starts successors at their installation', () => {
    const { ids } = network;
    const hasData = (id: number) =>
      (hourly.get(id) ?? []).map((record) => Object.keys(record).length > 0);
    for (const id of [ids.replaced, ids.chainStart, ids.chainMiddle, ids.removed]) {
      expect(hasData(id).some(Boolean)).toBe(true);
      expect(hasData(id).at(-1)).toBe(false); // retired before the current hour
    }
    expect(hasData(ids.replacement)[0]).toBe(false);
    expect(hasData(ids.chainEnd)[0]).toBe(false);
    expect(hasData(ids.chainEnd).at(-1)).toBe(true);
  });
});

describe('sample network data', () => {
  it('reaches every level of VENDOR_CAQI, CAQI and PIJP in some hourly PM average', () => {
    // Levels from the reference grids and ranges through the naive oracle (unrounded index),
    // not from src's index code.
    for (const [indexType, levels] of Object.entries(LEVELS)) {
      const reference = REFERENCE_INDEXES[indexType as keyof typeof LEVELS];
      const seen = new Set<string>();
      for (const records of hourly.values()) {
        for (const record of records) {
          const pm: Record<string, number> = {};
          if (record.PM10 !== undefined) pm.PM10 = record.PM10;
          if (record.PM25 !== undefined) pm.PM25 = record.PM25;
          const raw = naiveRawIndex(reference, pm);
          if (raw !== null) seen.add(referenceLevel(reference, raw).level);
        }
      }
      for (const level of levels) expect(seen.has(level), `${indexType} ${level}`).toBe(true);
    }
  });

  it('has a smog episode beyond the top thresholds and clean hours below the lowest', () => {
    const pm10 = [...hourly.values()]
      .flatMap((records) => records.map((r) => r.PM10 ?? Number.NaN))
      .filter(Number.isFinite);
    const pm25 = [...hourly.values()]
      .flatMap((records) => records.map((r) => r.PM25 ?? Number.NaN))
      .filter(Number.isFinite);
    expect(Math.max(...pm10)).toBeGreaterThan(270);
    expect(Math.max(...pm25)).toBeGreaterThan(165);
    expect(Math.min(...pm10)).toBeLessThan(10);
    expect(Math.min(...pm25)).toBeLessThan(6);
  });

  it('gives every active own device data in the current hour', async () => {
    const current = { fromMs: NOW - MS_PER_HOUR, tillMs: NOW };
    for (const installation of active.filter((i) => i.vendor)) {
      const [record] = await network.store.windowAverages(installation.id, [current]);
      expect(Object.keys(record ?? {}).sort()).toEqual(typesOf(installation.id));
    }
  });

  it('reports own devices at least every 5 minutes', async () => {
    const fiveMinutes = Array.from({ length: 48 * 12 }, (_, k) => ({
      fromMs: NOW - (k + 1) * 5 * MS_PER_MINUTE,
      tillMs: NOW - k * 5 * MS_PER_MINUTE,
    }));
    for (const installation of active.filter((i) => i.vendor).slice(0, 12)) {
      if (installation.id === network.ids.replacement || installation.id === network.ids.chainEnd)
        continue;
      const records = await network.store.windowAverages(installation.id, fiveMinutes);
      expect(records.every((record) => Object.keys(record).length > 0)).toBe(true);
    }
  });

  it('delivers third-party data hourly with the newest reading 1 to 2 hours old', async () => {
    for (const id of network.ids.thirdParty) {
      const [newer, window] = await network.store.windowAverages(id, [
        { fromMs: NOW - MS_PER_HOUR + 1, tillMs: NOW + 1 },
        { fromMs: NOW - 2 * MS_PER_HOUR + 1, tillMs: NOW - MS_PER_HOUR + 1 },
      ]);
      expect(newer).toEqual({});
      expect(Object.keys(window ?? {}).sort()).toEqual(['NO2', 'PM10', 'PM25']);
    }
  });
});
