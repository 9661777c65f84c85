import type { TimeSeries } from '../../src/series/time-series.js';

/**
 * Everything a caller can observe about a series, with the window statistics over the given
 * windows, as plain data that `toEqual` can compare (the samples as ordinary arrays).
 */
export function observeSeries(
  series: TimeSeries,
  windows: readonly { readonly fromMs: number; readonly tillMs: number }[],
): unknown {
  const { atMs, values } = series.toArrays();
  return {
    length: series.length,
    firstAtMs: series.firstAtMs,
    lastAtMs: series.lastAtMs,
    byteLength: series.byteLength,
    atMs: [...atMs],
    values: [...values],
    windows: windows.map(({ fromMs, tillMs }) => ({
      average: series.average(fromMs, tillMs),
      count: series.count(fromMs, tillMs),
      sum: series.sum(fromMs, tillMs),
    })),
  };
}
