// What every metric states besides its value and validity: the rule it applies, the unit of its
// value, and an allowance only where the standard has one. One pass over every standard and
// pollutant, with a year of 10 µg/m³.
import { describe, expect, it } from 'vitest';
import { assessSeries } from '../../src/assessment/index.js';

describe('every metric', () => {
  it('names its rule and its unit, and an allowance only for counts and second maxima', () => {
    const year = { startMs: Date.UTC(2023, 0, 1), values: new Float64Array(8760).fill(10) };
    const rules: Record<string, string> = {};
    const units: Record<string, string> = {};
    const allowances: string[] = [];
    for (const standard of ['EU_2008', 'EU_2030', 'US_NAAQS', 'WHO_2021'] as const) {
      for (const pollutant of ['PM10', 'PM25', 'NO2', 'SO2', 'O3', 'CO'] as const) {
        for (const m of assessSeries(year, { standard, pollutant, year: 2023 }).metrics) {
          rules[`${standard} ${m.id}`] = m.rule;
          units[`${standard} ${m.id}`] = m.unit;
          if (Object.hasOwn(m, 'allowedExceedances')) allowances.push(`${standard} ${m.id}`);
        }
      }
    }
    const eu2008 = 'Directive 2008/50/EC, Annex XI';
    const eu2030 = 'Directive (EU) 2024/2881, Annex I';
    const who = 'WHO global air quality guidelines 2021, Table 0.1';
    expect(rules).toEqual({
      'EU_2008 PM10.annual-mean': eu2008,
      'EU_2008 PM10.daily-exceedances': eu2008,
      'EU_2008 PM10.daily-90.4-percentile': eu2008,
      'EU_2008 PM25.annual-mean': eu2008,
      'EU_2008 NO2.hourly-exceedances': eu2008,
      'EU_2008 NO2.annual-mean': eu2008,
      'EU_2008 SO2.hourly-exceedances': eu2008,
      'EU_2008 SO2.daily-exceedances': eu2008,
      'EU_2008 O3.mda8-exceedance-days': 'Directive 2008/50/EC, Annex VII',
      'EU_2008 O3.aot40': 'Directive 2008/50/EC, Annex VII',
      'EU_2008 O3.aot40-5y-mean': 'Directive 2008/50/EC, Annex VII',
      'EU_2008 CO.max-daily-8h-mean': eu2008,
      'EU_2030 PM10.annual-mean': eu2030,
      'EU_2030 PM10.daily-exceedances': eu2030,
      'EU_2030 PM25.annual-mean': eu2030,
      'EU_2030 PM25.daily-exceedances': eu2030,
      'EU_2030 NO2.annual-mean': eu2030,
      'EU_2030 NO2.daily-exceedances': eu2030,
      'EU_2030 NO2.hourly-exceedances': eu2030,
      'EU_2030 SO2.annual-mean': eu2030,
      'EU_2030 SO2.daily-exceedances': eu2030,
      'EU_2030 SO2.hourly-exceedances': eu2030,
      'EU_2030 O3.mda8-exceedance-days': eu2030,
      'EU_2030 O3.aot40-5y-mean': eu2030,
      'EU_2030 CO.max-daily-8h-mean': eu2030,
      'EU_2030 CO.daily-exceedances': eu2030,
      'US_NAAQS PM10.expected-exceedances': '40 CFR 50 Appendix K',
      'US_NAAQS PM25.design-value-annual': '40 CFR 50 Appendix N',
      'US_NAAQS PM25.design-value-24h': '40 CFR 50 Appendix N',
      'US_NAAQS NO2.design-value-1h': '40 CFR 50 Appendix S',
      'US_NAAQS NO2.design-value-annual': '40 CFR 50 Appendix S',
      'US_NAAQS SO2.design-value-1h': '40 CFR 50 Appendix T',
      'US_NAAQS O3.design-value': '40 CFR 50 Appendix U',
      'US_NAAQS CO.8h-second-max': '40 CFR 50.8',
      'US_NAAQS CO.1h-second-max': '40 CFR 50.8',
      'WHO_2021 WHO.PM10.annual': who,
      'WHO_2021 WHO.PM10.24h-99th-percentile': who,
      'WHO_2021 WHO.PM25.annual': who,
      'WHO_2021 WHO.PM25.24h-99th-percentile': who,
      'WHO_2021 WHO.NO2.annual': who,
      'WHO_2021 WHO.NO2.24h-99th-percentile': who,
      'WHO_2021 WHO.SO2.24h-99th-percentile': who,
      'WHO_2021 WHO.O3.peak-season': who,
      'WHO_2021 WHO.O3.8h-99th-percentile': who,
      'WHO_2021 WHO.CO.24h-99th-percentile': who,
    });
    const ugm3 = 'µg/m³';
    expect(units).toEqual({
      'EU_2008 PM10.annual-mean': ugm3,
      'EU_2008 PM10.daily-exceedances': 'days',
      'EU_2008 PM10.daily-90.4-percentile': ugm3,
      'EU_2008 PM25.annual-mean': ugm3,
      'EU_2008 NO2.hourly-exceedances': 'hours',
      'EU_2008 NO2.annual-mean': ugm3,
      'EU_2008 SO2.hourly-exceedances': 'hours',
      'EU_2008 SO2.daily-exceedances': 'days',
      'EU_2008 O3.mda8-exceedance-days': 'days',
      'EU_2008 O3.aot40': 'µg/m³·h',
      'EU_2008 O3.aot40-5y-mean': 'µg/m³·h',
      'EU_2008 CO.max-daily-8h-mean': 'mg/m³',
      'EU_2030 PM10.annual-mean': ugm3,
      'EU_2030 PM10.daily-exceedances': 'days',
      'EU_2030 PM25.annual-mean': ugm3,
      'EU_2030 PM25.daily-exceedances': 'days',
      'EU_2030 NO2.annual-mean': ugm3,
      'EU_2030 NO2.daily-exceedances': 'days',
      'EU_2030 NO2.hourly-exceedances': 'hours',
      'EU_2030 SO2.annual-mean': ugm3,
      'EU_2030 SO2.daily-exceedances': 'days',
      'EU_2030 SO2.hourly-exceedances': 'hours',
      'EU_2030 O3.mda8-exceedance-days': 'days',
      'EU_2030 O3.aot40-5y-mean': 'µg/m³·h',
      'EU_2030 CO.max-daily-8h-mean': 'mg/m³',
      'EU_2030 CO.daily-exceedances': 'days',
      'US_NAAQS PM10.expected-exceedances': 'days',
      'US_NAAQS PM25.design-value-annual': ugm3,
      'US_NAAQS PM25.design-value-24h': ugm3,
      'US_NAAQS NO2.design-value-1h': 'ppb',
      'US_NAAQS NO2.design-value-annual': 'ppb',
      'US_NAAQS SO2.design-value-1h': 'ppb',
      'US_NAAQS O3.design-value': 'ppm',
      'US_NAAQS CO.8h-second-max': 'ppm',
      'US_NAAQS CO.1h-second-max': 'ppm',
      'WHO_2021 WHO.PM10.annual': ugm3,
      'WHO_2021 WHO.PM10.24h-99th-percentile': ugm3,
      'WHO_2021 WHO.PM25.annual': ugm3,
      'WHO_2021 WHO.PM25.24h-99th-percentile': ugm3,
      'WHO_2021 WHO.NO2.annual': ugm3,
      'WHO_2021 WHO.NO2.24h-99th-percentile': ugm3,
      'WHO_2021 WHO.SO2.24h-99th-percentile': ugm3,
      'WHO_2021 WHO.O3.peak-season': ugm3,
      'WHO_2021 WHO.O3.8h-99th-percentile': ugm3,
      'WHO_2021 WHO.CO.24h-99th-percentile': 'mg/m³',
    });
    expect(allowances.sort()).toEqual(
      [
        'EU_2008 PM10.daily-exceedances',
        'EU_2008 NO2.hourly-exceedances',
        'EU_2008 SO2.hourly-exceedances',
        'EU_2008 SO2.daily-exceedances',
        'EU_2008 O3.mda8-exceedance-days',
        'EU_2030 PM10.daily-exceedances',
        'EU_2030 PM25.daily-exceedances',
        'EU_2030 NO2.daily-exceedances',
        'EU_2030 NO2.hourly-exceedances',
        'EU_2030 SO2.daily-exceedances',
        'EU_2030 SO2.hourly-exceedances',
        'EU_2030 O3.mda8-exceedance-days',
        'EU_2030 CO.daily-exceedances',
        'US_NAAQS PM10.expected-exceedances',
        'US_NAAQS CO.8h-second-max',
        'US_NAAQS CO.1h-second-max',
      ].sort(),
    );
  });
});
