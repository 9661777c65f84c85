import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';

// The exact message of every query bound that is not a finite number, for every method and
// parameter: the function, the parameter and the value, written out here (not built from src).

const EXPECTED = 'must be a finite number of epoch milliseconds';

type Query = (series: TimeSeries, value: unknown) => unknown;

const BOUNDS: readonly [string, string, Query][] = [
  ['TimeSeries.average', 'fromMs', (s, v) => s.average(v as number, 1)],
  ['TimeSeries.average', 'tillMs', (s, v) => s.average(0, v as number)],
  ['TimeSeries.count', 'fromMs', (s, v) => s.count(v as number, 1)],
  ['TimeSeries.count', 'tillMs', (s, v) => s.count(0, v as number)],
  ['TimeSeries.sum', 'fromMs', (s, v) => s.sum(v as number, 1)],
  ['TimeSeries.sum', 'tillMs', (s, v) => s.sum(0, v as number)],
  ['TimeSeries.firstAtOrAfter', 'atMs', (s, v) => s.firstAtOrAfter(v as number)],
  ['TimeSeries.pruneBefore', 'atMs', (s, v) => s.pruneBefore(v as number)],
];

describe('TimeSeries query bounds', () => {
  for (const [functionName, parameterName, query] of BOUNDS) {
    it(`${functionName} names ${parameterName} and the value it refused`, () => {
      const series = new TimeSeries();
      series.add(0, 1);
      for (const [value, shown] of [
        [Number.NaN, 'NaN'],
        [Number.POSITIVE_INFINITY, 'Infinity'],
        [Number.NEGATIVE_INFINITY, '-Infinity'],
      ] as const) {
        expect(() => query(series, value)).toThrow(
          new RangeError(`${functionName}: ${parameterName} ${EXPECTED}, got ${shown}`),
        );
      }
      expect(() => query(series, '5')).toThrow(
        new TypeError(`${functionName}: ${parameterName} ${EXPECTED}, got "5"`),
      );
      expect(() => query(series, undefined)).toThrow(TypeError);
      expect(series.length).toBe(1); // a refused prune removed nothing
    });
  }

  it('keeps its capacity when a prune removes nothing, even with much room to spare', () => {
    const series = new TimeSeries({ initialCapacity: 1000 });
    for (let i = 1; i <= 10; i++) series.add(i, i);
    const bytes = series.byteLength;
    expect(series.pruneBefore(0)).toBe(0);
    expect(series.pruneBefore(1)).toBe(0);
    expect(series.byteLength).toBe(bytes);
    expect(series.pruneBefore(2)).toBe(1); // now it removes one and gives the room back
    expect(series.byteLength).toBe(16 * 16 + 2 * 8); // 16 slots (1.4 × 9 → 13, at least 16)
    expect(series.toArrays().atMs).toEqual(Float64Array.from({ length: 9 }, (_, i) => i + 2));
  });

  it('sums an empty window to 0 and averages it to undefined, also a reversed one', () => {
    const series = new TimeSeries();
    for (let i = 0; i < 100; i++) series.add(i * 10, 1 + i);
    for (const [fromMs, tillMs] of [
      [5, 10],
      [991, 2000],
      [-50, 0],
      [500, 400],
      [300, 300],
    ] as const) {
      expect(series.sum(fromMs, tillMs)).toBe(0);
      expect(Object.is(series.sum(fromMs, tillMs), 0)).toBe(true);
      expect(series.count(fromMs, tillMs)).toBe(0);
      expect(series.average(fromMs, tillMs)).toBeUndefined();
    }
  });
});
