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
import {
  exactScaledSum,
  isNearestMean,
  meanWithin,
  nextUp,
  pairWithin,
  scaledExact,
  sumWithin,
} from '../helpers/series-exact.js';
import { countReads, log2Ceil } from '../helpers/series-reads.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

function treeOver(values: readonly number[]): { values: Float64Array; tree: Float64Array } {
  const stored = Float64Array.from(values);
  const tree = new Float64Array(chunkTreeLength(stored.length));
  refreshChunkTree(stored, tree, 0, stored.length);
  return { values: stored, tree };
}

describe('chunk sum tree', () => {
  it('sizes the tree to two slots per complete chunk (at least one), at most 0.5 bytes per sample', () => {
    expect(CHUNK_SIZE).toBe(32);
    expect(chunkTreeLength(0)).toBe(2);
    expect(chunkTreeLength(63)).toBe(2);
    expect(chunkTreeLength(64)).toBe(4);
    expect(chunkTreeLength(192)).toBe(12);
    expect(chunkTreeLength(10_000)).toBe(624);
    for (let capacity = 64; capacity < 100_000; capacity += 997) {
      expect(chunkTreeLength(capacity) * 8).toBeLessThanOrEqual(capacity / 2);
    }
  });

  it('divides a compensated sum back to the constant', () => {
    expect(meanOfSum(0.30000000000000004, -2.7755575615628914e-17, 3)).toBe(0.1);
    expect(meanOfSum(0, 0, 7)).toBe(0);
    expect(meanOfSum(10, 0, 4)).toBe(2.5);
    expect(meanOfSum(-7, 0, 2)).toBe(-3.5);
    // 1 + 2^-60 over 1: the residual is far below the last place of 1 and rounds away.
    expect(meanOfSum(1, 2 ** -60, 1)).toBe(1);
    // 2 + 2^-52 + 2^-53 over 2: the residual decides the rounding up to 1 + 2^-52.
    expect(meanOfSum(2 + 2 ** -51, 2 ** -53 - 2 ** -52, 2)).toBe(1 + 2 ** -52);
  });

  it('gives the double nearest to the exact mean of a normalised pair, away from underflow', () => {
    // Below about 1e-290 the halves of Dekker's product fall into the subnormal range and lose
    // bits (hi = -9.8e-299 over 300,255,171 samples is one ulp off), so the domain stops there.
    const magnitude = fc.oneof(fc.double({ min: 1e-250, max: 1e18, noNaN: true }), fc.constant(0));
    fc.assert(
      fc.property(
        fc.tuple(magnitude, fc.boolean()).map(([size, negative]) => (negative ? -size : size)),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (hi, share, count) => {
          const lo = share * (nextUp(Math.abs(hi)) - Math.abs(hi)); // |lo| <= half an ulp of hi
          expect(isNearestMean(meanOfSum(hi, lo, count), hi, lo, count)).toBe(true);
        },
      ),
      SERIES_RUNS,
    );
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

  it('sums a window without a complete chunk to double length: the pair is within 2^-90', () => {
    fc.assert(
      fc.property(
        fc.array(sampleValueArb, { minLength: 1, maxLength: 400, size: 'max' }),
        fc.nat(),
        fc.integer({ min: 0, max: 64 }),
        (values, a, length) => {
          const { values: stored, tree } = treeOver(values);
          const from = a % values.length;
          // Clip so that no complete chunk [32k, 32k + 32) lies inside [from, till).
          const chunkEnd = Math.ceil(from / CHUNK_SIZE) * CHUNK_SIZE + CHUNK_SIZE - 1;
          const till = Math.min(values.length, from + length, chunkEnd);
          const counted = countReads(stored);
          const hi = windowSum(counted.array, tree, from, till);
          const lo = tree[0]!;
          expect(counted.reads()).toBe(till - from);
          expect(hi + lo).toBe(hi); // normalised: lo is below half an ulp of hi
          expect(pairWithin(hi, lo, values.slice(from, till), 90)).toBe(true);
        },
      ),
      SERIES_RUNS,
    );
  });

  it('reads at most 2 × 31 samples and 2 per tree level for a window with complete chunks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 64, max: 3000 }), fc.nat(), fc.nat(), (length, a, b) => {
        const values = Array.from({ length }, (_, i) => (i * 7919) % 1009);
        const stored = Float64Array.from(values);
        const plainTree = new Float64Array(chunkTreeLength(stored.length));
        refreshChunkTree(stored, plainTree, 0, stored.length);
        // A window from the first chunk's worth of samples past `from` to anywhere after its first
        // complete chunk.
        const from = a % (length - CHUNK_SIZE + 1);
        const firstFull = Math.ceil(from / CHUNK_SIZE) * CHUNK_SIZE + CHUNK_SIZE;
        fc.pre(firstFull <= length);
        const till = firstFull + (b % (length - firstFull + 1));
        const samples = countReads(stored);
        const tree = countReads(plainTree);
        const hi = windowSum(samples.array, tree.array, from, till);
        const levels = log2Ceil(plainTree.length / 2) + 1; // the leaves are a level too
        expect(samples.reads()).toBeLessThanOrEqual(2 * (CHUNK_SIZE - 1));
        expect(tree.reads()).toBeLessThanOrEqual(2 * levels);
        let exact = 0; // integers below 2^53 in total: plain addition is exact
        for (let i = from; i < till; i++) exact += values[i]!;
        expect(hi).toBe(exact);
      }),
      SERIES_RUNS,
    );
  });

  it('stores each complete chunk, and each inner node, as the sum of what it covers', () => {
    fc.assert(
      fc.property(
        fc.array(sampleValueArb, { maxLength: 700, size: 'max' }),
        fc.integer({ min: 0, max: 400 }),
        (values, spare) => {
          const stored = Float64Array.from(values);
          const tree = new Float64Array(chunkTreeLength(values.length + spare));
          refreshChunkTree(stored, tree, 0, values.length);
          const leaves = tree.length / 2;
          const complete = Math.floor(values.length / CHUNK_SIZE);
          for (let chunk = 0; chunk < leaves; chunk++) {
            const leaf = tree[leaves + chunk]!;
            if (chunk >= complete) {
              expect(leaf).toBe(0); // never written: no sample of a complete chunk
              continue;
            }
            const inside = values.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE);
            // Within half an ulp of the exact chunk sum, plus 2^-90 of its magnitude.
            const error = scaledExact(leaf) - exactScaledSum(inside);
            const halfUlp = scaledExact(nextUp(Math.abs(leaf))) - scaledExact(Math.abs(leaf));
            const slack = exactScaledSum(inside.map(Math.abs)) / 2n ** 90n;
            expect((error < 0n ? -error : error) * 2n <= halfUlp * 2n + 2n * slack).toBe(true);
          }
          for (let node = leaves - 1; node >= 1; node--) {
            expect(tree[node]).toBe(tree[2 * node]! + tree[2 * node + 1]!);
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
