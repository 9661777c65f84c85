// EU O3 and WHO rules at edges the worked examples do not reach, worked by hand: the five-year
// AOT40 at its objective, the summer months that make an O3 year valid, the count of an invalid
// year, a CO year captured but without a daily maximum, and a WHO peak season early in the year.
import { describe, expect, it } from 'vitest';
import { type AssessOptions, assessSeries, type Metric } from '../../src/assessment/index.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

type Source = { readonly series: { startMs: number; values: ArrayLike<number> } };
function byId(b: Source, options: AssessOptions): Record<string, Metric> {
  return Object.fromEntries(assessSeries(b.series, options).metrics.map((m) => [m.id, m]));
}
const EU_2008_O3: AssessOptions = { standard: 'EU_2008', pollutant: 'O3', year: 2023 };

describe('EU O3', () => {
  it('meets 18,000 µg/m³·h averaged over five years at exactly 18,000', () => {
    // 60 µg/m³, and 100 from 07:00 to 18:59 UTC on the 75 days from 1 May to 14 July: 900 of
    // the 1,104 window hours are 20 above 80, so every year's AOT40 is 18,000.
    const b = new HourlyBuilder(2019, 2023, 60);
    for (let year = 2019; year <= 2023; year++) {
      for (let d = 0; d < 75; d++) b.setHours(year, 5, 1 + d, 7, 19, 100);
    }
    expect(byId(b, EU_2008_O3)).toMatchObject({
      'O3.aot40': { value: 18000, valid: true, met: false },
      'O3.aot40-5y-mean': { value: 18000, valid: true, met: true },
    });
  });

  it('counts September among the summer months of a valid year', () => {
    // April missing in each year; May–September complete: five months, a valid year.
    const b = new HourlyBuilder(2021, 2023, 60);
    for (const year of [2021, 2022, 2023]) b.setDays(year, 4, 1, 30, Number.NaN);
    expect(byId(b, EU_2008_O3)['O3.mda8-exceedance-days']).toMatchObject({
      value: 0,
      valid: true,
      met: true,
    });
  });

  it("reports the assessed year's count when no year is valid", () => {
    // Only January–March 2023, with 130 from 10:00 to 17:59 on three days (an 8-hour mean of
    // 130 ending at 18:00 on each): no summer, no valid year.
    const b = new HourlyBuilder(2023, 2023, 60).setRange(
      Date.UTC(2023, 3, 1),
      Date.UTC(2024, 0, 1),
      Number.NaN,
    );
    for (const day of [10, 12, 14]) b.setHours(2023, 2, day, 10, 18, 130);
    expect(byId(b, EU_2008_O3)['O3.mda8-exceedance-days']).toMatchObject({
      value: null,
      valid: false,
      exceedances: 3,
      unit: 'days',
    });
  });
});

describe('EU CO', () => {
  it('has no maximum daily 8-hour mean when no day has 18 valid means, even at 85 % of hours', () => {
    // Three missing hours in a row spoil the six 8-hour means that contain all three. Seven such
    // runs every 144 hours (six days), placed so that each day gets 7 spoiled means of its 24:
    // every day keeps 17, one short of 18. 1,278 of 8,760 hours are missing: capture 85.4 %.
    const RUN_STARTS = [7, 21, 44, 67, 90, 113, 127];
    const values = new Float64Array(8760).fill(1000);
    for (let h = 0; h < values.length; h++) {
      if (RUN_STARTS.some((start) => h % 144 >= start && h % 144 < start + 3)) {
        values[h] = Number.NaN;
      }
    }
    const series = { startMs: Date.UTC(2023, 0, 1), values };
    const m = byId({ series }, { standard: 'EU_2030', pollutant: 'CO', year: 2023 });
    expect(m['CO.max-daily-8h-mean']).toMatchObject({
      value: null,
      valid: false,
      capture: 7482 / 8760,
      reason: 'no valid daily maximum 8-hour mean in 2023',
    });
    // The daily means have their 18 hours: the count stands.
    expect(m['CO.daily-exceedances']).toMatchObject({ value: 0, valid: true, met: true });
  });
});

describe('WHO', () => {
  it('gives level null when the capture fails', () => {
    const oneHour = { series: { startMs: Date.UTC(2023, 0, 1), values: [5] } };
    const { metrics } = assessSeries(oneHour.series, {
      standard: 'WHO_2021',
      pollutant: 'PM25',
      year: 2023,
    });
    for (const metric of metrics) {
      expect(metric).toMatchObject({ value: null, valid: false, level: null });
    }
  });
});

describe('US CO', () => {
  it('reads the first hours of the next year for the 8-hour averages, not for the hours', () => {
    // 1,000 µg/m³; 20,000 from 31 December 23:00 to 1 January 03:59, and 15,000 from 08:00 to
    // 15:59 on 10 June. The best 8-hour average is June's (13.094 ppm); the second, starting
    // on 31 December at 20:00 … 23:00, is (3 × 1,000 + 5 × 20,000) / 8 = 12,875 µg/m³
    // (11.239 ppm) and needs the hours of 2024. The hours of 2023 alone give the 1-hour values:
    // 20,000 (17.458 ppm) once, then 15,000 (13.094 ppm).
    const b = new HourlyBuilder(2023, 2024, 1000)
      .setRange(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 1, 4), 20_000)
      .setHours(2023, 6, 10, 8, 16, 15_000);
    expect(byId(b, { standard: 'US_NAAQS', pollutant: 'CO', year: 2023 })).toMatchObject({
      'CO.8h-second-max': { value: 11.2, valid: true, met: false },
      'CO.1h-second-max': { value: 13.1, valid: true, met: true },
    });
  });
});

describe('WHO peak season', () => {
  it('can be the first window, January–June', () => {
    // 90 from January to June, 60 after: January–June has the mean MDA8 90, every later
    // window less.
    const b = new HourlyBuilder(2023, 2023, 60).setRange(
      Date.UTC(2023, 0, 1),
      Date.UTC(2023, 6, 1),
      90,
    );
    expect(
      byId(b, { standard: 'WHO_2021', pollutant: 'O3', year: 2023 })['WHO.O3.peak-season'],
    ).toMatchObject({ value: 90, valid: true, level: 'IT1', met: false });
  });
});
