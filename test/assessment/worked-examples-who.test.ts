// The worked examples of the WHO_2021 guidelines (E17–E18), each with the figures written out by
// hand; the series are built with Date.UTC (test/helpers/assessment-series.ts).
import { describe, expect, it } from 'vitest';
import { byId as metrics } from '../helpers/assessment-metrics.js';
import { HourlyBuilder } from '../helpers/assessment-series.js';

describe('WHO_2021 (E17–E18)', () => {
  it('E17: the 99th percentile is the 4th highest of 365', () => {
    const b = new HourlyBuilder(2023, 2023, 12);
    [80, 60, 40, 30, 20].forEach((v, i) => {
      b.setDays(2023, 1, 1 + i, 1, v);
    });
    const m = metrics(b, { standard: 'WHO_2021', pollutant: 'PM25', year: 2023 });
    expect(m['WHO.PM25.24h-99th-percentile']).toMatchObject({
      value: 30,
      level: 'IT3',
      met: false,
      limit: 15,
    });
    expect(m['WHO.PM25.annual']).toMatchObject({
      value: 4550 / 365,
      level: 'IT3',
      met: false,
      limit: 5,
    });
  });

  it('E18: and of 366', () => {
    const b = new HourlyBuilder(2024, 2024, 10);
    [100, 90, 80, 70, 60, 50].forEach((v, i) => {
      b.setDays(2024, 1, 1 + i, 1, v);
    });
    const m = metrics(b, { standard: 'WHO_2021', pollutant: 'PM10', year: 2024 });
    expect(m['WHO.PM10.24h-99th-percentile']).toMatchObject({ value: 70, level: 'IT3' });
    expect(m['WHO.PM10.annual']).toMatchObject({ value: 4050 / 366, level: 'AQG', met: true });
  });
});
