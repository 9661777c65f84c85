import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';

// The edges of the memory policy, with byte counts written out from the documented layout:
// 16 bytes per slot of capacity plus 8 × 2 × max(1, complete chunks of 32) for the tree.

function bytes(capacity: number): number {
  return 16 * capacity + 16 * Math.max(1, Math.floor(capacity / 32));
}

function filled(capacity: number, count: number): TimeSeries {
  const series = new TimeSeries({ initialCapacity: capacity });
  for (let i = 0; i < count; i++) series.add(i, i);
  return series;
}

describe('TimeSeries memory edges', () => {
  it('shrinks only when the buffer is more than 4 × too large, not at exactly 4 ×', () => {
    const atFour = filled(64, 20);
    expect(atFour.pruneBefore(4)).toBe(4); // 16 live in 64 slots: exactly 4 × 16
    expect(atFour.byteLength).toBe(bytes(64));
    const aboveFour = filled(65, 20);
    expect(aboveFour.pruneBefore(4)).toBe(4); // 65 > 4 × 16: shrinks to max(16, ⌈16 × 1.4⌉)
    expect(aboveFour.byteLength).toBe(bytes(23));
    expect(aboveFour.toArrays().atMs).toEqual(Float64Array.from({ length: 16 }, (_, i) => i + 4));
  });

  it('trims a full buffer whose oldest samples were pruned', () => {
    const series = filled(16, 16); // full: end at the capacity
    expect(series.pruneBefore(1)).toBe(1); // 15 live from position 1, no shrink (16 ≤ 64)
    expect(series.byteLength).toBe(bytes(16));
    series.trimToSize();
    expect(series.byteLength).toBe(bytes(15));
    expect(series.toArrays().atMs).toEqual(Float64Array.from({ length: 15 }, (_, i) => i + 1));
    expect(series.average(0, 16)).toBe(8); // (1 + … + 15) / 15, the tree rebuilt
  });

  it('trims a buffer with room at the end and none pruned', () => {
    const series = filled(100, 70);
    series.trimToSize();
    expect(series.byteLength).toBe(bytes(70));
    expect(series.sum(0, 70)).toBe((69 * 70) / 2);
  });
});
