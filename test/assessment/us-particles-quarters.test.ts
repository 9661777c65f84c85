// Appendices N and K at their edges, worked by hand: the truncated daily values of PM2.5, the
// 75 % of each quarter's days, and the expected exceedances of PM10 with missing days. Each
// series is 2021–2023, so every quarter has 90 (Q1), 91, 92 and 92 days.
import { describe, expect, it } from 'vitest';
import { assessSeries, type Metric } from '../../src/assessment/index.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

function us(b: HourlyBuilder, pollutant: 'PM25' | 'PM10'): Record<string, Metric> {
  const { metrics } = assessSeries(b.series, { standard: 'US_NAAQS', pollutant, year: 2023 });
  return Object.fromEntries(metrics.map((m) => [m.id, m]));
}

const ONE_QUARTER = 'incomplete: 1 of the 12 quarters of 2021–2023 have fewer than 75 % valid days';

describe('PM2.5 (App. N)', () => {
  it('truncates each daily value to one decimal before averaging', () => {
    // Days of 9.06 are 9.0: the annual design value is 9.0 and meets 9.0 (9.06 would round to
    // 9.1). Ten missing days in April 2022 leave the quarter complete and its mean 9.0.
    const b = new HourlyBuilder(2021, 2023, 9.06).setDays(2022, 4, 1, 10, Number.NaN);
    expect(us(b, 'PM25')).toMatchObject({
      'PM25.design-value-annual': { value: 9, unit: 'µg/m³', valid: true, met: true },
      'PM25.design-value-24h': { value: 9, unit: 'µg/m³', valid: true, met: true },
    });
  });

  it('needs 75 % of the days of each quarter: 68 of 90 and 69 of 92 are, 67 of 90 is not', () => {
    const short = new HourlyBuilder(2021, 2023, 5).setDays(2021, 1, 1, 23, Number.NaN);
    expect(us(short, 'PM25')).toMatchObject({
      'PM25.design-value-annual': { value: null, valid: false, reason: ONE_QUARTER },
      'PM25.design-value-24h': { value: null, valid: false, reason: ONE_QUARTER },
    });
    const enough = new HourlyBuilder(2021, 2023, 5)
      .setDays(2021, 1, 1, 22, Number.NaN)
      .setDays(2021, 7, 1, 23, Number.NaN);
    expect(us(enough, 'PM25')).toMatchObject({
      'PM25.design-value-annual': { value: 5, valid: true, met: true },
      'PM25.design-value-24h': { value: 5, valid: true, met: true },
    });
  });

  it('lets an incomplete value stand only above the level, not at it', () => {
    // 35 µg/m³ with one short quarter: the annual 35.0 exceeds 9.0 and stands; the 24-hour
    // value equals 35 and does not.
    const b = new HourlyBuilder(2021, 2023, 35).setDays(2021, 1, 1, 23, Number.NaN);
    expect(us(b, 'PM25')).toMatchObject({
      'PM25.design-value-annual': { value: 35, valid: true, met: false },
      'PM25.design-value-24h': { value: null, valid: false, met: null, reason: ONE_QUARTER },
    });
  });
});

describe('PM10 expected exceedances (App. K 3.1)', () => {
  it('scales each year by its days over its valid days, and reports year Y’s count', () => {
    // 50 µg/m³, with whole days of 160 µg/m³ (rounded 160, over 150): 20 in 2021, 20 in 2022
    // and 22 in 2023; 2021 also misses 15 days in each of Q1 and Q2 (335 valid days).
    const b = new HourlyBuilder(2021, 2023, 50)
      .setDays(2021, 7, 1, 20, 160)
      .setDays(2022, 7, 1, 20, 160)
      .setDays(2023, 7, 1, 22, 160)
      .setDays(2021, 2, 1, 15, Number.NaN)
      .setDays(2021, 5, 1, 15, Number.NaN);
    // (20·365/335 + 20·365/365 + 22·365/365) / 3 = (21.791 + 20 + 22) / 3 = 21.264 → 21.3
    expect(us(b, 'PM10')['PM10.expected-exceedances']).toMatchObject({
      value: 21.3,
      unit: 'days',
      limit: 150,
      allowedExceedances: 1,
      exceedances: 22,
      valid: true,
      met: false,
      rule: '40 CFR 50 Appendix K',
    });
  });

  it('is invalid with an incomplete quarter when it does not exceed', () => {
    const b = new HourlyBuilder(2021, 2023, 50).setDays(2021, 1, 1, 30, Number.NaN);
    expect(us(b, 'PM10')['PM10.expected-exceedances']).toMatchObject({
      value: null,
      valid: false,
      exceedances: 0,
      reason: ONE_QUARTER,
    });
  });
});
