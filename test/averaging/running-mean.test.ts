import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runningAt, runningMean } from '../../src/averaging/running-window.js';
import { exactCaptureArb, hourlySeriesArb } from '../helpers/averaging-arbitraries.js';
import { closeTo, naiveRunningMean, newestFirst } from '../helpers/averaging-oracles.js';

const NaN_ = Number.NaN;

// Every running-mean capture rule of world-indexes.md §2: [hours, minimum present].
const RULES = [
  [8, 6], // US_AQI O3 and CO, UK_DAQI O3, IN_NAQI O3 and CO
  [24, 18], // US_AQI SO2_24H, EAQI 2019 PM, UK_DAQI PM
  [24, 16], // IN_NAQI PM25, PM10, NO2, SO2
  [24, 20], // CN_AQI 2012 SO2_24H
  [3, 2], // CA_AQHI
  [1, 1], // every 1-h value: the hour exists
] as const;

describe('runningMean examples', () => {
  it('averages the last N hours', () => {
    expect(runningMean([10, 20, 30, 40, 50, 60, 70, 80], 8, 6)).toBe(45);
    expect(runningMean([1000, 10, 20, 30, 40, 50, 60, 70, 80], 8, 6)).toBe(45);
    expect(runningMean(new Float64Array(24).fill(12.5), 24, 18)).toBe(12.5);
    expect(runningMean([1, 2, 3, 4], 1, 1)).toBe(4);
  });

  it('averages only the hours present, when there are enough of them', () => {
    expect(runningMean([10, NaN_, 30, 40, 50, 60, 70, NaN_], 8, 6)).toBeCloseTo(260 / 6, 12);
    expect(runningMean([NaN_, NaN_, 30, 40, 50, 60, 70, NaN_], 8, 6)).toBeUndefined();
    expect(runningMean([5, 7], 3, 2)).toBe(6);
    expect(runningMean([5, NaN_, 7], 3, 2)).toBe(6);
    expect(runningMean([5, NaN_, NaN_], 3, 2)).toBeUndefined();
    expect(runningMean([4, NaN_], 1, 1)).toBeUndefined();
    expect(runningMean([], 24, 16)).toBeUndefined();
  });

  it.each(RULES)('%i-h mean: passes with %i hours present, fails with one fewer', (hours, min) => {
    // Present hours at the newest positions; everything older than the window is present too.
    const build = (present: number) =>
      Array.from({ length: hours + 5 }, (_, j) =>
        hours + 5 - 1 - j < present || j < 5 ? 10 + j : NaN_,
      );
    expect(runningMean(build(min), hours, min)).toBeDefined();
    if (min > 1) expect(runningMean(build(min - 1), hours, min)).toBeUndefined();
  });

  it('slides along a longer series without reading past `end`', () => {
    expect(runningAt('mean', [1, 2, 3, 99], 3, 3, 2)).toBe(2);
    expect(runningAt('mean', [1, 2, 3, 99], 1, 3, 1)).toBe(1);
    expect(runningAt('mean', [1, NaN_, 3, 99], 2, 3, 2)).toBeUndefined();
  });

  it('keeps negative hours as they are (computeIndex counts a negative input as 0)', () => {
    expect(runningMean([-4, 10, NaN_], 3, 2)).toBe(3);
  });

  it('counts ±Infinity as a missing hour', () => {
    expect(runningMean([Number.POSITIVE_INFINITY, 4, 6], 3, 2)).toBe(5);
  });

  it('rejects arguments that are not a series, a period and a rule', () => {
    expect(() => runningMean('abc' as unknown as number[], 3, 2)).toThrow(TypeError);
    expect(() => runningMean([1], 0, 1)).toThrow(
      new RangeError('runningMean: hours must be at least 1, got 0'),
    );
    expect(() => runningMean([1], 2.5, 1)).toThrow(RangeError);
    expect(() => runningMean([1], 3, 4)).toThrow(
      new RangeError('runningMean: minHours must be an integer in [1, 3], got 4'),
    );
    expect(() => runningMean([1], 3, 0)).toThrow(RangeError);
    expect(() => runningMean([1], '3' as unknown as number, 1)).toThrow(TypeError);
  });
});

describe('runningMean properties', () => {
  it.each(RULES)(
    '%i-h mean with %i required equals the naive mean with its capture rule',
    (hours, min) => {
      fc.assert(
        fc.property(hourlySeriesArb(hours + 6), (series) => {
          const expected = naiveRunningMean(newestFirst(series), hours, min);
          expect(closeTo(runningMean(series, hours, min), expected)).toBe(true);
        }),
        { numRuns: 1000 },
      );
    },
  );

  it.each(RULES)(
    '%i-h mean with %i required: exactly the minimum passes, one fewer fails',
    (hours, min) => {
      fc.assert(
        fc.property(
          fc
            .integer({ min: 0, max: hours })
            .chain((present) =>
              fc.tuple(fc.constant(present), exactCaptureArb(hours + 4, hours, present)),
            ),
          ([present, series]) => {
            expect(runningMean(series, hours, min) !== undefined).toBe(present >= min);
          },
        ),
        { numRuns: 1000 },
      );
    },
  );

  it('never decreases when an hour in the window rises, and stays within its hours', () => {
    fc.assert(
      fc.property(
        hourlySeriesArb(30),
        fc.constantFrom(...RULES),
        fc.nat(),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (series, [hours, min], pick, rise) => {
          const before = runningMean(series, hours, min);
          fc.pre(before !== undefined);
          const window = Array.from(series).slice(-hours).filter(Number.isFinite);
          expect(before).toBeGreaterThanOrEqual(
            Math.min(...window) - 1e-9 * Math.max(1, Math.abs(before!)),
          );
          expect(before).toBeLessThanOrEqual(
            Math.max(...window) + 1e-9 * Math.max(1, Math.abs(before!)),
          );
          const positions = Array.from(series.keys()).filter(
            (j) => j >= series.length - hours && Number.isFinite(series[j]),
          );
          const at = positions[pick % positions.length]!;
          const raised = Array.from(series);
          raised[at] = raised[at]! + rise;
          expect(
            runningMean(raised, hours, min)! + 1e-9 * Math.max(1, Math.abs(before!)),
          ).toBeGreaterThanOrEqual(before!);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
