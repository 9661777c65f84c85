import { describe, expect, it } from 'vitest';
import {
  chunkTreeLength,
  refreshChunkTree,
  transplantLeaves,
  windowSum,
} from '../../src/series/chunk-sum-tree.js';
import { countReads } from '../helpers/series-reads.js';

// Every window and every refresh of small trees, checked against oracles written here: the
// chunk layout (32 samples a chunk, one leaf per complete chunk, leaves at length / 2 + chunk)
// and the sums of integers, which plain addition gets exactly. Deterministic, so that it
// catches an off-by-one at a chunk edge whatever the number of property runs.

const CHUNK = 32;

/** Integers with distinct bits per position, so a sample counted twice or missed shows. */
function integerValues(length: number): Float64Array {
  return Float64Array.from({ length }, (_, i) => ((i * 7919) % 1009) + 1);
}

function built(values: Float64Array, capacity: number): Float64Array {
  const tree = new Float64Array(chunkTreeLength(capacity));
  refreshChunkTree(values, tree, 0, values.length);
  return tree;
}

/** What a node covers, by walking its descendants down to the leaf slots (>= leaves). */
function nodeOracle(values: Float64Array, leaves: number, node: number): number {
  if (node >= leaves) {
    const chunk = node - leaves;
    if ((chunk + 1) * CHUNK > values.length) return 0; // never written
    let sum = 0;
    for (let i = chunk * CHUNK; i < (chunk + 1) * CHUNK; i++) sum += values[i]!;
    return sum;
  }
  return nodeOracle(values, leaves, 2 * node) + nodeOracle(values, leaves, 2 * node + 1);
}

describe('chunk sum tree, exhaustively on small trees', () => {
  it('sums every window of up to 3 chunks exactly, reading only the loose samples', () => {
    const wrong: string[] = [];
    for (const length of [0, 1, 31, 32, 33, 65, 97]) {
      const values = integerValues(length);
      const tree = built(values, length);
      const counted = countReads(values);
      for (let from = 0; from <= length; from++) {
        let exact = 0;
        for (let till = from; till <= length; till++) {
          if (till > from) exact += values[till - 1]!;
          const firstFull = Math.ceil(from / CHUNK) * CHUNK;
          const lastFull = Math.floor(till / CHUNK) * CHUNK;
          // Loose samples: all of them when no complete chunk fits, else the two edges.
          const loose =
            firstFull + CHUNK <= till ? firstFull - from + (till - lastFull) : till - from;
          counted.reset();
          const sum = windowSum(counted.array, tree, from, till);
          if (sum !== exact || tree[0] !== 0 || counted.reads() !== loose) {
            wrong.push(`[${from}, ${till}) of ${length}: ${sum}, ${counted.reads()} reads`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps every node equal to what it covers, after a refresh from any chunk', () => {
    for (const capacity of [0, 31, 32, 64, 95, 96, 128, 160, 200, 224, 288, 352]) {
      const leaves = chunkTreeLength(capacity) / 2;
      expect(leaves).toBe(Math.max(1, Math.floor(capacity / CHUNK)));
      for (const length of new Set([0, 33, capacity >> 1, capacity - 7, capacity])) {
        if (length < 0 || length > capacity) continue;
        const values = integerValues(length);
        const tree = built(values, capacity);
        for (let node = 1; node < 2 * leaves; node++) {
          expect(tree[node]).toBe(nodeOracle(values, leaves, node));
        }
        // Change one sample per chunk from `first` on, refresh from `first`, compare again.
        for (let first = 0; first * CHUNK < length; first++) {
          const changed = Float64Array.from(values);
          for (let i = first * CHUNK; i < length; i += CHUNK) changed[i] = changed[i]! + 1000;
          const refreshed = Float64Array.from(tree);
          refreshChunkTree(changed, refreshed, first, length);
          for (let node = 1; node < 2 * leaves; node++) {
            expect(refreshed[node]).toBe(nodeOracle(changed, leaves, node));
          }
        }
      }
    }
  });

  it('rebuilds the inner nodes of a transplanted tree of any size', () => {
    for (let length = CHUNK; length <= 9 * CHUNK; length += 17) {
      const values = integerValues(length);
      const tree = built(values, length);
      const chunks = Math.floor(length / CHUNK);
      for (const capacity of [length, length + 31, length + 32, 2 * length, 3 * length + 5]) {
        const moved = new Float64Array(chunkTreeLength(capacity));
        transplantLeaves(tree, moved, chunks);
        const leaves = moved.length / 2;
        for (let node = 1; node < 2 * leaves; node++) {
          expect(moved[node]).toBe(nodeOracle(values, leaves, node));
        }
      }
    }
  });

  it('leaves the tree alone when no complete chunk changed', () => {
    const values = integerValues(100);
    const tree = built(values, 100);
    const before = Float64Array.from(tree);
    values[99] = -1; // in the incomplete last chunk
    refreshChunkTree(values, tree, 3, 100);
    refreshChunkTree(values, tree, 5, 100);
    expect([...tree]).toEqual([...before]);
    transplantLeaves(tree, tree, 0);
    expect([...tree]).toEqual([...before]);
  });
});
