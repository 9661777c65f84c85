// Properties of the capture rules of assessSeries at 1,000 cases each, against thresholds
// written out here from the rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AssessOptions, assessSeries } from '../../src/assessment/index.js';
import { SLOW, seriesCase, seriesOf } from '../helpers/assessment-arbitraries.js';
import { RUNS } from '../helpers/property-runs.js';

// The cases whose capture rule is a share of the year's hours: EU and WHO, O3 excepted.
const euOrWhoCase = fc
  .tuple(
    seriesCase,
    fc.constantFrom('EU_2008', 'EU_2030', 'WHO_2021' as const),
    fc.constantFrom('PM10', 'PM25', 'NO2', 'SO2', 'CO' as const),
  )
  .map(([c, standard, pollutant]) => ({ ...c, standard, pollutant }));

// Capture thresholds written from the rules: EU_2008 90 %, EU_2030 85 %, WHO and the US
// annual NO2 and CO 75 %, as "valid·100 ≥ percent·total".
const CAPTURE_CASES: readonly {
  options: Omit<AssessOptions, 'year'>;
  id: string;
  percent: number;
}[] = [
  { options: { standard: 'EU_2008', pollutant: 'PM10' }, id: 'PM10.annual-mean', percent: 90 },
  { options: { standard: 'EU_2008', pollutant: 'NO2' }, id: 'NO2.hourly-exceedances', percent: 90 },
  { options: { standard: 'EU_2008', pollutant: 'SO2' }, id: 'SO2.daily-exceedances', percent: 90 },
  { options: { standard: 'EU_2030', pollutant: 'PM25' }, id: 'PM25.annual-mean', percent: 85 },
  { options: { standard: 'EU_2030', pollutant: 'SO2' }, id: 'SO2.hourly-exceedances', percent: 85 },
  { options: { standard: 'WHO_2021', pollutant: 'NO2' }, id: 'WHO.NO2.annual', percent: 75 },
  {
    options: { standard: 'WHO_2021', pollutant: 'CO' },
    id: 'WHO.CO.24h-99th-percentile',
    percent: 75,
  },
  {
    options: { standard: 'US_NAAQS', pollutant: 'NO2' },
    id: 'NO2.design-value-annual',
    percent: 75,
  },
  { options: { standard: 'US_NAAQS', pollutant: 'CO' }, id: 'CO.1h-second-max', percent: 75 },
];

describe('capture rules', () => {
  it(
    'flip validity exactly at their thresholds',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...CAPTURE_CASES),
          fc.constantFrom(2023, 2024),
          fc.integer({ min: -3, max: 3 }),
          fc.boolean(),
          (captureCase, year, offset, missingAtEnd) => {
            const hours = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 3_600_000;
            // The least number of valid hours that passes, found by counting, then moved by offset.
            let least = 0;
            while (100 * least < captureCase.percent * hours) least++;
            const valid = least + offset;
            // A low constant: no count can pass its allowance and no US value exceeds its level.
            const values = new Float64Array(hours).fill(1);
            if (missingAtEnd) values.fill(Number.NaN, valid);
            else values.fill(Number.NaN, 0, hours - valid);
            const options = { ...captureCase.options, year };
            const metric = assessSeries(
              { startMs: Date.UTC(year, 0, 1), values },
              options,
            ).metrics.find((m) => m.id === captureCase.id)!;
            expect(metric.capture).toBe(valid / hours);
            expect(metric.valid).toBe(offset >= 0);
          },
        ),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'makes a metric invalid when it fails, except for conclusive EU_2030 counts and US values above the level',
    () => {
      fc.assert(
        fc.property(euOrWhoCase, (c) => {
          const series = seriesOf(c);
          const assessment = assessSeries(series, c);
          const percent = { EU_2008: 90, EU_2030: 85, WHO_2021: 75 }[c.standard];
          const hours = (Date.UTC(c.year + 1, 0, 1) - Date.UTC(c.year, 0, 1)) / 3_600_000;
          const from = (Date.UTC(c.year, 0, 1) - series.startMs) / 3_600_000;
          let valid = 0;
          for (let i = from; i < from + hours; i++) if (Number.isFinite(series.values[i])) valid++;
          if (100 * valid >= percent * hours) return;
          for (const m of assessment.metrics) {
            const conclusive =
              c.standard === 'EU_2030' &&
              m.id.endsWith('-exceedances') &&
              m.exceedances! > m.allowedExceedances!;
            expect(m.valid).toBe(conclusive);
            if (conclusive) expect(m.met).toBe(false);
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'lets an incomplete US design value stand only when it exceeds the standard',
    () => {
      fc.assert(
        fc.property(seriesCase, (c) => {
          fc.pre(
            c.standard === 'US_NAAQS' &&
              c.yearsBefore < 2 &&
              c.pollutant !== 'CO' &&
              c.pollutant !== 'NO2',
          );
          // Without the two years before, no three-year value is complete.
          for (const m of assessSeries(seriesOf(c), c).metrics) {
            if (m.valid) expect(m.met).toBe(false);
          }
        }),
        { ...RUNS, numRuns: Math.ceil(RUNS.numRuns / 10) },
      );
    },
    SLOW,
  );
});
