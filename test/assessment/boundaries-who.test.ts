// Each level of the WHO_2021 guidelines on and beside its boundary: a value equal to a level
// reaches it, and the O3 peak season needs 75 % of its days.
import { describe, expect, it } from 'vitest';
import type { AssessOptions } from '../../src/assessment/index.js';
import { byId, constant } from '../helpers/assessment-metrics.js';

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
