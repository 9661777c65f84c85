// The pair methods keep every pair slope; a series too long for that is refused up front with a
// RangeError that says what to do, never left to fail inside the engine.
import { describe, expect, it } from 'vitest';
import { mannKendall } from '../../src/trends/mann-kendall.js';
import { senSlope } from '../../src/trends/sen-slope.js';
import { theilSen } from '../../src/trends/theil-sen.js';

const DAY_MS = 86_400_000;
const rising = (count: number) => Float64Array.from({ length: count }, (_, i) => i % 97);
const daily = (count: number) => ({
  atMs: Float64Array.from({ length: count }, (_, i) => i * DAY_MS),
  values: rising(count),
});

describe('the limits of the pair methods', () => {
  it('senSlope takes 5,000 values and refuses 5,001, naming itself and the pairs', () => {
    expect(senSlope(rising(5_000)).n).toBe(5_000);
    expect(() => senSlope(rising(5_001))).toThrow(
      new RangeError(
        'senSlope: values must give at most 12497500 pair slopes (summarise a long series first, by day or month), got 12502500',
      ),
    );
    // Missing values do not count; seasons count only the pairs within each season.
    const gappy = Float64Array.from({ length: 6_000 }, (_, i) => (i % 6 === 0 ? Number.NaN : i));
    expect(senSlope(gappy).n).toBe(5_000);
    expect(senSlope(rising(7_000), { period: 2 }).n).toBe(7_000);
  });

  it("mannKendall's Hamed–Rao variance has the limit, its plain test none", () => {
    expect(mannKendall(rising(100_000)).n).toBe(100_000);
    expect(() => mannKendall(rising(5_001), { variance: 'hamed-rao' })).toThrow(
      /^mannKendall: values must give at most 12497500 pair slopes .*, got 12502500$/,
    );
  });

  it('theilSen takes 3,000 points and refuses 3,001', () => {
    expect(theilSen(daily(3_000), { nBoot: 1 }).n).toBe(3_000);
    expect(() => theilSen(daily(3_001), { nBoot: 1 })).toThrow(
      new RangeError(
        'theilSen: values must give at most 4498500 pair slopes (summarise a long series first, by day or month), got 4501500',
      ),
    );
  });
});
