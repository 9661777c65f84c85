// Each comparison of the US_NAAQS rules on and beside its boundary: a design value equal to the
// level meets it, the roundings flip where they say, and an incomplete value stands only where
// the rules let it.
import { describe, expect, it } from 'vitest';
import type { AssessOptions } from '../../src/assessment/index.js';
import { byId, constant } from '../helpers/assessment-metrics.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

const US = (pollutant: AssessOptions['pollutant']): AssessOptions => ({
  standard: 'US_NAAQS',
  pollutant,
  year: 2023,
});
// µg/m³ that converts to `ppb` plus `extra` of a unit, at 24.45 L/mol.
const ugm3 = (ppb: number, molarMass: number) => (ppb * molarMass) / 24.45;

describe('US design values', () => {
  it('a design value equal to the level meets it', () => {
    expect(byId(constant(35, 2021), US('PM25'))['PM25.design-value-24h']).toMatchObject({
      value: 35,
      met: true,
    });
    expect(byId(constant(9, 2021), US('PM25'))['PM25.design-value-annual']).toMatchObject({
      value: 9,
      met: true,
    });
    const no2 = byId(constant(ugm3(100.05, 46.0055), 2021), US('NO2'));
    expect(no2['NO2.design-value-1h']).toMatchObject({ value: 100, met: true });
    expect(
      byId(constant(ugm3(75.05, 64.0638), 2021), US('SO2'))['SO2.design-value-1h'],
    ).toMatchObject({ value: 75, met: true });
    expect(
      byId(constant(ugm3(53.05, 46.0055), 2021), US('NO2'))['NO2.design-value-annual'],
    ).toMatchObject({ value: 53, met: true });
    expect(byId(constant(ugm3(70.5, 47.9982), 2021), US('O3'))['O3.design-value']).toMatchObject({
      value: 0.07,
      met: true,
    });
    expect(byId(constant(ugm3(71.5, 47.9982), 2021), US('O3'))['O3.design-value']).toMatchObject({
      value: 0.071,
      met: false,
    });
  });

  it('PM10: a daily mean of 155 rounds to 160 and exceeds, 154.9 rounds to 150 and does not', () => {
    const b = constant(20, 2021);
    for (const year of [2021, 2022, 2023])
      b.setDays(year, 3, 1, 1, 155).setDays(year, 3, 2, 1, 154.9);
    expect(byId(b, US('PM10'))['PM10.expected-exceedances']).toMatchObject({
      value: 1,
      exceedances: 1,
      met: true,
      valid: true,
    });
    for (const year of [2021, 2022, 2023]) b.setDays(year, 3, 3, 1, 160);
    expect(byId(b, US('PM10'))['PM10.expected-exceedances']).toMatchObject({
      value: 2,
      exceedances: 2,
      met: false,
    });
  });

  it('an incomplete three-year value stands when it exceeds the level', () => {
    // Four days a year, nothing else: every quarter incomplete, every statistic computable.
    const sparse = (value: number, hoursPerDay: number) => {
      const b = new HourlyBuilder(2021, 2023, Number.NaN);
      for (const year of [2021, 2022, 2023])
        for (let d = 1; d <= 4; d++) b.setHours(year, 7, d, 0, hoursPerDay, value);
      return b;
    };
    expect(byId(sparse(ugm3(150, 46.0055), 3), US('NO2'))['NO2.design-value-1h']).toMatchObject({
      valid: true,
      met: false,
      value: 150,
    });
    expect(byId(sparse(ugm3(50, 46.0055), 24), US('NO2'))['NO2.design-value-1h']).toMatchObject({
      valid: false,
      value: null,
    });
    expect(byId(sparse(ugm3(90, 64.0638), 2), US('SO2'))['SO2.design-value-1h']).toMatchObject({
      valid: true,
      met: false,
      value: 90,
    });
    expect(byId(sparse(ugm3(90.5, 47.9982), 24), US('O3'))['O3.design-value']).toMatchObject({
      valid: true,
      met: false,
      value: 0.09,
    });
    expect(byId(sparse(ugm3(60.5, 47.9982), 24), US('O3'))['O3.design-value']).toMatchObject({
      valid: false,
    });
    expect(byId(sparse(400, 24), US('PM10'))['PM10.expected-exceedances']).toMatchObject({
      valid: true,
      met: false,
    });
    expect(byId(sparse(20, 24), US('PM25'))['PM25.design-value-annual']).toMatchObject({
      valid: false,
    });
  });

  it('an O3 daily maximum from fewer than 13 averages counts only above 70 ppb', () => {
    // Every day: hours 7–18 valid (12 hours) → averages starting 7…13 have 6–8 hours: 7 of 17.
    const day = (value: number) => {
      const b = new HourlyBuilder(2021, 2023, Number.NaN);
      for (let t = Date.UTC(2021, 0, 1); t < Date.UTC(2024, 0, 1); t += 86_400_000) {
        const d = new Date(t);
        b.setHours(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 7, 19, value);
      }
      return b;
    };
    expect(byId(day(ugm3(71.5, 47.9982)), US('O3'))['O3.design-value']).toMatchObject({
      valid: true,
      value: 0.071,
    });
    expect(byId(day(ugm3(69.5, 47.9982)), US('O3'))['O3.design-value']).toMatchObject({
      valid: false,
    });
  });
});

describe('US CO', () => {
  const ppm = (value: number) => (value * 1000 * 28.0101) / 24.45;

  it('the second maximum may start exactly 8 hours after the first', () => {
    const b = constant(ppm(0.5))
      .setHours(2023, 3, 1, 0, 8, ppm(12))
      .setHours(2023, 3, 1, 8, 16, ppm(10));
    expect(byId(b, US('CO'))['CO.8h-second-max']).toMatchObject({
      value: 10,
      met: false,
      valid: true,
    });
  });

  it('of equal highest averages the earliest is the first maximum', () => {
    const b = constant(ppm(0.5))
      .setHours(2023, 3, 1, 4, 16, ppm(12))
      .setHours(2023, 3, 1, 3, 4, ppm(5));
    // Earliest start 04:00: the second is the average starting 12:00 (4 × 12 + 4 × 0.5) / 8.
    expect(byId(b, US('CO'))['CO.8h-second-max']).toMatchObject({ value: 6.3 });
  });

  it('a value over the standard stands without the 75 % of hours', () => {
    const b = constant(ppm(12)).setRange(Date.UTC(2023, 6, 1), Date.UTC(2024, 0, 1), Number.NaN);
    const m = byId(b, US('CO'));
    expect(m['CO.8h-second-max']).toMatchObject({ valid: true, met: false, value: 12 });
    expect(m['CO.1h-second-max']).toMatchObject({ valid: false });
    const high = constant(ppm(36)).setRange(Date.UTC(2023, 6, 1), Date.UTC(2024, 0, 1), Number.NaN);
    expect(byId(high, US('CO'))['CO.1h-second-max']).toMatchObject({
      valid: true,
      met: false,
      value: 36,
    });
    expect(byId(constant(ppm(9.49)), US('CO'))['CO.8h-second-max']).toMatchObject({
      value: 9.5,
      met: false,
    });
    expect(byId(constant(ppm(9.44)), US('CO'))['CO.8h-second-max']).toMatchObject({
      value: 9.4,
      met: true,
    });
  });
});
