import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageAt } from '../../src/averaging/index-inputs.js';
import { runningAt, runningMax } from '../../src/averaging/running-window.js';
import { exactCaptureArb, hourlySeriesArb } from '../helpers/averaging-arbitraries.js';
import { newestFirst } from '../helpers/averaging-oracles.js';
import { naiveRunningMax } from '../helpers/averaging-oracles-more.js';

// The `max` method of more-indexes.md §2: FRA_ATMO reads the day's highest hourly mean of SO2,
// NO2 and O3, which airq takes over the last 24 hours with 18 of them present (decided).

const NaN_ = Number.NaN;

// The capture rules `max` is used with, and a few others the function must honour alike.
const RULES = [
  [24, 18], // FRA_ATMO NO2, O3, SO2
  [8, 6],
  [3, 2],
  [1, 1],
] as const;

describe('runningMax examples', () => {
  it('takes the highest hour of the window', () => {
    expect(runningMax([10, 80, 30, 40], 4, 3)).toBe(80);
    expect(runningMax([500, 10, 20, 30], 3, 2)).toBe(30); // 500 is older than the window
    expect(runningMax(new Float64Array(24).fill(12.5), 24, 18)).toBe(12.5);
    expect(runningMax([1, 2, 3, 4], 1, 1)).toBe(4);
  });

  it('a day with one high hour: the maximum, not the mean (FRA_ATMO O3)', () => {
    const o3 = [...Array(23).fill(60), 185];
    expect(runningMax(o3, 24, 18)).toBe(185);
  });

  it('needs 18 of the 24 hours: 18 pass, 17 fail, hours before the window do not count', () => {
    const day = (present: number) => [
      ...Array(10).fill(900),
      ...Array(24 - present).fill(NaN_),
      ...Array(present).fill(40),
    ];
    expect(runningMax(day(18), 24, 18)).toBe(40);
    expect(runningMax(day(17), 24, 18)).toBeUndefined();
    expect(runningMax([], 24, 18)).toBeUndefined();
    expect(runningMax([4, NaN_], 1, 1)).toBeUndefined();
  });

  it('keeps negative hours as they are (computeIndex counts a negative input as 0)', () => {
    expect(runningMax([-3, -1, NaN_], 3, 2)).toBe(-1);
    expect(runningMax([-0.5, -2, -7], 3, 2)).toBe(-0.5);
  });

  it('ranks +0 above −0, as Math.max does, whichever hour comes first', () => {
    expect(Object.is(runningMax([-0, 0], 2, 2), 0)).toBe(true);
    expect(Object.is(runningMax([0, -0], 2, 2), 0)).toBe(true);
    expect(Object.is(runningMax([-0, -0], 2, 2), -0)).toBe(true);
  });

  it('counts ±Infinity as a missing hour', () => {
    expect(runningMax([Number.POSITIVE_INFINITY, 4, 6], 3, 2)).toBe(6);
    expect(runningMax([Number.POSITIVE_INFINITY, 4, Number.NEGATIVE_INFINITY], 3, 2)).toBe(
      undefined,
    );
  });

  it('slides along a longer series without reading past `end`', () => {
    expect(runningAt('max', [1, 7, 3, 99], 3, 3, 2)).toBe(7);
    expect(runningAt('max', [1, 7, 3, 99], 1, 3, 1)).toBe(1);
    const rule = { key: 'O3', source: 'O3', method: 'max', hours: 24, minHours: 18 } as const;
    const o3 = [...Array(24).fill(50), 300];
    expect(averageAt({ ...rule, ofLatestHours: 24 }, o3, 24)).toBe(50);
    expect(averageAt({ ...rule, ofLatestHours: 24 }, o3, 25)).toBe(300);
  });

  it('rejects arguments that are not a series, a period and a rule', () => {
    expect(() => runningMax('abc' as unknown as number[], 3, 2)).toThrow(TypeError);
    expect(() => runningMax([1], 0, 1)).toThrow(
      new RangeError('runningMax: hours must be at least 1, got 0'),
    );
    expect(() => runningMax([1], 2.5, 1)).toThrow(RangeError);
    expect(() => runningMax([1], 3, 4)).toThrow(
      new RangeError('runningMax: minHours must be an integer in [1, 3], got 4'),
    );
    expect(() => runningMax([1], 3, 0)).toThrow(RangeError);
    expect(() => runningMax([1], '3' as unknown as number, 1)).toThrow(TypeError);
  });
});

describe('runningMax properties', () => {
  it.each(RULES)('%i-h maximum with %i required equals the naive maximum', (hours, min) => {
    fc.assert(
      fc.property(hourlySeriesArb(hours + 6), (series) => {
        expect(runningMax(series, hours, min)).toBe(
          naiveRunningMax(newestFirst(series), hours, min),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it.each(RULES)(
    '%i-h maximum with %i required: the minimum passes, one fewer fails',
    (hours, min) => {
      fc.assert(
        fc.property(
          fc
            .integer({ min: 0, max: hours })
            .chain((present) =>
              fc.tuple(fc.constant(present), exactCaptureArb(hours + 4, hours, present)),
            ),
          ([present, series]) => {
            expect(runningMax(series, hours, min) !== undefined).toBe(present >= min);
          },
        ),
        { numRuns: 1000 },
      );
    },
  );

  it('is one of the hours of the window and at least each of them', () => {
    fc.assert(
      fc.property(hourlySeriesArb(30), fc.constantFrom(...RULES), (series, [hours, min]) => {
        const max = runningMax(series, hours, min);
        fc.pre(max !== undefined);
        const window = Array.from(series).slice(-hours).filter(Number.isFinite);
        expect(window).toContain(max);
        for (const value of window) expect(max).toBeGreaterThanOrEqual(value);
      }),
      { numRuns: 1000 },
    );
  });
});
