import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignPlaces, sameJson } from '../../src/follow/follow-sink-places.js';
import type { FollowedPlace } from '../../src/follow/followed-batch.js';
import type { PlacedInstallation } from '../../src/store/placed-installation.js';
import { RUNS } from '../helpers/property-runs.js';

// The oracle: JSON text with the keys of every object sorted, compared as text (what the follow
// sink compared before it compared in place).
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const entries = Object.entries(item as Record<string, unknown>);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

// The same value with every object's keys in another order and, at random, keys whose value is
// undefined added: both change nothing in the JSON written.
function reordered(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => reordered(item, random));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, reordered(item, random)]);
  entries.sort(() => random() - 0.5);
  if (random() < 0.3) entries.push([`absent${Math.floor(random() * 3)}`, undefined]);
  return Object.fromEntries(entries);
}

describe('sameJson', () => {
  it('compares an installation read back from jsonb with its keys in another order', () => {
    const written = {
      id: 1_000_000_000_001_071,
      location: { latitude: 50.062, longitude: 19.937 },
      address: { locality: 'Kraków', country: 'PL' },
      elevation: 219,
      vendor: false,
    };
    const readBack = {
      vendor: false,
      address: { country: 'PL', locality: 'Kraków' },
      elevation: 219,
      id: 1_000_000_000_001_071,
      location: { longitude: 19.937, latitude: 50.062 },
      sponsor: undefined,
    };
    expect(sameJson(written, readBack)).toBe(true);
    expect(sameJson(written, { ...readBack, elevation: 220 })).toBe(false);
    expect(sameJson(written, { ...readBack, address: { country: 'PL' } })).toBe(false);
    expect(sameJson(written, { ...readBack, sponsor: null })).toBe(false);
    expect(sameJson([1, undefined], [1, null])).toBe(true);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });

  it('says equal exactly when the sorted JSON texts are equal (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        fc.boolean(),
        fc.integer(),
        (a, other, same, seed) => {
          let state = seed;
          const random = () => {
            state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
            return (state >>> 8) / 2 ** 24;
          };
          const b = reordered(same ? a : other, random);
          expect(sameJson(a, b)).toBe(sortedJson(a) === sortedJson(b));
          expect(sameJson(b, a)).toBe(sortedJson(a) === sortedJson(b));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('assignPlaces: a known place described again', () => {
  const SOURCE = 'openaq';
  const described = (elevation: number, city: string | undefined): FollowedPlace => ({
    sourceId: 7,
    installation: {
      location: { latitude: 48.2, longitude: 16.37 },
      address: city === undefined ? { country: 'AT' } : { country: 'AT', city },
      elevation,
      vendor: false,
      sponsor: { id: 0, name: 'OpenAQ' },
    },
  });
  const storedAs = (place: FollowedPlace): PlacedInstallation[] =>
    assignPlaces(SOURCE, [place], []).writes.slice();

  it('writes a changed description, and nothing for the same one, with a key left undefined', () => {
    const stored = storedAs(described(170, 'Wien'));
    const id = stored[0]!.installation.id;
    const same = described(170, 'Wien');
    const withUndefined = { sourceId: 7, installation: { ...same.installation, city: undefined } };
    for (const place of [same, withUndefined]) {
      expect(assignPlaces(SOURCE, [place], stored)).toEqual({
        ids: new Map([[7, id]]),
        writes: [],
        created: 0,
      });
    }
    const moved = assignPlaces(SOURCE, [described(171, 'Wien')], stored);
    expect(moved.writes).toEqual([
      { place: stored[0]!.place, installation: { ...stored[0]!.installation, elevation: 171 } },
    ]);
    expect(moved.created).toBe(0);
  });

  it('still refuses an invalid new description of a known place', () => {
    const stored = storedAs(described(170, 'Wien'));
    expect(() => assignPlaces(SOURCE, [described(Number.NaN, 'Wien')], stored)).toThrow(TypeError);
  });

  it('writes exactly when the description differs from the stored one (1,000 runs)', () => {
    const elevation = fc.integer({ min: 0, max: 3 });
    const city = fc.constantFrom(undefined, 'Wien', 'Graz');
    fc.assert(
      fc.property(elevation, city, elevation, city, (e1, c1, e2, c2) => {
        const stored = storedAs(described(e1, c1));
        const again = assignPlaces(SOURCE, [described(e2, c2)], stored);
        const changed = e1 !== e2 || c1 !== c2;
        expect(again.writes.length).toBe(changed ? 1 : 0);
        expect(again.ids.get(7)).toBe(stored[0]!.installation.id);
        if (changed) expect(again.writes).toEqual(storedAs(described(e2, c2)));
      }),
      RUNS,
    );
  });
});
