// Which installation a device feeds: the registry's map against a linear scan, for random sets
// and random puts, and the in-memory store's two methods for live writes (deviceInstallation,
// prepareIngest).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { InstallationRegistry } from '../../src/store/installation-registry.js';
import { parseInstallationsJson } from '../../src/store/installations-json.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import { PROPERTY_RUNS } from '../helpers/property-runs.js';
import { invalidSampleArb, validSampleArb } from '../helpers/store-arbitraries.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';

// A small pool, so that random lists often share a device; plus one no list ever names.
const DEVICES = ['esp8266-1', 'esp8266-22', 'esp8266-333', 'esp32-a', 'esp32-b2', 'esp32-c3'];
const UNNAMED = 'esp8266-999';

const memberArb = fc.record({
  id: fc.integer({ min: 1, max: 10 }),
  sensors: fc.option(fc.uniqueArray(fc.constantFrom(...DEVICES), { minLength: 1, maxLength: 3 }), {
    nil: undefined,
    freq: 2,
  }),
});
const setArb = fc
  .uniqueArray(memberArb, { selector: (member) => member.id, maxLength: 6 })
  .map((members) =>
    members.map(({ id, sensors }) => installation(id, sensors === undefined ? {} : { sensors })),
  );

function naiveOwner(list: readonly StoredInstallation[], device: string): number | undefined {
  for (const member of list) if (member.sensors?.includes(device) === true) return member.id;
  return undefined;
}

// Every naming of a device by a later installation than the first to name it, in list order.
function naiveClashes(list: readonly StoredInstallation[]): string[] {
  const clashes: string[] = [];
  list.forEach((member, j) => {
    for (const device of member.sensors ?? []) {
      const earlier = list.slice(0, j).find((other) => other.sensors?.includes(device) === true);
      if (earlier !== undefined) {
        clashes.push(
          `device ${device} is named by installation ${earlier.id} and by installation ${member.id}`,
        );
      }
    }
  });
  return clashes;
}

// What `with` builds: the base in its order, an incoming id replacing its record in place,
// new ids after it in incoming order.
function naiveMerge(
  base: readonly StoredInstallation[],
  incoming: readonly StoredInstallation[],
): StoredInstallation[] {
  const merged = base.map((member) => incoming.find((next) => next.id === member.id) ?? member);
  for (const next of incoming) if (!base.some((member) => member.id === next.id)) merged.push(next);
  return merged;
}

function expectOwnersAsOracle(
  registry: InstallationRegistry,
  list: readonly StoredInstallation[],
): void {
  for (const device of [...DEVICES, UNNAMED]) {
    expect(registry.deviceInstallation(device)).toBe(naiveOwner(list, device));
  }
}

