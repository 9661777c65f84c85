// The worked examples of the EU rules (E1–E7, E12–E16), each with the figures written out by
// hand; the series are built with Date.UTC (test/helpers/assessment-series.ts).
import { describe, expect, it } from 'vitest';
import type { AssessOptions } from '../../src/assessment/index.js';
import { byId as metrics } from '../helpers/assessment-metrics.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

const EU_PM10_2023: AssessOptions = { standard: 'EU_2008', pollutant: 'PM10', year: 2023 };

describe('EU_2008 PM10 (E1–E3)', () => {
  it('E1: 35 days over 50 are allowed; the 90.4th percentile is the 36th highest', () => {
    const m = metrics(new HourlyBuilder(2023, 2023, 20).setDays(2023, 1, 1, 35, 60), EU_PM10_2023);
    expect(m['PM10.daily-exceedances']).toMatchObject({
      value: 35,
      exceedances: 35,
      met: true,
      valid: true,
      unit: 'days',
      limit: 50,
      allowedExceedances: 35,
    });
    expect(m['PM10.daily-90.4-percentile']).toMatchObject({
      value: 20,
      met: true,
      unit: 'µg/m³',
      limit: 50,
    });
    expect(m['PM10.annual-mean']).toMatchObject({
      value: 8700 / 365,
      met: true,
      capture: 1,
      limit: 40,
    });
    expect(m['PM10.annual-mean']).not.toHaveProperty('reason');
    expect(m['PM10.annual-mean']!.rule).toBe('Directive 2008/50/EC, Annex XI');
  });

  it('E2: the 36th day over 50 breaks both the count and the percentile', () => {
    const m = metrics(new HourlyBuilder(2023, 2023, 20).setDays(2023, 1, 1, 36, 60), EU_PM10_2023);
    expect(m['PM10.daily-exceedances']).toMatchObject({ value: 36, exceedances: 36, met: false });
    expect(m['PM10.daily-90.4-percentile']).toMatchObject({ value: 60, met: false });
    expect(m['PM10.annual-mean']).toMatchObject({ value: 8740 / 365 });
  });

  it('E3: a day with 17 valid hours has no mean, one with 18 has', () => {
    const b = new HourlyBuilder(2023, 2023, 20)
      .setHours(2023, 1, 10, 0, 17, 100)
      .setHours(2023, 1, 10, 17, 24, Number.NaN)
      .setHours(2023, 1, 11, 0, 18, 100)
      .setHours(2023, 1, 11, 18, 24, Number.NaN);
    const m = metrics(b, EU_PM10_2023);
    expect(m['PM10.daily-exceedances']).toMatchObject({ value: 1, exceedances: 1, met: true });
    expect(m['PM10.daily-90.4-percentile']).toMatchObject({ value: 20 });
    expect(m['PM10.annual-mean']).toMatchObject({ value: 177740 / 8747, capture: 8747 / 8760 });
  });
});

describe('EU_2008 capture at 90 % (E4–E7)', () => {
  const no2: AssessOptions = { standard: 'EU_2008', pollutant: 'NO2', year: 2023 };
  it('E4: 7884 of 8760 hours is exactly 90 %: valid', () => {
    const b = new HourlyBuilder(2023, 2023, 30);
    b.values.fill(Number.NaN, 0, 876);
    const m = metrics(b, no2);
    expect(m['NO2.annual-mean']).toMatchObject({ value: 30, met: true, valid: true, capture: 0.9 });
    expect(m['NO2.hourly-exceedances']).toMatchObject({
      value: 0,
      met: true,
      exceedances: 0,
      valid: true,
    });
  });

  it('E5: 7883 hours: both invalid, the count still reported', () => {
    const b = new HourlyBuilder(2023, 2023, 30);
    b.values.fill(Number.NaN, 0, 877);
    const m = metrics(b, no2);
    for (const id of ['NO2.annual-mean', 'NO2.hourly-exceedances']) {
      expect(m[id]).toMatchObject({ value: null, met: null, valid: false, capture: 7883 / 8760 });
      expect(m[id]!.reason).toBe('capture 7883/8760 hours below 90 %');
    }
    expect(m['NO2.hourly-exceedances']!.exceedances).toBe(0);
  });

  const pm25: AssessOptions = { standard: 'EU_2008', pollutant: 'PM25', year: 2024 };
  it('E6: 7906 of 8784 hours of a leap year is enough', () => {
    const b = new HourlyBuilder(2024, 2024, 10);
    b.values.fill(Number.NaN, 0, 878);
    expect(metrics(b, pm25)['PM25.annual-mean']).toMatchObject({
      value: 10,
      met: true,
      valid: true,
      limit: 25,
    });
  });

  it('E7: 7905 is not', () => {
    const b = new HourlyBuilder(2024, 2024, 10);
    b.values.fill(Number.NaN, 0, 879);
    expect(metrics(b, pm25)['PM25.annual-mean']).toMatchObject({ value: null, valid: false });
  });
});

