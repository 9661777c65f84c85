import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  chunkTreeLength,
  meanOfSum,
  refreshChunkTree,
  transplantLeaves,
  windowSum,
} from '../../src/series/chunk-sum-tree.js';
import { sampleValueArb } from '../helpers/series-arbitraries.js';
import { meanWithin, sumWithin } from '../helpers/series-exact.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

function treeOver(values: readonly number[]): { values: Float64Array; tree: Float64Array } {
  const stored = Float64Array.from(values);
  const tree = new Float64Array(chunkTreeLength(stored.length));
  refreshChunkTree(stored, tree, 0, stored.length);
  return { values: stored, tree };
}

describe('chunk sum tree', () => {
  it('sizes the tree to a power of two of complete chunks, at most 0.5 bytes per sample', () => {
    expect(CHUNK_SIZE).toBe(64);
    expect(chunkTreeLength(0)).toBe(2);
    expect(chunkTreeLength(127)).toBe(2);
    expect(chunkTreeLength(192)).toBe(8);
    expect(chunkTreeLength(10_000)).toBe(512);
    for (let capacity = 64; capacity < 100_000; capacity += 997) {
      expect(chunkTreeLength(capacity) * 8).toBeLessThanOrEqual(capacity / 2);
    }
  });

  it('divides a compensated sum back to the constant', () => {
    expect(meanOfSum(0.30000000000000004, -2.7755575615628914e-17, 3)).toBe(0.1);
    expect(meanOfSum(0, 0, 7)).toBe(0);
  });

  it('uses the nodes: a window of whole chunks equals the direct sum of its leaves', () => {
    const { values, tree } = treeOver(Array.from({ length: 64 * 5 }, (_, i) => i));
    expect(windowSum(values, tree, 64, 256)).toBe((64 + 255) * 96);
    expect(windowSum(values, tree, 10, 300)).toBe(((10 + 299) * 290) / 2);
    expect(tree[0]).toBe(0);
  });

  it('sums any range to within 2^-48 of its Σ|v|, whatever lies outside it', () => {
    fc.assert(
      fc.property(
        fc.array(sampleValueArb, { minLength: 1, maxLength: 700, size: 'max' }),
        fc.nat(),
        fc.nat(),
        (values, a, b) => {
          const { values: stored, tree } = treeOver(values);
          const from = Math.min(a, b) % (values.length + 1);
          const till = Math.max(a, b) % (values.length + 1);
          fc.pre(from <= till);
          const hi = windowSum(stored, tree, from, till);
          const lo = tree[0]!;
          const inside = values.slice(from, till);
          expect(sumWithin(hi, inside, 48)).toBe(true);
          if (till > from) {
            expect(meanWithin(meanOfSum(hi, lo, till - from), inside, 48)).toBe(true);
          }
        },
      ),
      SERIES_RUNS,
    );
  });

  it('refreshes only what changed: a partial refresh equals a rebuild from scratch', () => {
    fc.assert(
      fc.property(
        fc.array(sampleValueArb, { minLength: 1, maxLength: 700, size: 'max' }),
        fc.nat(),
        sampleValueArb,
        (values, at, replacement) => {
          const { values: stored, tree } = treeOver(values);
          const position = at % values.length;
          stored[position] = replacement;
          refreshChunkTree(stored, tree, Math.floor(position / CHUNK_SIZE), stored.length);
          const fresh = treeOver([...stored]).tree;
          expect([...tree.subarray(1)]).toEqual([...fresh.subarray(1)]);
        },
      ),
      SERIES_RUNS,
    );
  });
});

describe('transplantLeaves', () => {
  it('gives a tree of another size the same answers as a rebuild', () => {
    fc.assert(
      fc.property(
        fc.array(sampleValueArb, { minLength: 1, maxLength: 700, size: 'max' }),
        fc.integer({ min: 0, max: 1400 }),
        (values, extraCapacity) => {
          const { values: stored, tree } = treeOver(values);
          const capacity = values.length + extraCapacity;
          const moved = new Float64Array(chunkTreeLength(capacity));
          transplantLeaves(tree, moved, Math.floor(values.length / CHUNK_SIZE));
          const rebuilt = new Float64Array(chunkTreeLength(capacity));
          refreshChunkTree(stored, rebuilt, 0, values.length);
          expect([...moved.subarray(1)]).toEqual([...rebuilt.subarray(1)]);
        },
      ),
      SERIES_RUNS,
    );
  });
});