describe('InstallationRegistry.deviceInstallation against a linear scan', () => {
  it('answers as the scan and refuses exactly the sets that name a device twice', () => {
    fc.assert(
      fc.property(setArb, setArb, (base, incoming) => {
        const clashes = naiveClashes(base);
        const parsed = parseInstallationsJson(JSON.stringify(base), 'i.json');
        expect(parsed.issues.map((issue) => issue.message)).toEqual(clashes);
        if (clashes.length > 0) {
          expect(() => InstallationRegistry.from('f', base)).toThrow(
            new RangeError(`f: invalid installations: ${clashes.join('; ')}`),
          );
          return;
        }
        const registry = InstallationRegistry.from('f', base);
        expectOwnersAsOracle(registry, base);

        const merged = naiveMerge(base, incoming);
        const mergedClashes = naiveClashes(merged);
        if (mergedClashes.length > 0) {
          expect(() => registry.with('put', incoming)).toThrow(
            new RangeError(`put: invalid installations: ${mergedClashes.join('; ')}`),
          );
        } else {
          expectOwnersAsOracle(registry.with('put', incoming), merged);
        }
        expectOwnersAsOracle(registry, base); // a registry never changes
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

describe('InMemoryStore.deviceInstallation', () => {
  it('finds the installation of a device, and follows puts', async () => {
    const store = new InMemoryStore([
      installation(11, { sensors: ['esp8266-12345678'] }),
      installation(12, { removed: true, sensors: ['esp32-a4cf12'] }),
    ]);
    expect(await store.deviceInstallation('esp8266-12345678')).toBe(11);
    expect(await store.deviceInstallation('esp32-a4cf12')).toBe(12);
    expect(await store.deviceInstallation('esp8266-1')).toBeUndefined();

    store.putInstallations([installation(13, { sensors: ['esp8266-1'] })]);
    expect(await store.deviceInstallation('esp8266-1')).toBe(13);
  });

  it('refuses a device named twice in the constructor and in putInstallations', async () => {
    expect(
      () =>
        new InMemoryStore([
          installation(11, { sensors: ['esp8266-5'] }),
          installation(12, { sensors: ['esp8266-5'] }),
        ]),
    ).toThrow(
      new RangeError(
        'InMemoryStore: invalid installations: device esp8266-5 is named by installation 11 and by installation 12',
      ),
    );
    const store = new InMemoryStore([installation(11, { sensors: ['esp8266-5'] })]);
    expect(() => store.putInstallations([installation(12, { sensors: ['esp8266-5'] })])).toThrow(
      'InMemoryStore.putInstallations: invalid installations: device esp8266-5 is named by installation 11 and by installation 12',
    );
    expect(store.installationsVersion).toBe(0);
    expect(await store.findInstallation(12)).toEqual({ status: 'missing' });

    // A move: the same call takes the device from 11.
    store.putInstallations([installation(11), installation(12, { sensors: ['esp8266-5'] })]);
    expect(await store.deviceInstallation('esp8266-5')).toBe(12);
    expect(store.installationsVersion).toBe(1);
  });
});

describe('InMemoryStore.prepareIngest', () => {
  const IDS = [11, 12, 13];
  const nine = hourOf21November(9).fromMs;
  const newStore = () =>
    new InMemoryStore([installation(11), installation(12, { successorId: 13 }), installation(13)]);

  it('reports as ingest would, and stores nothing', async () => {
    const store = newStore();
    store.pruneBefore(nine);
    const batch = [
      { installationId: 11, name: 'PM10', atMs: nine + 60_000, value: 40 },
      { installationId: 99, name: 'PM10', atMs: nine + 60_000, value: 40 },
      { installationId: 11, name: 'PM10', atMs: nine - 1, value: 40 },
    ] as const;
    const { report } = store.prepareIngest(batch);
    expect(report.accepted).toBe(1);
    expect(report.rejected.map((entry) => [entry.index, entry.reason])).toEqual([
      [1, 'unknown installation 99'],
      [
        2,
        'timestamp 2026-11-21T08:59:59.999Z is before the retention horizon 2026-11-21T09:00:00.000Z',
      ],
    ]);
    expect(store.sampleCount).toBe(0);
    expect(store.dataVersion(11, Number.POSITIVE_INFINITY)).toBe(0);
    expect(await store.windowAverages(11, [hourOf21November(9)])).toEqual([{}]);
    expect(store.ingest(batch)).toEqual(report);
  });

  it('applies the accepted samples later; judges them anew when the horizon moved meanwhile', async () => {
    const store = newStore();
    const batch = [
      { installationId: 11, name: 'PM10', atMs: nine + 60_000, value: 40 },
      { installationId: 99, name: 'PM10', atMs: nine + 60_000, value: 1 },
      { installationId: 13, name: 'PM10', atMs: nine - 60_000, value: 7 },
    ] as const;
    const prepared = store.prepareIngest(batch);
    expect(prepared.report.accepted).toBe(2);
    prepared.apply();
    expect(store.sampleCount).toBe(2);
    const later = newStore();
    const waiting = later.prepareIngest(batch);
    later.pruneBefore(nine);
    waiting.apply();
    expect(later.sampleCount).toBe(1);
    expect(await later.windowAverages(11, [hourOf21November(9)])).toEqual([{ PM10: 40 }]);
  });

  it('throws as ingest does for a batch that is not an array', () => {
    expect(() => newStore().prepareIngest('x' as never)).toThrow(TypeError);
    expect(() => newStore().prepareIngest('x' as never)).toThrow(/^InMemoryStore\.prepareIngest: /);
  });

  it('equals the report of ingest on a twin store, for random batches', () => {
    const batchArb = fc.array(fc.oneof(validSampleArb(IDS), invalidSampleArb(IDS)), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(batchArb, batchArb, (first, second) => {
        const checked = newStore();
        const ingested = newStore();
        checked.ingest(first as never);
        ingested.ingest(first as never);
        const bytes = checked.byteLength;
        const prepared = checked.prepareIngest(second as never);
        const { report } = prepared;
        expect(checked.sampleCount).toBe(ingested.sampleCount);
        expect(checked.byteLength).toBe(bytes);
        expect(report).toEqual(ingested.ingest(second as never));
        prepared.apply();
        expect(checked.sampleCount).toBe(ingested.sampleCount);
        expect(checked.byteLength).toBe(ingested.byteLength);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
