// The US daily values at their edges, worked by hand from 40 CFR 50: which 8-hour averages an O3
// day reads, when a day with few values still counts, which rank a year's value has, and which
// hours are missing. Each series repeats one pattern over 2021–2023, so the three-year design
// value is the value of one year.
import { describe, expect, it } from 'vitest';
import { assessSeries, type Metric } from '../../src/assessment/index.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

const YEARS = [2021, 2022, 2023] as const;

function us(b: HourlyBuilder, pollutant: 'O3' | 'NO2' | 'SO2'): Record<string, Metric> {
  const { metrics } = assessSeries(b.series, { standard: 'US_NAAQS', pollutant, year: 2023 });
  return Object.fromEntries(metrics.map((m) => [m.id, m]));
}

// App. S and T: hourly ppb = (µg/m³ × 24.45) / M, truncated to one decimal.
const no2Ppb = (ugm3: number) => Math.floor(((ugm3 * 24.45) / 46.0055) * 10 + 1e-9) / 10;

describe('O3 daily maxima (App. U 3(c), 3(d))', () => {
  it('reads the 17 averages starting 07:00 … 23:00, not those starting earlier in the day', () => {
    // 200 µg/m³ (101 ppb) from 00:00 to 07:59 every day, 20 µg/m³ (10 ppb) otherwise.
    const b = new HourlyBuilder(2021, 2023, 20);
    for (let i = 0; i < b.values.length; i++) if (i % 24 < 8) b.values[i] = 200;
    // The best average starts at 23:00: 10 ppb and seven hours of 101 ppb, (10 + 707) / 8 =
    // 89.6, truncated 89. The one starting at 00:00 (eight hours of 101) is not the day's; the
    // one starting at 22:00 gives only (20 + 606) / 8 = 78.
    expect(us(b, 'O3')['O3.design-value']).toMatchObject({ value: 0.089, valid: true, met: false });
  });

  it('counts a day with exactly 13 valid averages, and one with fewer only above 70 ppb', () => {
    // 100 µg/m³ is 50 ppb; 118.77 µg/m³ is 60 ppb and 138.4 is 70 ppb, truncated.
    const thirteen = new HourlyBuilder(2021, 2023, 100);
    const seventy = new HourlyBuilder(2021, 2023, 100);
    for (const year of YEARS) {
      for (let day = 1; day <= 4; day++) {
        // Hours 10–12 missing spoil the averages starting 07:00 … 10:00: 13 remain, the best
        // (13:00 … 20:00 at 60 ppb) 60.
        thirteen.setHours(year, 6, day * 2, 10, 13, Number.NaN);
        thirteen.setHours(year, 6, day * 2, 13, 21, 118.77);
        // Hours 19–23 missing leave the averages starting 07:00 … 13:00, 22:00 and 23:00: 9,
        // the best 70 ppb, which is not above 70.
        seventy.setHours(year, 6, day * 2, 7, 19, 138.4);
        seventy.setHours(year, 6, day * 2, 19, 24, Number.NaN);
      }
    }
    // Four days of 60 a year make the 4th-highest 60; the four 70s do not count, so it is 50.
    expect(us(thirteen, 'O3')['O3.design-value']).toMatchObject({ value: 0.06, valid: true });
    expect(us(seventy, 'O3')['O3.design-value']).toMatchObject({ value: 0.05, valid: true });
  });
});

describe('O3 completeness (App. U 4(b))', () => {
  // 91 missing days from 1 March 2021 make 92 invalid days: the day before the gap keeps only
  // its 12 averages starting 07:00 … 18:00. 273 of 365 days is below 75 % (273.75).
  const withGap = (days: number) =>
    new HourlyBuilder(2021, 2023, 100).setDays(2021, 3, 1, days, Number.NaN);

  it('needs 75 % of the days in each year: 273 of 365 is not, 274 is', () => {
    expect(us(withGap(91), 'O3')['O3.design-value']).toMatchObject({
      value: null,
      valid: false,
      met: null,
    });
    // 274 days: (274/365 + 1 + 1) / 3 = 91.7 %, above 90 % over the three years.
    expect(us(withGap(90), 'O3')['O3.design-value']).toMatchObject({
      value: 0.05,
      valid: true,
      met: true,
    });
  });

  it('needs 90 % over the three years even when every year has 75 %', () => {
    // 72 missing days and the day before: 292 of 365 valid days (80 %) in every year.
    const b = new HourlyBuilder(2021, 2023, 100);
    for (const year of YEARS) b.setDays(year, 3, 1, 72, Number.NaN);
    expect(us(b, 'O3')['O3.design-value']).toMatchObject({ value: null, valid: false });
  });
});

