// The reason of every invalid metric, written out: a reason names the rule that failed (the rule
// strings themselves: metric-heads.test.ts).
import { describe, expect, it } from 'vitest';
import { type AssessOptions, assessSeries, type Metric } from '../../src/assessment/index.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

function byId(
  series: { startMs: number; values: ArrayLike<number> },
  options: AssessOptions,
): Record<string, Metric> {
  return Object.fromEntries(assessSeries(series, options).metrics.map((m) => [m.id, m]));
}
const reasons = (series: { startMs: number; values: ArrayLike<number> }, options: AssessOptions) =>
  Object.fromEntries(Object.entries(byId(series, options)).map(([id, m]) => [id, m.reason]));

// One valid hour, 1 January 2023 00:00: the year is reached, nothing else is there.
const ONE_HOUR = { startMs: Date.UTC(2023, 0, 1), values: [5] };

describe('reasons', () => {
  it('EU capture below 90 % or 85 %', () => {
    expect(reasons(ONE_HOUR, { standard: 'EU_2008', pollutant: 'SO2', year: 2023 })).toEqual({
      'SO2.hourly-exceedances': 'capture 1/8760 hours below 90 %',
      'SO2.daily-exceedances': 'capture 1/8760 hours below 90 %',
    });
    expect(reasons(ONE_HOUR, { standard: 'EU_2030', pollutant: 'PM25', year: 2023 })).toEqual({
      'PM25.annual-mean': 'capture 1/8760 hours below 85 %',
      'PM25.daily-exceedances': 'capture 1/8760 hours below 85 %',
    });
  });

  it('EU O3', () => {
    expect(reasons(ONE_HOUR, { standard: 'EU_2008', pollutant: 'O3', year: 2023 })).toEqual({
      'O3.mda8-exceedance-days':
        'no valid O3 year in 2021–2023 (5 of the months April–September with 27 valid daily 8-hour maxima)',
      'O3.aot40': 'AOT40 measured 0/1104 hours below 90 %',
      'O3.aot40-5y-mean': '0 valid AOT40 years in 2019–2023, at least 3 needed',
    });
  });

  it('US design values, annual NO2 and CO', () => {
    const quarters =
      'incomplete: 12 of the 12 quarters of 2021–2023 have fewer than 75 % valid days';
    expect(reasons(ONE_HOUR, { standard: 'US_NAAQS', pollutant: 'PM25', year: 2023 })).toEqual({
      'PM25.design-value-annual': quarters,
      'PM25.design-value-24h': quarters,
    });
    expect(reasons(ONE_HOUR, { standard: 'US_NAAQS', pollutant: 'PM10', year: 2023 })).toEqual({
      'PM10.expected-exceedances': quarters,
    });
    expect(reasons(ONE_HOUR, { standard: 'US_NAAQS', pollutant: 'SO2', year: 2023 })).toEqual({
      'SO2.design-value-1h': quarters,
    });
    expect(reasons(ONE_HOUR, { standard: 'US_NAAQS', pollutant: 'NO2', year: 2023 })).toEqual({
      'NO2.design-value-1h': quarters,
      'NO2.design-value-annual': 'incomplete: capture 1/8760 hours below 75 %',
    });
    expect(reasons(ONE_HOUR, { standard: 'US_NAAQS', pollutant: 'O3', year: 2023 })).toEqual({
      'O3.design-value':
        'incomplete: valid daily maxima below 75 % of the days in a year or 90 % over 2021–2023',
    });
    expect(reasons(ONE_HOUR, { standard: 'US_NAAQS', pollutant: 'CO', year: 2023 })).toEqual({
      'CO.8h-second-max': 'no second maximum in 1/8760 valid hours',
      'CO.1h-second-max': 'no second maximum in 1/8760 valid hours',
    });
    const half = new HourlyBuilder(2023, 2023, 100).setRange(
      Date.UTC(2023, 6, 1),
      Date.UTC(2024, 0, 1),
      Number.NaN,
    );
    expect(reasons(half.series, { standard: 'US_NAAQS', pollutant: 'CO', year: 2023 })).toEqual({
      'CO.8h-second-max': 'incomplete: capture 4344/8760 hours below 75 %',
      'CO.1h-second-max': 'incomplete: capture 4344/8760 hours below 75 %',
    });
  });

  it('WHO capture below 75 %, and O3 statistics that cannot be computed', () => {
    expect(reasons(ONE_HOUR, { standard: 'WHO_2021', pollutant: 'NO2', year: 2023 })).toEqual({
      'WHO.NO2.annual': 'capture 1/8760 hours below 75 %',
      'WHO.NO2.24h-99th-percentile': 'capture 1/8760 hours below 75 %',
    });
    // 18 valid hours then 6 missing, every day: 75 % of the hours, no valid MDA8.
    const b = new HourlyBuilder(2023, 2023, 50);
    for (let h = 0; h < b.values.length; h++) if (h % 24 >= 18) b.values[h] = Number.NaN;
    const m = byId(b.series, { standard: 'WHO_2021', pollutant: 'O3', year: 2023 });
    expect(m['WHO.O3.peak-season']).toMatchObject({
      valid: false,
      level: null,
      reason: 'peak-season not computable from the data of 2023',
    });
    expect(m['WHO.O3.8h-99th-percentile']).toMatchObject({
      valid: false,
      level: null,
      reason: '8h-99th-percentile not computable from the data of 2023',
    });
  });
});
