// Random hourly series for the assessment properties: a few drawn parameters expanded by a
// seeded generator, so a case is cheap to draw and to print, yet every hour differs.
import fc from 'fast-check';
import { seededRandom } from '../../src/sample/seeded-noise.js';

export type Standard = 'EU_2008' | 'EU_2030' | 'US_NAAQS' | 'WHO_2021';
export type Pollutant = 'PM10' | 'PM25' | 'NO2' | 'SO2' | 'O3' | 'CO';
export const STANDARD_NAMES: readonly Standard[] = ['EU_2008', 'EU_2030', 'US_NAAQS', 'WHO_2021'];
export const POLLUTANT_NAMES: readonly Pollutant[] = ['PM10', 'PM25', 'NO2', 'SO2', 'O3', 'CO'];

/** A typical level per pollutant (µg/m³) around which the values scatter across the limits. */
const SCALE: Record<Pollutant, number> = { PM10: 24, PM25: 7, NO2: 25, SO2: 30, O3: 60, CO: 1500 };

export interface SeriesCase {
  standard: Standard;
  pollutant: Pollutant;
  year: number;
  /** Whole years before `year` that the series starts with. */
  yearsBefore: number;
  seed: number;
  /** Share of hours missing at random, 0 to 0.4. */
  missingRate: number;
  /** Whole missing day ranges: [first day from the start, days]. */
  gaps: [number, number][];
  /** Days from the start whose hours are multiplied by `spike`. */
  spikeDays: number[];
  spike: number;
  /** Whether some missing hours are ±Infinity rather than NaN. */
  infinities: boolean;
}

/**
 * The timeout of the assessSeries properties (ms): each case builds up to five years of hours
 * and runs the naive oracle, seconds per 100 cases on a busy machine, so these properties get
 * room beyond the suite's 30 s.
 */
export const SLOW = 300_000;

export const seriesCase: fc.Arbitrary<SeriesCase> = fc.record({
  standard: fc.constantFrom(...STANDARD_NAMES),
  pollutant: fc.constantFrom(...POLLUTANT_NAMES),
  year: fc.integer({ min: 2019, max: 2025 }),
  yearsBefore: fc.constantFrom(0, 1, 2, 2, 2, 4),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  missingRate: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.4, noNaN: true })),
  gaps: fc.array(fc.tuple(fc.integer({ min: 0, max: 1800 }), fc.integer({ min: 1, max: 120 })), {
    maxLength: 4,
  }),
  spikeDays: fc.array(fc.integer({ min: 0, max: 1800 }), { maxLength: 40 }),
  spike: fc.double({ min: 1, max: 6, noNaN: true }),
  infinities: fc.boolean(),
});

/** The series of a case: years `year − yearsBefore` … `year`, µg/m³. */
export function seriesOf(c: SeriesCase): { startMs: number; values: Float64Array } {
  const startMs = Date.UTC(c.year - c.yearsBefore, 0, 1);
  const hours = (Date.UTC(c.year + 1, 0, 1) - startMs) / 3_600_000;
  const random = seededRandom(c.seed);
  const scale = SCALE[c.pollutant];
  const values = new Float64Array(hours);
  let level = 1;
  for (let i = 0; i < hours; i++) {
    // A slow random walk with a daily cycle, so 8-hour and daily statistics vary.
    level = Math.min(3, Math.max(0.1, level + (1 - level) * 0.02 + (random() - 0.5) * 0.2));
    const daily = 1 + 0.4 * Math.sin(((i % 24) / 24) * 2 * Math.PI);
    values[i] = Math.round(scale * level * daily * 100) / 100;
    if (random() < c.missingRate)
      values[i] = c.infinities && random() < 0.3 ? Number.POSITIVE_INFINITY : Number.NaN;
  }
  for (const day of c.spikeDays) {
    for (let h = day * 24; h < Math.min(hours, day * 24 + 24); h++)
      values[h] = values[h]! * c.spike;
  }
  for (const [day, days] of c.gaps)
    values.fill(Number.NaN, day * 24, Math.min(hours, (day + days) * 24));
  return { startMs, values };
}
