// The worked examples of the US_NAAQS rules (E8–E11, E19–E21), each with the figures written out
// by hand; the series are built with Date.UTC (test/helpers/assessment-series.ts).
import { describe, expect, it } from 'vitest';
import type { AssessOptions } from '../../src/assessment/index.js';
import { byId as metrics } from '../helpers/assessment-metrics.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

describe('US_NAAQS PM25 (E8–E10)', () => {
  const options: AssessOptions = { standard: 'US_NAAQS', pollutant: 'PM25', year: 2023 };
  const e8 = () => {
    const b = new HourlyBuilder(2021, 2023, 8.0);
    for (const year of [2021, 2022, 2023]) {
      for (let i = 0; i < 10; i++) b.setDays(year, 1, 10 + i, 1, 40 - i);
    }
    return b;
  };

  it('E8: 8th highest of 365 days, quarters averaged', () => {
    const m = metrics(e8(), options);
    expect(m['PM25.design-value-24h']).toMatchObject({
      value: 33,
      met: true,
      valid: true,
      limit: 35,
      unit: 'µg/m³',
    });
    expect(m['PM25.design-value-annual']).toMatchObject({
      value: 8.8,
      met: true,
      valid: true,
      limit: 9,
    });
  });

  it('E9: 200 days a year: 24-h incomplete but violating, annual invalid', () => {
    const b = e8();
    for (const year of [2021, 2022, 2023])
      b.setRange(Date.UTC(year, 6, 20), Date.UTC(year + 1, 0, 1), Number.NaN);
    const m = metrics(b, options);
    expect(m['PM25.design-value-24h']).toMatchObject({ value: 37, met: false, valid: true });
    expect(m['PM25.design-value-annual']).toMatchObject({ value: null, met: null, valid: false });
    expect(m['PM25.design-value-annual']!.reason).toMatch(/^incomplete: /);
  });

  it('E10: 9.05 rounds half up to 9.1', () => {
    const b = new HourlyBuilder(2021, 2023, 9.0)
      .setRange(Date.UTC(2023, 0, 1), Date.UTC(2023, 6, 1), 9.1)
      .setRange(Date.UTC(2023, 6, 1), Date.UTC(2024, 0, 1), 9.2);
    const m = metrics(b, options);
    expect(m['PM25.design-value-annual']).toMatchObject({ value: 9.1, met: false, valid: true });
    expect(m['PM25.design-value-24h']).toMatchObject({ value: 9, met: true });
  });
});

describe('US_NAAQS O3 (E11)', () => {
  it('E11: the 4th-highest daily maxima 70, 71, 71 give 0.070 ppm', () => {
    const ugm3 = (ppb: number) => ((ppb + 0.5) * 47.9982) / 24.45;
    const b = new HourlyBuilder(2021, 2023, ugm3(30));
    const plateaus: Record<number, number[]> = {
      2021: [80, 80, 80, 70],
      2022: [90, 85, 80, 71],
      2023: [75, 74, 73, 71],
    };
    for (const [year, ppbs] of Object.entries(plateaus)) {
      ppbs.forEach((ppb, i) => {
        b.setHours(Number(year), 6, 1 + i, 10, 18, ugm3(ppb));
      });
    }
    const m = metrics(b, { standard: 'US_NAAQS', pollutant: 'O3', year: 2023 });
    expect(m['O3.design-value']).toMatchObject({
      value: 0.07,
      unit: 'ppm',
      limit: 0.07,
      met: true,
      valid: true,
    });
  });
});

describe('US_NAAQS SO2 and CO (E19–E21)', () => {
  it('E19: the 4th-highest daily maximum of 365 days', () => {
    const ugm3 = (ppb: number) => ((ppb + 0.05) * 64.0638) / 24.45;
    const b = new HourlyBuilder(2021, 2023, ugm3(10));
    for (const year of [2021, 2022, 2023]) {
      [100, 90, 80, 70, 60, 50].forEach((c, i) => {
        b.setHours(year, 2, 1 + i, 12, 13, ugm3(c));
      });
    }
    const m = metrics(b, { standard: 'US_NAAQS', pollutant: 'SO2', year: 2023 });
    expect(m['SO2.design-value-1h']).toMatchObject({
      value: 70,
      met: true,
      valid: true,
      unit: 'ppb',
      limit: 75,
    });
  });

  const e20 = (peak: number) => {
    const ugm3 = (ppm: number) => (ppm * 1000 * 28.0101) / 24.45;
    return new HourlyBuilder(2023, 2023, ugm3(0.5))
      .setHours(2023, 3, 1, 0, 8, ugm3(12))
      .setHours(2023, 6, 1, 0, 8, ugm3(peak));
  };
  const options: AssessOptions = { standard: 'US_NAAQS', pollutant: 'CO', year: 2023 };

  it('E20: overlapping 8-hour windows are skipped', () => {
    const m = metrics(e20(9.44), options);
    expect(m['CO.8h-second-max']).toMatchObject({
      value: 9.4,
      met: true,
      valid: true,
      limit: 9,
      allowedExceedances: 1,
      unit: 'ppm',
    });
    expect(m['CO.1h-second-max']).toMatchObject({ value: 12, met: true, limit: 35 });
  });

  it('E21: 9.5 rounds to 10, over 9', () => {
    expect(metrics(e20(9.46), options)['CO.8h-second-max']).toMatchObject({
      value: 9.5,
      met: false,
      valid: true,
    });
  });
});
