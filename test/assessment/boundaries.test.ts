// Each comparison of the rules on and beside its boundary: a value equal to a limit meets it,
// a count equal to its allowance meets it, and the completeness rules flip where they say.
import { describe, expect, it } from 'vitest';
import { type AssessOptions, assessSeries, type Metric } from '../../src/assessment/index.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

function byId(builder: HourlyBuilder, options: AssessOptions): Record<string, Metric> {
  return Object.fromEntries(assessSeries(builder.series, options).metrics.map((m) => [m.id, m]));
}
const constant = (value: number, from = 2023) => new HourlyBuilder(from, 2023, value);
const EU = (pollutant: AssessOptions['pollutant']): AssessOptions => ({
  standard: 'EU_2008',
  pollutant,
  year: 2023,
});
const US = (pollutant: AssessOptions['pollutant']): AssessOptions => ({
  standard: 'US_NAAQS',
  pollutant,
  year: 2023,
});
// µg/m³ that converts to `ppb` plus `extra` of a unit, at 24.45 L/mol.
const ugm3 = (ppb: number, molarMass: number) => (ppb * molarMass) / 24.45;

describe('EU limits', () => {
  it('a value equal to the limit meets it; a value at the threshold is no exceedance', () => {
    const pm10 = byId(constant(50), EU('PM10'));
    expect(pm10['PM10.daily-exceedances']).toMatchObject({ value: 0, met: true });
    expect(pm10['PM10.daily-90.4-percentile']).toMatchObject({ value: 50, met: true });
    expect(byId(constant(40), EU('PM10'))['PM10.annual-mean']).toMatchObject({
      value: 40,
      met: true,
    });
    expect(byId(constant(200), EU('NO2'))['NO2.hourly-exceedances']).toMatchObject({
      value: 0,
      met: true,
    });
    expect(byId(constant(10_000), EU('CO'))['CO.max-daily-8h-mean']).toMatchObject({
      value: 10,
      met: true,
    });
    const co2030 = byId(constant(4000), { ...EU('CO'), standard: 'EU_2030' });
    expect(co2030['CO.daily-exceedances']).toMatchObject({ value: 0, limit: 4 });
  });

  it('a count one over its allowance does not meet it; EU_2030 counts it without capture', () => {
    const b = constant(20).setDays(2023, 1, 1, 19, 60);
    expect(byId(b, { ...EU('PM10'), standard: 'EU_2030' })['PM10.daily-exceedances']).toMatchObject(
      { value: 19, met: false },
    );
    const partial = constant(20)
      .setRange(Date.UTC(2023, 3, 1), Date.UTC(2024, 0, 1), Number.NaN)
      .setDays(2023, 1, 1, 18, 60);
    // 18 days over 45 with capture failing: not conclusive (18 is allowed), so invalid.
    expect(
      byId(partial, { ...EU('PM10'), standard: 'EU_2030' })['PM10.daily-exceedances'],
    ).toMatchObject({ valid: false, exceedances: 18 });
    // Under EU_2008 nothing is conclusive.
    const over = constant(20)
      .setRange(Date.UTC(2023, 3, 1), Date.UTC(2024, 0, 1), Number.NaN)
      .setDays(2023, 1, 1, 40, 60);
    expect(byId(over, EU('PM10'))['PM10.daily-exceedances']).toMatchObject({
      valid: false,
      exceedances: 40,
    });
  });
});

