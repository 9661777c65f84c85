import { beforeAll, describe, expect, it } from 'vitest';
import type { Installation } from '../../src/model/api-types.js';
import {
  createSampleNetwork,
  type SampleNetwork,
  type SampleReadings,
} from '../../src/sample/sample-network.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { installationIssues } from '../../src/store/installation-validation.js';
import { floorHourMs, MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { hourlyWindows } from '../../src/time/windows.js';
import { naiveRawIndex, referenceLevel } from '../helpers/index-oracles.js';
import { REFERENCE_INDEXES } from '../helpers/index-reference-tables.js';
import { bruteHaversineKm } from '../helpers/store-haversine.js';

const NOW = Date.parse('2026-11-21T09:27:13.000Z');
const VENDOR_TYPES = ['PM1', 'PM25', 'PM10', 'PRESSURE', 'HUMIDITY', 'TEMPERATURE'];
// The level names of the reference tables, lowest first.
const LEVELS = {
  VENDOR_CAQI: ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH', 'EXTREME', 'AIRMAGEDDON'],
  CAQI: ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'],
  PIJP: ['VERY_GOOD', 'GOOD', 'MODERATE', 'SATISFACTORY', 'BAD', 'VERY_BAD'],
} as const;

let network: SampleNetwork;
let active: readonly Installation[];
let allIds: number[];
const last48Hours = hourlyWindows(floorHourMs(NOW) - 48 * MS_PER_HOUR, 49);
// One record per window, as the store returns them.
type WindowRecords = Awaited<ReturnType<SampleNetwork['store']['windowAverages']>>;
const hourly = new Map<number, WindowRecords>();

beforeAll(async () => {
  network = createSampleNetwork({ now: NOW });
  active = await network.store.listActiveInstallations();
  const { replaced, chainStart, chainMiddle, removed } = network.ids;
  allIds = [...active.map((i) => i.id), replaced, chainStart, chainMiddle, removed];
  for (const id of allIds) hourly.set(id, await network.store.windowAverages(id, last48Hours));
});

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

describe('sample network production', () => {
  it('is deterministic for a seed and a time, and differs for another seed', async () => {
    const again = createSampleNetwork({ now: NOW, seed: 1 });
    expect(await again.store.listActiveInstallations()).toEqual(active);
    expect(again.ids).toEqual(network.ids);
    expect(again.store.sampleCount).toBe(network.store.sampleCount);
    for (const id of allIds)
      expect(await again.store.windowAverages(id, last48Hours)).toEqual(hourly.get(id));
    const other = createSampleNetwork({ now: NOW, seed: 2 });
    expect(await other.store.listActiveInstallations()).not.toEqual(active);
  });

  it('produces the same data in small steps as in one step, and nothing twice', async () => {
    const stepwise = createSampleNetwork({ now: NOW });
    const oneGo = createSampleNetwork({ now: NOW });
    const endMs = NOW + 95 * MS_PER_MINUTE;
    let stepped = 0;
    for (let t = NOW + 7 * MS_PER_MINUTE; t < endMs; t += 7 * MS_PER_MINUTE)
      stepped += stepwise.produceUntil(t);
    stepped += stepwise.produceUntil(endMs);
    const once = oneGo.produceUntil(endMs);
    expect(stepped).toBe(once);
    expect(once).toBeGreaterThan(0);
    expect(oneGo.produceUntil(endMs)).toBe(0);
    expect(oneGo.produceUntil(NOW)).toBe(0);
    expect(oneGo.producedUntilMs).toBe(endMs);
    expect(oneGo.store.sampleCount).toBe(network.store.sampleCount + once);
    const windows = hourlyWindows(floorHourMs(NOW) - 3 * MS_PER_HOUR, 6);
    for (const id of allIds) {
      expect(await stepwise.store.windowAverages(id, windows)).toEqual(
        await oneGo.store.windowAverages(id, windows),
      );
    }
    // Still current: every own device has data in the hour before the new time, third parties
    // have their newest reading 1 to 2 hours old.
    const [own] = await oneGo.store.windowAverages(network.ids.chainEnd, [
      { fromMs: endMs - MS_PER_HOUR, tillMs: endMs },
    ]);
    expect(Object.keys(own ?? {})).toHaveLength(6);
    const thirdParty = network.ids.thirdParty[0]!;
    const [newer, older] = await oneGo.store.windowAverages(thirdParty, [
      { fromMs: endMs - MS_PER_HOUR + 1, tillMs: endMs + 1 },
      { fromMs: endMs - 2 * MS_PER_HOUR + 1, tillMs: endMs - MS_PER_HOUR + 1 },
    ]);
    expect(newer).toEqual({});
    expect(Object.keys(older ?? {})).toHaveLength(3);
  });

  it('prunes beyond its 72-hour retention while it keeps producing', () => {
    const longRunning = createSampleNetwork({ now: NOW, seed: 3 });
    const laterMs = NOW + 80 * MS_PER_HOUR;
    longRunning.produceUntil(laterMs);
    expect(longRunning.store.retainedFromMs).toBe(laterMs - 72 * MS_PER_HOUR);
  });

  it('hands every stored reading to onReadings, so a copy elsewhere holds the same data', async () => {
    const readings: SampleReadings[] = [];
    const copied = createSampleNetwork({ now: NOW, seed: 5, onReadings: (r) => readings.push(r) });
    copied.produceUntil(NOW + 10 * MS_PER_MINUTE);
    const copy = new InMemoryStore(copied.installations);
    for (const { installationId, name, atMs, values } of readings)
      copy.ingestColumns(installationId, name, atMs, values);
    expect(copied.installations).toHaveLength(allIds.length);
    expect(copy.sampleCount).toBe(copied.store.sampleCount);
    const windows = hourlyWindows(floorHourMs(NOW) - 2 * MS_PER_HOUR, 3);
    for (const id of [
      copied.ids.replaced,
      ...(await copied.store.listActiveInstallations()).map((i) => i.id),
    ]) {
      expect(await copy.windowAverages(id, windows)).toEqual(
        await copied.store.windowAverages(id, windows),
      );
    }
  });

  it('rejects a bad time or seed', () => {
    expect(() => createSampleNetwork({ now: Number.NaN })).toThrow(
      /createSampleNetwork: now must be a valid point in time, got NaN/,
    );
    expect(() => createSampleNetwork({ now: NOW, seed: 1.5 })).toThrow(
      /createSampleNetwork: seed must be a safe integer, got 1.5/,
    );
    expect(() => createSampleNetwork({ now: NOW, onReadings: 1 as never })).toThrow(
      /createSampleNetwork: onReadings must be a function, got 1/,
    );
    expect(() => network.produceUntil(Infinity)).toThrow(
      /SampleNetwork.produceUntil: nowMs must be a finite number/,
    );
  });
});
