import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nowCast } from '../../src/averaging/index.js';
import {
  hourlySeriesArb,
  missingHourArb,
  presentHourArb,
} from '../helpers/averaging-arbitraries.js';
import { closeTo, naiveNowCast, newestFirst } from '../helpers/averaging-oracles.js';

const NaN_ = Number.NaN;

// The hours of an example, written newest first as the reference does, turned oldest first.
function oldestFirst(...newestToOldest: number[]): number[] {
  return [...newestToOldest].reverse();
}

describe('nowCast examples (world-indexes.md §3.4)', () => {
  it('gives 17.41 on the official EPA example (the slide says 17.4)', () => {
    const hours = oldestFirst(13, 16, 10, 21, 74, 64, 53, 82, 90, 75, 80, 50);
    expect(nowCast(hours)!.toFixed(2)).toBe('17.41');
    expect(nowCast(hours)!.toFixed(1)).toBe('17.4');
    // w* = 1 − 80/90 is below 0.5, so w = 0.5: Σ 0.5^(i−1)·c_i / Σ 0.5^(i−1), by hand.
    const numerator = 13 + 16 / 2 + 10 / 4 + 21 / 8 + 74 / 16 + 64 / 32 + 53 / 64 + 82 / 128;
    const tail = 90 / 256 + 75 / 512 + 80 / 1024 + 50 / 2048;
    expect(nowCast(hours)).toBeCloseTo((numerator + tail) / (2 - 1 / 2048), 12);
    expect(nowCast(Float64Array.from(hours))).toBe(nowCast(hours));
  });

  it('uses w = w* when the hours are steady enough (w* ≥ 0.5)', () => {
    // max 10, min 6: w* = 0.6.
    expect(nowCast(oldestFirst(10, 8, 6))).toBeCloseTo((10 + 0.6 * 8 + 0.36 * 6) / 1.96, 12);
    // Two hours 7 and 5: w = 5/7, NowCast = (7 + 25/7) / (12/7) = 74/12.
    expect(nowCast(oldestFirst(7, 5))).toBeCloseTo(74 / 12, 12);
    expect(nowCast([20, 20, 20, 20])).toBe(20);
  });

  it('drops a missing hour from both sums but keeps its place', () => {
    // c1 = 10, c2 missing, c3 = 20: w = 0.5 and c3 weighs 0.25, not 0.5.
    expect(nowCast(oldestFirst(10, NaN_, 20))).toBeCloseTo((10 + 0.25 * 20) / 1.25, 12);
    expect(nowCast(oldestFirst(NaN_, 10, 20))).toBeCloseTo((0.5 * 10 + 0.25 * 20) / 0.75, 12);
    // ±Infinity is no measurement either.
    expect(nowCast(oldestFirst(10, Number.POSITIVE_INFINITY, 20))).toBe(
      nowCast(oldestFirst(10, NaN_, 20)),
    );
  });

  it('is valid only with at least 2 of the 3 most recent hours', () => {
    expect(nowCast(oldestFirst(10, NaN_, NaN_, 20, 20, 20))).toBeUndefined();
    expect(nowCast(oldestFirst(NaN_, NaN_, 10, 20, 20, 20))).toBeUndefined();
    expect(nowCast(oldestFirst(NaN_, 10, 10))).toBe(10);
    expect(nowCast([5])).toBeUndefined();
    expect(nowCast([])).toBeUndefined();
    expect(nowCast(new Float64Array(12).fill(NaN_))).toBeUndefined();
  });

  it('reads only the last 12 hours', () => {
    const hours = oldestFirst(13, 16, 10, 21, 74, 64, 53, 82, 90, 75, 80, 50);
    expect(nowCast([1000, 0, ...hours])).toBe(nowCast(hours));
  });

  it('counts a negative hour as 0, and gives 0 when every hour present is 0', () => {
    // c = 10, 0, 10: min 0, so w = 0.5.
    expect(nowCast(oldestFirst(10, -4, 10))).toBeCloseTo((10 + 0.25 * 10) / 1.75, 12);
    expect(nowCast([0, 0, 0])).toBe(0);
    expect(nowCast([-3, NaN_, -1, -2])).toBe(0);
  });

  it('does not change its argument', () => {
    const hours = [1, NaN_, -2, 4];
    nowCast(hours);
    expect(hours).toEqual([1, NaN_, -2, 4]);
  });

  it('throws a TypeError for a value that is not an array', () => {
    expect(() => nowCast(3 as unknown as number[])).toThrow(
      new TypeError('nowCast: hourlyMeans must be an array or typed array of numbers, got 3'),
    );
    expect(() => nowCast(null as unknown as number[])).toThrow(TypeError);
  });
});

describe('nowCast properties', () => {
  it('equals the naive NowCast of the text, missing hours and capture rule included', () => {
    fc.assert(
      fc.property(hourlySeriesArb(16), (hours) => {
        const expected = naiveNowCast(newestFirst(hours));
        expect(closeTo(nowCast(hours), expected)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('lies between the smallest and the largest hour it reads, and is never NaN', () => {
    fc.assert(
      fc.property(hourlySeriesArb(16), (hours) => {
        const value = nowCast(hours);
        if (value === undefined) return;
        const read = newestFirst(hours)
          .slice(0, 12)
          .filter((v): v is number => v !== undefined)
          .map((v) => Math.max(v, 0));
        expect(Number.isFinite(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(Math.min(...read) * (1 - 1e-12));
        expect(value).toBeLessThanOrEqual(Math.max(...read) * (1 + 1e-12));
      }),
      { numRuns: 1000 },
    );
  });

  it('of a steady series with gaps is that value (w = 1)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 20 }),
        (level, present) => {
          const hours = present.map((p) => (p ? level : NaN_));
          const value = nowCast(hours);
          const recent = present.slice(-3).filter(Boolean).length;
          if (recent < 2) expect(value).toBeUndefined();
          else expect(closeTo(value, level)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('scales with the concentrations', () => {
    fc.assert(
      fc.property(
        hourlySeriesArb(16),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (hours, k) => {
          const scaled = Array.from(hours, (v) => v * k);
          const value = nowCast(hours);
          expect(closeTo(nowCast(scaled), value === undefined ? undefined : value * k)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never decreases when an hour rises while a 0 among the hours holds w at 0.5', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { arbitrary: presentHourArb, weight: 4 },
            { arbitrary: missingHourArb, weight: 1 },
          ),
          {
            minLength: 12,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 0, max: 11 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (hours, zeroAt, raisedAt, rise) => {
          fc.pre(zeroAt !== raisedAt && Number.isFinite(hours[raisedAt]));
          hours[zeroAt] = 0;
          const before = nowCast(hours);
          const raised = hours.slice();
          raised[raisedAt] = hours[raisedAt]! + rise;
          const after = nowCast(raised);
          if (before === undefined) expect(after).toBeUndefined();
          else expect(after! + 1e-9 * Math.max(1, before)).toBeGreaterThanOrEqual(before);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
