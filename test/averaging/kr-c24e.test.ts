import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { krC24e, krC24eAt } from '../../src/averaging/kr-c24e.js';
import { hourlySeriesArb, presentHourArb } from '../helpers/averaging-arbitraries.js';
import { closeTo, newestFirst } from '../helpers/averaging-oracles.js';
import { naiveKrC24e } from '../helpers/averaging-oracles-more.js';

// AirKorea's predicted 24-h PM mean (more-indexes.md §2, `kr-c24e`). Expected values are the
// reference's formula worked by hand here, or its naive transcription in test/helpers.

const NaN_ = Number.NaN;

// C24E from C12 and the four (already adjusted) Ca_j, as §2 prints it.
const c24e = (c12: number, ca: readonly number[]) =>
  (12 * c12 + (12 * ca.reduce((a, b) => a + b, 0)) / ca.length) / 24;

// Eleven older hours at `base`, then the current hour at `current`: only `current` can be
// damped when `base` is below M. Its ratio to C12 is 12·current / (11·base + current).
const lastHigh = (base: number, current: number) => [...Array(11).fill(base), current];

// The `current` that gives C_j / C12 = `ratio` after 11 hours at `base`.
const currentForRatio = (base: number, ratio: number) => (11 * base * ratio) / (12 - ratio);

describe('krC24e examples', () => {
  it('steady air below M is its own prediction', () => {
    expect(krC24e(Array(12).fill(20), 'PM25')).toBe(20);
    expect(krC24e(Array(12).fill(60), 'PM10')).toBe(60);
  });

  it('damps a high, non-outlying recent hour by 0.75 (C12 53.33, C4 45)', () => {
    const pm25 = [...Array(8).fill(50), 60, 60, 60, 60];
    expect(krC24e(pm25, 'PM25')).toBeCloseTo((640 / 12 + 45) / 2, 12);
  });

  it('M is 30 µg/m³ for PM2.5 and 70 for PM10', () => {
    const series = Array(12).fill(50); // ratio 1, at or above 30, below 70
    expect(krC24e(series, 'PM25')).toBeCloseTo(c24e(50, [37.5, 37.5, 37.5, 37.5]), 12);
    expect(krC24e(series, 'PM10')).toBe(50);
    expect(krC24e(Array(12).fill(70), 'PM10')).toBeCloseTo(c24e(70, Array(4).fill(52.5)), 12);
  });

  it('C12 includes the current hour; C4 the current hour and the three before it', () => {
    // PM10 at 20 for 8 hours, then 100, 100, 100, 120: C12 = 580/12, ratios 2.07 and 2.48.
    const pm10 = [...Array(8).fill(20), 100, 100, 100, 120];
    expect(krC24e(pm10, 'PM10')).toBeCloseTo(c24e(580 / 12, [100, 100, 100, 120]), 12);
    // Hours older than the 12 do not count in C12.
    expect(krC24e([5000, ...pm10], 'PM10')).toBeCloseTo(c24e(580 / 12, [100, 100, 100, 120]), 12);
  });

  it('an outlier hour (ratio above 1.7) is not damped', () => {
    expect(krC24e(lastHigh(20, 60), 'PM25')).toBeCloseTo(c24e(280 / 12, [20, 20, 20, 60]), 12);
  });

  it('tests C_j ≥ M with ε = 1e-9', () => {
    const near = (current: number) => krC24e(lastHigh(20, current), 'PM25');
    const c12 = (current: number) => (220 + current) / 12;
    const damped = (current: number) => c24e(c12(current), [20, 20, 20, 0.75 * current]);
    const kept = (current: number) => c24e(c12(current), [20, 20, 20, current]);
    expect(near(30)).toBeCloseTo(damped(30), 12);
    expect(near(30 - 5e-10)).toBeCloseTo(damped(30 - 5e-10), 12);
    expect(near(30 - 1e-8)).toBeCloseTo(kept(30 - 1e-8), 12);
  });

  it('tests 0.9 ≤ C_j / C12 ≤ 1.7 with ε = 1e-9 at both ends', () => {
    // PM10 hours at 100 before a current hour near 0.9 × C12; PM2.5 at 20.6 before one near 1.7.
    const check = (base: number, ratio: number, m: 'PM10' | 'PM25', isDamped: boolean) => {
      const current = currentForRatio(base, ratio);
      const c12 = (11 * base + current) / 12;
      const others = Array(3).fill(base >= (m === 'PM10' ? 70 : 30) ? 0.75 * base : base);
      const last = isDamped ? 0.75 * current : current;
      expect(krC24e(lastHigh(base, current), m)).toBeCloseTo(c24e(c12, [...others, last]), 9);
    };
    check(20.6, 1.7, 'PM25', true);
    check(20.6, 1.7 + 5e-10, 'PM25', true);
    check(20.6, 1.7 + 1e-8, 'PM25', false);
    check(100, 0.9, 'PM10', true);
    check(100, 0.9 - 5e-10, 'PM10', true);
    check(100, 0.9 - 1e-8, 'PM10', false);
  });

  it('is not monotone: a recent hour that rises to M is damped', () => {
    const below = krC24e(lastHigh(20, 29.9), 'PM25')!;
    const atM = krC24e(lastHigh(20, 30), 'PM25')!;
    expect(atM).toBeLessThan(below);
  });

  it('C12 = 0 makes every ratio test false', () => {
    // Eleven hours at −3 and one at 33: C12 is exactly 0, the current hour is above M.
    expect(krC24e(lastHigh(-3, 33), 'PM25')).toBe(c24e(0, [-3, -3, -3, 33]));
    expect(krC24e(lastHigh(-3, 33), 'PM25')).toBe(3);
  });

  it('keeps negative hours as they are', () => {
    expect(krC24e([...Array(8).fill(-2), -1, -1, -1, -1], 'PM10')).toBeCloseTo(
      c24e(-20 / 12, [-1, -1, -1, -1]),
      12,
    );
  });

  it('C12 needs 9 of its 12 hours, C4 3 of the 4 newest; each mean uses the hours present', () => {
    // 9 of 12 present (the 3 missing ones older than C4's hours): passes.
    const nine = [NaN_, NaN_, NaN_, ...Array(9).fill(40)];
    expect(krC24e(nine, 'PM10')).toBe(40);
    // 8 of 12 fails, whatever the hours before the 12 hold.
    const eight = [...Array(5).fill(90), NaN_, NaN_, NaN_, NaN_, ...Array(8).fill(40)];
    expect(krC24e(eight, 'PM10')).toBeUndefined();
    // 3 of the 4 newest: passes, with C4 over those 3; 2 of them fails whatever C12 has.
    const three = [...Array(8).fill(40), 40, NaN_, 40, 80];
    expect(krC24e(three, 'PM10')).toBeCloseTo(c24e(480 / 11, [40, 40, 80]), 12);
    expect(krC24e([...Array(8).fill(40), 40, NaN_, NaN_, 80], 'PM10')).toBeUndefined();
    expect(krC24e([], 'PM25')).toBeUndefined();
    expect(krC24e([1, 2, 3], 'PM25')).toBeUndefined();
  });

  it('counts ±Infinity as a missing hour', () => {
    const series = [...Array(11).fill(10), Number.POSITIVE_INFINITY];
    expect(krC24e(series, 'PM25')).toBe(10);
  });

  it('slides along a longer series without reading past `end`', () => {
    expect(krC24eAt([...Array(12).fill(40), 999], 12, 30)).toBe(35);
    expect(krC24eAt(Float64Array.from([...Array(12).fill(40), 999]), 12, 70)).toBe(40);
  });

  it('rejects a series that is not an array and a pollutant other than PM10 or PM25', () => {
    expect(() => krC24e('abc' as unknown as number[], 'PM25')).toThrow(TypeError);
    expect(() => krC24e([1], 'NO2' as 'PM25')).toThrow(
      new RangeError('krC24e: pollutant must be one of PM10, PM25, got "NO2"'),
    );
    expect(() => krC24e([1], 'pm25' as 'PM25')).toThrow(RangeError);
  });
});

