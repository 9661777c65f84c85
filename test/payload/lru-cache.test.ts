import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/payload/lru-cache.js';

describe('LruCache', () => {
  it('forgets the least recently used entry first (the example)', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
    const none = new LruCache<string, number>(0);
    none.set('a', 1);
    expect(none.get('a')).toBeUndefined();
    expect(() => new LruCache(-1)).toThrow(
      new RangeError('LruCache: capacity must be a non-negative integer, got -1'),
    );
  });

  it('agrees with a list kept in use order, through sets, gets and deletes', () => {
    const op = fc.record({
      kind: fc.constantFrom('set', 'get', 'delete'),
      key: fc.integer({ min: 0, max: 6 }),
      value: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(op, { maxLength: 60 }),
        (capacity, ops) => {
          const cache = new LruCache<number, number>(capacity);
          let oracle: [number, number][] = []; // oldest first
          for (const { kind, key, value } of ops) {
            const at = oracle.findIndex(([k]) => k === key);
            if (kind === 'set') {
              if (at >= 0) oracle.splice(at, 1);
              if (capacity > 0) oracle.push([key, value]);
              if (oracle.length > capacity) oracle = oracle.slice(1);
              cache.set(key, value);
            } else if (kind === 'delete') {
              if (at >= 0) oracle.splice(at, 1);
              cache.delete(key);
            } else {
              const expected = at >= 0 ? oracle[at]![1] : undefined;
              if (at >= 0) oracle.push(...oracle.splice(at, 1));
              expect(cache.get(key)).toBe(expected);
            }
            expect(cache.size).toBe(oracle.length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('with weights, keeps the most recent entries whose weights fit the capacity', () => {
    const op = fc.record({
      set: fc.boolean(),
      key: fc.integer({ min: 0, max: 6 }),
      weight: fc.integer({ min: 0, max: 12 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.array(op, { maxLength: 60 }),
        (capacity, ops) => {
          const cache = new LruCache<number, number>(capacity, (weight) => weight);
          let oracle: number[][] = []; // [key, weight], oldest first
          const total = () => oracle.reduce((sum, [, weight]) => sum + weight!, 0);
          for (const { set, key, weight } of ops) {
            const at = oracle.findIndex(([k]) => k === key);
            if (set) {
              if (at >= 0) oracle.splice(at, 1);
              if (weight <= capacity) oracle.push([key, weight]);
              while (total() > capacity) oracle = oracle.slice(1);
              cache.set(key, weight);
            } else {
              const expected = at >= 0 ? oracle[at]![1] : undefined;
              if (at >= 0) oracle.push(...oracle.splice(at, 1));
              expect(cache.get(key)).toBe(expected);
            }
            expect([cache.size, cache.weight]).toEqual([oracle.length, total()]);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
