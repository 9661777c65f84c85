import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { seriesOf } from '../helpers/series-from-samples.js';

// The window queries of TimeSeries (average, count, sum) on worked examples; the same queries
// against the oracle are in time-series-window-properties.test.ts.

const NINE_UTC = Date.UTC(2026, 10, 21, 9);

describe('TimeSeries worked examples', () => {
  const series = seriesOf([
    { atMs: NINE_UTC, value: 10 },
    { atMs: NINE_UTC + 30 * MS_PER_MINUTE, value: 20 },
    { atMs: NINE_UTC + MS_PER_HOUR, value: 99 },
  ]);

  it('averages a half-open hour: the sample at from counts, the one at till does not', () => {
    expect(series.average(NINE_UTC, NINE_UTC + MS_PER_HOUR)).toBe(15);
    expect(series.count(NINE_UTC, NINE_UTC + MS_PER_HOUR)).toBe(2);
    expect(series.sum(NINE_UTC, NINE_UTC + MS_PER_HOUR)).toBe(30);
    expect(series.average(NINE_UTC + MS_PER_HOUR, NINE_UTC + 2 * MS_PER_HOUR)).toBe(99);
  });

  it('returns undefined, never 0 or NaN, for a window without samples', () => {
    expect(series.average(NINE_UTC + 2 * MS_PER_HOUR, NINE_UTC + 3 * MS_PER_HOUR)).toBeUndefined();
    expect(series.average(NINE_UTC + 1, NINE_UTC + 30 * MS_PER_MINUTE)).toBeUndefined();
    expect(new TimeSeries().average(0, 1)).toBeUndefined();
    expect(series.count(NINE_UTC + 2 * MS_PER_HOUR, NINE_UTC + 3 * MS_PER_HOUR)).toBe(0);
    expect(series.sum(NINE_UTC + 2 * MS_PER_HOUR, NINE_UTC + 3 * MS_PER_HOUR)).toBe(0);
  });

  it('reads from >= till as an empty window', () => {
    expect(series.average(NINE_UTC, NINE_UTC)).toBeUndefined();
    expect(series.average(NINE_UTC + MS_PER_HOUR, NINE_UTC)).toBeUndefined();
    expect(series.count(NINE_UTC + MS_PER_HOUR, NINE_UTC)).toBe(0);
    expect(series.sum(NINE_UTC + MS_PER_HOUR, NINE_UTC)).toBe(0);
  });

  it('reports its extent', () => {
    expect(series.length).toBe(3);
    expect(series.firstAtMs).toBe(NINE_UTC);
    expect(series.lastAtMs).toBe(NINE_UTC + MS_PER_HOUR);
    expect(new TimeSeries().firstAtMs).toBeUndefined();
    expect(new TimeSeries().lastAtMs).toBeUndefined();
  });

  it('rejects non-finite query bounds, naming the function, parameter and value', () => {
    expect(() => series.average(Number.NaN, 1)).toThrow(
      new RangeError(
        'TimeSeries.average: fromMs must be a finite number of epoch milliseconds, got NaN',
      ),
    );
    expect(() => series.average(0, Number.POSITIVE_INFINITY)).toThrow(
      new RangeError(
        'TimeSeries.average: tillMs must be a finite number of epoch milliseconds, got Infinity',
      ),
    );
    expect(() => series.count(Number.NEGATIVE_INFINITY, 0)).toThrow('TimeSeries.count: fromMs');
    expect(() => series.sum(0, Number.NaN)).toThrow('TimeSeries.sum: tillMs');
    expect(() => series.pruneBefore(Number.NaN)).toThrow('TimeSeries.pruneBefore: atMs');
    expect(() => series.average('0' as never, 1)).toThrow(TypeError);
    expect(() => series.average(0, '1' as never)).toThrow('got "1"');
  });

  it('keeps a small window exact after months of much larger values', () => {
    // 30 days of pressure, then 100 minutes of PM 5.17: the PM hour must be exactly 5.17. A
    // plain running prefix sum over the same data gives 5.1700000018 here.
    const mixed = new TimeSeries();
    const start = Date.UTC(2026, 9, 1);
    const pressureSamples = 30 * (MS_PER_DAY / MS_PER_MINUTE);
    for (let i = 0; i < pressureSamples; i++) {
      mixed.add(start + i * MS_PER_MINUTE, 1013.25 + (i % 7) * 0.37);
    }
    const pmStart = start + pressureSamples * MS_PER_MINUTE;
    for (let i = 0; i < 100; i++) mixed.add(pmStart + i * MS_PER_MINUTE, 5.17);
    expect(mixed.average(pmStart + 20 * MS_PER_MINUTE, pmStart + 80 * MS_PER_MINUTE)).toBe(5.17);
    expect(mixed.count(pmStart + 20 * MS_PER_MINUTE, pmStart + 80 * MS_PER_MINUTE)).toBe(60);
  });

  it('gives exactly 0 for an hour of zeros after a windy month, and never a negative mean', () => {
    const wind = new TimeSeries();
    const start = Date.UTC(2026, 9, 1);
    const minutes = 30 * (MS_PER_DAY / MS_PER_MINUTE);
    for (let i = 0; i < minutes; i++)
      wind.add(start + i * MS_PER_MINUTE, i < minutes - 200 ? 3.7 + Math.sin(i) : 0);
    const calmFrom = start + (minutes - 150) * MS_PER_MINUTE;
    expect(wind.average(calmFrom, calmFrom + MS_PER_HOUR)).toBe(0);
    expect(wind.sum(calmFrom, calmFrom + 2 * MS_PER_HOUR)).toBe(0);
  });

  it('means a constant exactly, even where a plain sum drifts', () => {
    const tenths = new TimeSeries();
    for (let i = 0; i < 1000; i++) tenths.add(i, 0.1);
    let plain = 0;
    for (let i = 0; i < 1000; i++) plain += 0.1;
    expect(plain / 1000).not.toBe(0.1);
    expect(tenths.average(0, 1000)).toBe(0.1);
    expect(tenths.average(3, 997)).toBe(0.1);
  });

  it('accepts any finite bound, fractional or far outside the data', () => {
    expect(series.average(-1e300, 1e300)).toBe(43);
    expect(series.average(NINE_UTC - 0.5, NINE_UTC + 0.5)).toBe(10);
    expect(series.average(NINE_UTC + 0.5, NINE_UTC + MS_PER_HOUR + 0.5)).toBe(59.5);
  });
});
