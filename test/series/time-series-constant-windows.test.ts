import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';
import { MS_PER_MINUTE } from '../../src/time/instant.js';

// The documented promise "a constant window gives exactly that constant" (docs/series.md,
// Accuracy), checked on every window of small series, so that it does not depend on how many
// random cases a property draws.
//
// Why constants with a full mantissa: the running total k × c of such a constant is rarely a
// double, so every addition of a loose sample (before the window's first complete chunk of 32)
// and of a tree node rounds, and only the residual of the error-free two-sum carries the lost
// bits. The mean comes out as exactly c only when that residual is exact; a residual computed
// with rounding of its own is off by a few units in the last place of the total, which moves
// the mean of a short window off c. Every window of 200 samples includes windows with 1 to 31
// loose samples at either edge and every way the chunks split into tree nodes.

const START_MS = Date.UTC(2026, 10, 1);
const COUNT = 200;

// 0.1 and 5.17 have no short binary expansion; 1013.3 is pressure-sized; 1 / 3 is the double
// nearest to a third; -7.3 makes the totals negative.
const CONSTANTS = [0.1, 5.17, 1013.3, 1 / 3, -7.3];

function constantSeries(value: number, count: number): TimeSeries {
  const series = new TimeSeries();
  for (let i = 0; i < count; i++) series.add(START_MS + i * MS_PER_MINUTE, value);
  return series;
}

/** Every window [from, till) of whole minutes whose mean is not exactly `value`. */
function windowsOffTheConstant(series: TimeSeries, value: number, fromMinute: number): string[] {
  const wrong: string[] = [];
  for (let from = fromMinute; from < COUNT; from++) {
    for (let till = from + 1; till <= COUNT; till++) {
      const average = series.average(
        START_MS + from * MS_PER_MINUTE,
        START_MS + till * MS_PER_MINUTE,
      );
      if (average !== value) wrong.push(`${value} over minutes [${from}, ${till}): ${average}`);
    }
  }
  return wrong;
}

describe('TimeSeries.average of a constant, every window', () => {
  it('gives exactly the constant for every window of 200 samples added one by one', () => {
    for (const value of CONSTANTS) {
      expect(windowsOffTheConstant(constantSeries(value, COUNT), value, 0)).toEqual([]);
    }
  });

  it('gives exactly the constant for every window of a series stored in one batch', () => {
    for (const value of CONSTANTS) {
      const series = new TimeSeries();
      series.addBatch(
        Array.from({ length: COUNT }, (_, i) => START_MS + i * MS_PER_MINUTE),
        new Array<number>(COUNT).fill(value),
      );
      expect(windowsOffTheConstant(series, value, 0)).toEqual([]);
    }
  });

  it('gives exactly the constant after pruning moved the samples off the chunk grid', () => {
    // Pruning 45 samples and adding more until the buffer compacts or grows shifts the live
    // samples by 45 positions: the chunks of 32 then start at other samples than before.
    for (const value of CONSTANTS) {
      const series = constantSeries(value, 150);
      expect(series.pruneBefore(START_MS + 45 * MS_PER_MINUTE)).toBe(45);
      for (let i = 150; i < COUNT; i++) series.add(START_MS + i * MS_PER_MINUTE, value);
      expect(series.length).toBe(COUNT - 45);
      expect(windowsOffTheConstant(series, value, 45)).toEqual([]);
    }
  });
});
