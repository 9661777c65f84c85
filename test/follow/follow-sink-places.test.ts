import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from '../../src/follow/follow-sink-places.js';

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
