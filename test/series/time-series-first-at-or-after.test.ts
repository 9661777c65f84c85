import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

describe('TimeSeries.firstAtOrAfter', () => {
  it('finds the first sample at or after an instant (the example)', () => {
    const series = new TimeSeries();
    series.add(Date.UTC(2026, 10, 21, 9, 0), 10);
    series.add(Date.UTC(2026, 10, 21, 9, 30), 20);
    expect(series.firstAtOrAfter(Date.UTC(2026, 10, 21, 9, 10))).toBe(
      Date.UTC(2026, 10, 21, 9, 30),
    );
    expect(series.firstAtOrAfter(Date.UTC(2026, 10, 21, 9, 30))).toBe(
      Date.UTC(2026, 10, 21, 9, 30),
    );
    expect(series.firstAtOrAfter(Date.UTC(2026, 10, 21, 9, 31))).toBeUndefined();
    expect(() => series.firstAtOrAfter(Number.NaN)).toThrow(
      'TimeSeries.firstAtOrAfter: atMs must be a finite number of epoch milliseconds, got NaN',
    );
  });

  it('agrees with a scan of the samples, late ones and pruning included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 60 }),
        fc.integer({ min: -10, max: 510 }),
        fc.integer({ min: -10, max: 300 }),
        (times, atMs, prunedBeforeMs) => {
          const series = new TimeSeries();
          for (const time of times) series.add(time, 1);
          series.pruneBefore(prunedBeforeMs);
          const kept = times.filter((time) => time >= prunedBeforeMs && time >= atMs);
          const expected = kept.length === 0 ? undefined : Math.min(...kept);
          expect(series.firstAtOrAfter(atMs)).toBe(expected);
        },
      ),
      SERIES_RUNS,
    );
  });
});