describe('EU O3 (E12–E15)', () => {
  const e12 = () => {
    const b = new HourlyBuilder(2023, 2023, 60);
    for (let d = 0; d < 92; d++) {
      const day = new Date(Date.UTC(2023, 4, 1 + d));
      for (const hour of [6, 7, 19])
        b.setHours(2023, day.getUTCMonth() + 1, day.getUTCDate(), hour, hour + 1, 100);
    }
    return b;
  };
  const options: AssessOptions = { standard: 'EU_2008', pollutant: 'O3', year: 2023 };

  it('E12: only 07 UTC (08 CET) is in the AOT40 window', () => {
    const m = metrics(e12(), options);
    expect(m['O3.aot40']).toMatchObject({
      value: 1840,
      met: true,
      valid: true,
      unit: 'µg/m³·h',
      limit: 6000,
    });
    expect(m['O3.mda8-exceedance-days']).toMatchObject({
      value: 0,
      met: true,
      valid: true,
      limit: 120,
      allowedExceedances: 25,
    });
    expect(m['O3.aot40-5y-mean']).toMatchObject({ value: null, valid: false, limit: 18000 });
    expect(m['O3.aot40']!.rule).toBe('Directive 2008/50/EC, Annex VII');
  });

  it('E13: AOT40 scaled by possible over measured hours', () => {
    const b = e12();
    for (let d = 0; d < 92; d++) b.values[b.index(2023, 5, 1, 8) + d * 24] = Number.NaN;
    const m = metrics(b, options);
    expect(m['O3.aot40']).toMatchObject({
      value: (1840 * 1104) / 1012,
      valid: true,
      capture: 8668 / 8760,
    });
  });

  const e14 = () => {
    const b = new HourlyBuilder(2021, 2023, 60);
    const days: Record<number, number> = { 2021: 20, 2022: 30, 2023: 28 };
    for (const [year, count] of Object.entries(days)) {
      for (let d = 1; d <= count; d++) b.setHours(Number(year), 6, d, 10, 18, 130);
    }
    return b;
  };

  it('E14: the three-year mean of days over 120', () => {
    const m = metrics(e14(), options);
    expect(m['O3.mda8-exceedance-days']).toMatchObject({
      value: 26,
      exceedances: 28,
      met: false,
      valid: true,
    });
  });

  it('E15: EU_2030 allows 18 days', () => {
    const m = metrics(e14(), { standard: 'EU_2030', pollutant: 'O3', year: 2023 });
    expect(m['O3.mda8-exceedance-days']).toMatchObject({
      value: 26,
      allowedExceedances: 18,
      met: false,
    });
    expect(Object.keys(m)).toEqual(['O3.mda8-exceedance-days', 'O3.aot40-5y-mean']);
  });
});

describe('EU_2030 conclusive exceedances (E16)', () => {
  it('E16: 20 days over 45 in three months are conclusive; the annual mean is not', () => {
    const b = new HourlyBuilder(2023, 2023, 20)
      .setRange(Date.UTC(2023, 3, 1), Date.UTC(2024, 0, 1), Number.NaN)
      .setDays(2023, 1, 1, 20, 60);
    const m = metrics(b, { standard: 'EU_2030', pollutant: 'PM10', year: 2023 });
    expect(m['PM10.daily-exceedances']).toMatchObject({
      value: 20,
      met: false,
      valid: true,
      exceedances: 20,
      capture: 2160 / 8760,
    });
    expect(m['PM10.daily-exceedances']).not.toHaveProperty('reason');
    expect(m['PM10.annual-mean']).toMatchObject({ value: null, valid: false, met: null });
  });
});
