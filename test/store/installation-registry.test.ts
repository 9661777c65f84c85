// A registry grown piece by piece (`with`, as a followed source stores its new places a few
// hundred at a time) answers as the naive walk of the whole set says: every lookup, the active
// list in ascending id, every device's installation; and a piece that would break the set is
// refused as it would be in one piece.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstallationRegistry } from '../../src/store/installation-registry.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import { RUNS } from '../helpers/property-runs.js';
import { installation } from '../helpers/store-fixtures.js';
import { naiveLookups } from '../helpers/store-oracle.js';

function statusOf(registry: InstallationRegistry, id: number): string {
  const lookup = registry.lookup(id);
  return lookup.status === 'replaced' ? `replaced→${lookup.successorId}` : lookup.status;
}

/** Expects `registry` to answer for `all` as the naive walk and a naive device map say. */
function expectAnswers(registry: InstallationRegistry, all: readonly StoredInstallation[]) {
  const expected = naiveLookups(all)!;
  for (const [id, status] of expected) expect(statusOf(registry, id)).toBe(status);
  const activeIds = [...expected].filter(([, status]) => status === 'active').map(([id]) => id);
  expect(registry.active.map((entry) => entry.id)).toEqual(activeIds.sort((a, b) => a - b));
  for (const entry of registry.active) {
    expect(registry.lookup(entry.id)).toEqual({ status: 'active', installation: entry });
  }
  for (const { id, sensors } of all) {
    for (const device of sensors ?? []) expect(registry.deviceInstallation(device)).toBe(id);
  }
  expect(registry.has(Math.max(0, ...all.map(({ id }) => id)) + 1)).toBe(false);
}

describe('InstallationRegistry grown piece by piece', () => {
  it('adds new installations, removed ones too, with their devices, in any order of ids', () => {
    let registry = InstallationRegistry.from('f', [installation(5), installation(2)]);
    const pieces = [
      [installation(9, { sensors: ['esp8266-9'] }), installation(1, { removed: true })],
      [installation(3), installation(7, { sensors: ['esp8266-7', 'esp32-7a'] })],
    ];
    for (const piece of pieces) registry = registry.with('f', piece);
    expectAnswers(registry, [installation(5), installation(2), ...pieces.flat()]);
    expect(registry.active.map(({ id }) => id)).toEqual([2, 3, 5, 7, 9]);
    expect(registry.lookup(1).status).toBe('missing');
    expect(registry.deviceInstallation('esp32-7a')).toBe(7);
  });

  it('refuses a new installation naming a device another one names, as a whole set would', () => {
    const registry = InstallationRegistry.from('f', [installation(1, { sensors: ['esp8266-1'] })]);
    const clash = [installation(2, { sensors: ['esp8266-1'] })];
    expect(() => registry.with('f', clash)).toThrow(
      new RangeError(
        'f: invalid installations: device esp8266-1 is named by installation 1 and by installation 2',
      ),
    );
    expect(() => registry.with('f', [installation(3), installation(3)])).toThrow(
      new RangeError('f: installation id 3 appears more than once'),
    );
  });

  it('answers as the naive walk of the whole set, for any pieces and replacements', () => {
    // Installations 1…n; each may name a successor among the ids before it in the set's order
    // of arrival (so every piece leaves a valid set), may be removed, and may carry a device.
    const setArb = fc.integer({ min: 1, max: 40 }).chain((n) =>
      fc.record({
        order: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i + 1),
          { minLength: n, maxLength: n },
        ),
        successor: fc.array(fc.option(fc.nat(), { nil: undefined, freq: 4 }), {
          minLength: n,
          maxLength: n,
        }),
        removed: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        device: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        cuts: fc.array(fc.integer({ min: 1, max: n }), { maxLength: 6 }),
        replaced: fc.array(fc.nat(), { maxLength: 3 }),
      }),
    );
    fc.assert(
      fc.property(setArb, ({ order, successor, removed, device, cuts, replaced }) => {
        const all = order.map((id, at) => {
          const extra: { successorId?: number; removed?: boolean; sensors?: string[] } = {};
          const pick = successor[at];
          if (pick !== undefined && at > 0) extra.successorId = order[pick % at]!; // at < n
          if (removed[at]) extra.removed = true;
          if (device[at]) extra.sensors = [`esp8266-${id}`];
          return installation(id, extra);
        });
        const bounds = [0, ...new Set(cuts)].sort((a, b) => a - b);
        let registry = InstallationRegistry.from('f', []);
        for (const [k, start] of bounds.entries()) {
          registry = registry.with('f', all.slice(start, bounds[k + 1] ?? all.length));
        }
        // Some installations come again, changed (the full analysis): a device dropped.
        const current = [...all];
        for (const pick of replaced) {
          const at = pick % current.length;
          const { sensors: _, ...without } = current[at]!;
          current[at] = without;
          registry = registry.with('f', [without]);
        }
        expectAnswers(registry, current);
      }),
      RUNS,
    );
  });
});