describe('EU O3', () => {
  // A year of 60 µg/m³ where each of April–September keeps exactly `keep` valid days.
  function summer(keep: (month: number) => number): HourlyBuilder {
    const b = constant(60);
    for (let month = 3; month <= 8; month++) {
      const days = new Date(Date.UTC(2023, month + 1, 0)).getUTCDate();
      const missing = days - keep(month);
      // Whole missing days every other day, so the next day keeps enough 8-hour means.
      for (let k = 0; k < missing; k++) b.setDays(2023, month + 1, 2 + 2 * k, 1, Number.NaN);
    }
    return b;
  }

  it('a year is valid with 5 of the 6 summer months at 27 valid days', () => {
    expect(
      byId(
        summer(() => 27),
        EU('O3'),
      )['O3.mda8-exceedance-days'],
    ).toMatchObject({ valid: true, value: 0 });
    const fiveMonths = summer((month) => (month === 8 ? 26 : 27));
    expect(byId(fiveMonths, EU('O3'))['O3.mda8-exceedance-days']).toMatchObject({ valid: true });
    const fourMonths = summer((month) => (month >= 7 ? 26 : 27));
    expect(byId(fourMonths, EU('O3'))['O3.mda8-exceedance-days']).toMatchObject({ valid: false });
  });

  it('a mean of 25 days meets the target, a day over 120 counts, 120 does not', () => {
    const b = new HourlyBuilder(2021, 2023, 60);
    for (const year of [2021, 2022, 2023])
      for (let d = 1; d <= 25; d++) b.setHours(year, 6, d, 10, 18, 121);
    b.setHours(2023, 7, 1, 10, 18, 120);
    expect(byId(b, EU('O3'))['O3.mda8-exceedance-days']).toMatchObject({
      value: 25,
      exceedances: 25,
      met: true,
    });
  });

  it('the five-year AOT40 needs three valid years', () => {
    const three = new HourlyBuilder(2021, 2023, 100);
    expect(byId(three, EU('O3'))['O3.aot40-5y-mean']).toMatchObject({
      valid: true,
      value: 22080,
      met: false,
    });
    const two = new HourlyBuilder(2022, 2023, 100);
    expect(byId(two, EU('O3'))['O3.aot40-5y-mean']).toMatchObject({
      valid: false,
      reason: '2 valid AOT40 years in 2019–2023, at least 3 needed',
    });
    // 60 hours of the window at 180: exactly 6,000 µg/m³·h meets the objective, one more does not.
    const aot = new HourlyBuilder(2023, 2023, 80);
    for (let d = 0; d < 60; d++) aot.values[aot.index(2023, 5, 1, 10) + d * 24] = 180;
    expect(byId(aot, EU('O3'))['O3.aot40']).toMatchObject({ value: 6000, met: true });
    aot.values[aot.index(2023, 7, 31, 18)] = 81;
    expect(byId(aot, EU('O3'))['O3.aot40']).toMatchObject({ value: 6001, met: false });
  });
});

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

describe('WHO levels', () => {
  const WHO = (pollutant: AssessOptions['pollutant']): AssessOptions => ({
    standard: 'WHO_2021',
    pollutant,
    year: 2023,
  });

  it('a value equal to a level reaches it', () => {
    expect(byId(constant(15), WHO('PM25'))['WHO.PM25.24h-99th-percentile']).toMatchObject({
      level: 'AQG',
      met: true,
    });
    expect(byId(constant(15.01), WHO('PM25'))['WHO.PM25.24h-99th-percentile']).toMatchObject({
      level: 'IT4',
      met: false,
    });
    expect(byId(constant(35), WHO('PM25'))['WHO.PM25.annual']).toMatchObject({ level: 'IT1' });
    expect(byId(constant(35.01), WHO('PM25'))['WHO.PM25.annual']).toMatchObject({
      level: null,
      valid: true,
    });
    // NO2 has no IT4: 15 is IT3; SO2 has no IT3 or IT4: 45 is IT2.
    expect(byId(constant(15), WHO('NO2'))['WHO.NO2.annual']).toMatchObject({ level: 'IT3' });
    expect(byId(constant(45), WHO('SO2'))['WHO.SO2.24h-99th-percentile']).toMatchObject({
      level: 'IT2',
    });
    expect(byId(constant(7000), WHO('CO'))['WHO.CO.24h-99th-percentile']).toMatchObject({
      value: 7,
      level: 'IT1',
      unit: 'mg/m³',
      limit: 4,
    });
  });

  it('the O3 peak season is the best six-month window with 75 % of its days', () => {
    // 60 all year, 90 from July to December: the July–December window, mean MDA8 90.
    const b = constant(60).setRange(Date.UTC(2023, 6, 1), Date.UTC(2024, 0, 1), 90);
    expect(byId(b, WHO('O3'))['WHO.O3.peak-season']).toMatchObject({
      value: 90,
      level: 'IT1',
      met: false,
    });
    // With November and December missing, July–December lacks 75 % of its days: June–November wins.
    b.setRange(Date.UTC(2023, 10, 1), Date.UTC(2024, 0, 1), Number.NaN);
    const m = byId(b, WHO('O3'));
    expect(m['WHO.O3.peak-season']!.valid).toBe(true);
    expect(m['WHO.O3.peak-season']!.value).toBeLessThan(90);
  });
});

describe('the assessed year alone', () => {
  it('counts and averages only the hours of the year, not those around it', () => {
    const b = new HourlyBuilder(2022, 2024, 300)
      .setRange(Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1), 20)
      .setHours(2023, 6, 1, 0, 5, 250);
    const m = byId(b, EU('NO2'));
    expect(m['NO2.hourly-exceedances']).toMatchObject({ value: 5, exceedances: 5 });
    expect(m['NO2.annual-mean']).toMatchObject({ value: (8755 * 20 + 5 * 250) / 8760 });
  });

  it('takes the largest MDA8 of the year for EU CO, wherever it falls', () => {
    const b = constant(1000).setHours(2023, 1, 10, 10, 18, 8000);
    expect(byId(b, EU('CO'))['CO.max-daily-8h-mean']).toMatchObject({ value: 8, met: true });
  });
});
