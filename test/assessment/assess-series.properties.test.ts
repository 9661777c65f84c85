// Properties of assessSeries at 1,000 cases each, against the naive oracle of
// test/helpers/assessment-oracle.ts and against thresholds written out here from the rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AssessOptions, assessSeries, type Metric } from '../../src/assessment/index.js';
import { POLLUTANT_NAMES, seriesCase, seriesOf } from '../helpers/assessment-arbitraries.js';
import { naiveAssess } from '../helpers/assessment-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// Each case builds up to five years of hours and runs the naive oracle: seconds per 100 cases
// on a busy machine, so these properties get room beyond the suite's 30 s.
const SLOW = 300_000;

// The cases whose capture rule is a share of the year's hours: EU and WHO, O3 excepted.
const euOrWhoCase = fc
  .tuple(
    seriesCase,
    fc.constantFrom('EU_2008', 'EU_2030', 'WHO_2021' as const),
    fc.constantFrom('PM10', 'PM25', 'NO2', 'SO2', 'CO' as const),
  )
  .map(([c, standard, pollutant]) => ({ ...c, standard, pollutant }));

const COMPARED = [
  'id',
  'value',
  'unit',
  'limit',
  'allowedExceedances',
  'exceedances',
  'met',
  'valid',
  'capture',
  'level',
] as const;

function compared(metric: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COMPARED)
    if (key in metric) out[key] = (metric as Record<string, unknown>)[key];
  return out;
}

describe('assessSeries against the naive oracle', () => {
  it(
    'gives the same value, unit, limit, counts, met, valid, capture and level, bit for bit',
    () => {
      fc.assert(
        fc.property(seriesCase, (c) => {
          const series = seriesOf(c);
          const got = assessSeries(series, c).metrics.map(compared);
          const expected = naiveAssess(series, c.standard, c.pollutant, c.year).map(compared);
          expect(got).toEqual(expected);
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'states a reason exactly when a metric is invalid, and a rule always',
    () => {
      fc.assert(
        fc.property(seriesCase, (c) => {
          for (const m of assessSeries(seriesOf(c), c).metrics) {
            expect(typeof m.rule === 'string' && m.rule.length > 0).toBe(true);
            if (m.valid) expect(m).not.toHaveProperty('reason');
            else expect(m).toMatchObject({ value: null, met: null, reason: expect.any(String) });
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );
});

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

describe('time', () => {
  it(
    'does not change when whole missing days are prepended (startMs moved back)',
    () => {
      fc.assert(
        fc.property(seriesCase, fc.integer({ min: 1, max: 800 }), (c, days) => {
          const series = seriesOf(c);
          const values = new Float64Array(series.values.length + days * 24).fill(Number.NaN);
          values.set(series.values, days * 24);
          const moved = { startMs: series.startMs - days * 86_400_000, values };
          expect(assessSeries(moved, c)).toEqual(assessSeries(series, c));
        }),
        RUNS,
      );
    },
    SLOW,
  );
});

// µg/m³ → ppb and ppm by hand, with the molar masses of the IUPAC atomic masses (N 14.0067,
// O 15.9994, S 32.065, C 12.0107) at 24.45 L/mol.
const MASS = {
  NO2: 14.0067 + 2 * 15.9994,
  SO2: 32.065 + 2 * 15.9994,
  O3: 3 * 15.9994,
  CO: 12.0107 + 15.9994,
};

describe('US units', () => {
  it(
    'a constant in µg/m³ gives the design value of the same constant converted by hand',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom('NO2', 'SO2', 'O3', 'CO' as const),
          fc.double({ min: 0, max: 400, noNaN: true }),
          (gas, ppbWanted) => {
            const ugm3 = (ppbWanted * MASS[gas]) / 24.45;
            const values = new Float64Array(3 * 8760 + 24).fill(ugm3);
            const { metrics } = assessSeries(
              { startMs: Date.UTC(2021, 0, 1), values },
              { standard: 'US_NAAQS', pollutant: gas, year: 2023 },
            );
            const ppb = (ugm3 * 24.45) / MASS[gas];
            const cut = (x: number, d: number) => Math.floor(x * 10 ** d + 1e-9) / 10 ** d;
            const half = (x: number, d: number) => Math.floor(x * 10 ** d + 0.5 + 1e-9) / 10 ** d;
            const byId = Object.fromEntries(metrics.map((m: Metric) => [m.id, m.value]));
            if (gas === 'O3') expect(byId['O3.design-value']).toBe(cut(ppb, 0) / 1000);
            if (gas === 'NO2' || gas === 'SO2')
              expect(byId[`${gas}.design-value-1h`]).toBe(half(cut(ppb, 1), 0));
            if (gas === 'NO2') expect(byId['NO2.design-value-annual']).toBe(half(cut(ppb, 1), 0));
            if (gas === 'CO') {
              expect(byId['CO.8h-second-max']).toBe(half(ppb / 1000, 1));
              expect(byId['CO.1h-second-max']).toBe(half(ppb / 1000, 1));
            }
          },
        ),
        RUNS,
      );
    },
    SLOW,
  );
});

it('assesses every standard for every pollutant', () => {
  for (const standard of ['EU_2008', 'EU_2030', 'US_NAAQS', 'WHO_2021'] as const) {
    for (const pollutant of POLLUTANT_NAMES) {
      const values = new Float64Array(8760).fill(10);
      const a = assessSeries(
        { startMs: Date.UTC(2023, 0, 1), values },
        { standard, pollutant, year: 2023 },
      );
      expect(a).toMatchObject({ standard, pollutant, year: 2023 });
      expect(a.metrics.length).toBeGreaterThan(0);
    }
  }
});