describe('NO2 and SO2 daily maxima (App. S 3.1, App. T 3)', () => {
  // Eight days a year whose 00:00 hour peaks, 150 down to 80 µg/m³; the other hours 20 µg/m³.
  const PEAKS = [150, 140, 130, 120, 110, 100, 90, 80];
  function peaks(): HourlyBuilder {
    const b = new HourlyBuilder(2021, 2023, 20);
    for (const year of YEARS) {
      for (const [k, v] of PEAKS.entries()) b.setHours(year, 2, 1 + 3 * k, 0, 1, v);
    }
    // +Infinity and -Infinity at 05:00 and 06:00 of every day are missing hours, not values.
    for (let i = 0; i < b.values.length; i++) {
      if (i % 24 === 5) b.values[i] = Number.POSITIVE_INFINITY;
      if (i % 24 === 6) b.values[i] = Number.NEGATIVE_INFINITY;
    }
    return b;
  }

  it("take each day's own 24 hours; NO2 ranks the 8th highest, SO2 the 4th", () => {
    // 365 valid days a year: NO2's rank is min(8, ceil(365/50)) = 8, the smallest peak, 80
    // µg/m³: 42.5 ppb, rounded half up to 43.
    expect(no2Ppb(80)).toBe(42.5);
    expect(us(peaks(), 'NO2')['NO2.design-value-1h']).toMatchObject({
      value: 43,
      valid: true,
      met: true,
    });
    // SO2: min(4, ceil(365/100)) = 4; 120 µg/m³ of SO2 is 45.79 ppb, truncated 45.7, rounded 46.
    expect(us(peaks(), 'SO2')['SO2.design-value-1h']).toMatchObject({ value: 46, valid: true });
  });

  it('ranks from the count of valid days: SO2 with 251 days takes the 3rd highest', () => {
    // Days from 9 September on are missing: 251 valid days a year, rank min(4, ceil(2.51)) = 3.
    const b = peaks();
    for (const year of YEARS) {
      b.setRange(Date.UTC(year, 8, 9), Date.UTC(year + 1, 0, 1), Number.NaN);
    }
    // Incomplete, but the 3rd highest (130 µg/m³: 49.6 ppb, rounded 50) is below 75: invalid.
    // Raised fourfold, the 3rd highest 520 µg/m³ (198.4 ppb) stands above the level.
    expect(us(b, 'SO2')['SO2.design-value-1h']).toMatchObject({ valid: false, value: null });
    for (let i = 0; i < b.values.length; i++) b.values[i]! *= 4;
    expect(us(b, 'SO2')['SO2.design-value-1h']).toMatchObject({
      value: 198,
      valid: true,
      met: false,
    });
  });

  it('counts a day with 18 valid hours, and one with 17 only above the level', () => {
    // 188.162 µg/m³ of NO2 is 100.0 ppb, the level; 50 µg/m³ is 26.5 ppb.
    expect([no2Ppb(188.162), no2Ppb(50), no2Ppb(20)]).toEqual([100, 26.5, 10.6]);
    const seventeen = new HourlyBuilder(2021, 2023, 20);
    const eighteen = new HourlyBuilder(2021, 2023, 20);
    for (const year of YEARS) {
      for (let k = 0; k < 8; k++) {
        seventeen.setHours(year, 5, 1 + 2 * k, 0, 1, 188.162);
        seventeen.setHours(year, 5, 1 + 2 * k, 17, 24, Number.NaN);
        eighteen.setHours(year, 5, 1 + 2 * k, 0, 1, 50);
        eighteen.setHours(year, 5, 1 + 2 * k, 18, 24, Number.NaN);
      }
    }
    // The 17-hour days do not count: the 8th highest is an ordinary day, 10.6 ppb, rounded 11.
    expect(us(seventeen, 'NO2')['NO2.design-value-1h']).toMatchObject({ value: 11, valid: true });
    // The 18-hour days count: their 26.5 ppb is the 8th highest, rounded half up to 27.
    expect(us(eighteen, 'NO2')['NO2.design-value-1h']).toMatchObject({ value: 27, valid: true });
  });
});

describe('the NO2 annual design value (App. S 5.1)', () => {
  it('averages the hours of the year only, and is not met above 53 ppb', () => {
    // 120 µg/m³ is 63.7 ppb, rounded 64; the first hour of 2024 is in the series but not in 2023.
    const b = new HourlyBuilder(2021, 2024, 120);
    b.setHours(2024, 1, 1, 0, 24, 1e6);
    expect(us(b, 'NO2')['NO2.design-value-annual']).toMatchObject({
      value: 64,
      unit: 'ppb',
      limit: 53,
      valid: true,
      met: false,
      rule: '40 CFR 50 Appendix S',
    });
  });
});
