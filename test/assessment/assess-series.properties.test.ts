// Properties of assessSeries at 1,000 cases each, against the naive oracle of
// test/helpers/assessment-oracle.ts and against units converted by hand here (the capture
// rules: assess-series-capture.properties.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assessSeries, type Metric } from '../../src/assessment/index.js';
import { POLLUTANT_NAMES, SLOW, seriesCase, seriesOf } from '../helpers/assessment-arbitraries.js';
import { naiveAssess } from '../helpers/assessment-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

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
