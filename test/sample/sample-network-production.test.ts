import { beforeAll, describe, expect, it } from 'vitest';
import { createSampleNetwork, type SampleReadings } from '../../src/sample/sample-network.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { floorHourMs, MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { hourlyWindows } from '../../src/time/windows.js';
import {
  active,
  allIds,
  hourly,
  last48Hours,
  loadSampleNetwork,
  NOW,
  network,
} from '../helpers/sample-network-fixture.js';

// How the sample network produces its data over time: deterministic for a seed, the same in
// small steps as in one, pruned beyond its retention, handed to onReadings, and its messages.

beforeAll(loadSampleNetwork);

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