// Hours around a level and around M, so that the damping band (C_j ≥ M, 0.9–1.7 × C12) is
// entered, left and grazed often.
const bandSeriesArb = fc
  .tuple(
    fc.double({ min: 10, max: 120, noNaN: true }),
    fc.array(
      fc.oneof(
        { arbitrary: fc.double({ min: 0.5, max: 2.2, noNaN: true }), weight: 8 },
        { arbitrary: fc.constantFrom(0.9, 1.7, 1), weight: 2 },
        { arbitrary: fc.constant(Number.NaN), weight: 2 },
      ),
      { minLength: 8, maxLength: 16 },
    ),
  )
  .map(([level, factors]) => factors.map((f) => f * level));

describe('krC24e properties', () => {
  it.each(['PM25', 'PM10'] as const)('%s equals the naive C24E on any series', (pollutant) => {
    fc.assert(
      fc.property(hourlySeriesArb(16), (series) => {
        const expected = naiveKrC24e(newestFirst(series), pollutant);
        expect(closeTo(krC24e(series, pollutant), expected)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it.each(['PM25', 'PM10'] as const)(
    '%s equals the naive C24E around the damping band',
    (pollutant) => {
      fc.assert(
        fc.property(bandSeriesArb, (series) => {
          const expected = naiveKrC24e(newestFirst(series), pollutant);
          expect(closeTo(krC24e(series, pollutant), expected)).toBe(true);
        }),
        { numRuns: 1000 },
      );
    },
  );

  it('lies between 0.75 × the lowest and the highest hour it reads, when every hour is ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { arbitrary: presentHourArb.map(Math.abs), weight: 9 },
            { arbitrary: fc.constant(NaN_), weight: 1 },
          ),
          { minLength: 12, maxLength: 14 },
        ),
        (series) => {
          const value = krC24e(series, 'PM25');
          fc.pre(value !== undefined);
          const read = series.slice(-12).filter(Number.isFinite);
          expect(value!).toBeLessThanOrEqual(Math.max(...read) * (1 + 1e-12));
          expect(value!).toBeGreaterThanOrEqual(0.75 * Math.min(...read) * (1 - 1e-12));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
