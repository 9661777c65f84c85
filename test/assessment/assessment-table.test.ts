// formatAssessmentTable: the golden lines of a hand-written Assessment (every kind of cell).
import { describe, expect, it } from 'vitest';
import { type Assessment, formatAssessmentTable } from '../../src/assessment/index.js';

const ASSESSMENT: Assessment = {
  standard: 'WHO_2021',
  pollutant: 'PM25',
  year: 2019,
  metrics: [
    {
      id: 'WHO.PM25.annual',
      value: 12.345678,
      unit: 'µg/m³',
      limit: 5,
      met: false,
      valid: true,
      capture: 0.9512,
      rule: 'WHO AQG 2021',
      level: 'IT3',
    },
    {
      id: 'WHO.PM25.daily-exceedances',
      value: null,
      unit: 'days',
      limit: 15,
      allowedExceedances: 3,
      exceedances: 7,
      met: null,
      valid: false,
      capture: 0.5,
      rule: 'WHO AQG 2021',
      reason: 'capture 4380/8760 hours below 90 %',
    },
    { id: 'X.count', value: 4, unit: 'days', met: true, valid: true, capture: 1, rule: 'r' },
  ],
};

describe('formatAssessmentTable', () => {
  it('gives a title and one aligned line per metric', () => {
    expect(formatAssessmentTable(ASSESSMENT, 'pm25.csv')).toEqual([
      'WHO_2021 PM25 2019 (pm25.csv)',
      '',
      'metric                      value                limit  met  capture  rule or reason',
      `--------------------------  -------------------  -----  ---  -------  ${'-'.repeat(50)}`,
      'WHO.PM25.annual             12.3457 µg/m³ (IT3)  5      NO   95.1 %   WHO AQG 2021',
      'WHO.PM25.daily-exceedances  – (7 counted)        15 ×3  n/a  50.0 %   not assessable: capture 4380/8760 hours below 90 %',
      'X.count                     4 days               –      yes  100.0 %  r',
    ]);
  });

  it('names the function, the parameter and the value for bad arguments', () => {
    expect(() => formatAssessmentTable(null as never, 'a')).toThrow(
      new TypeError('formatAssessmentTable: assessment must be an Assessment, got null'),
    );
    expect(() => formatAssessmentTable({} as never, 'a')).toThrow(
      new TypeError('formatAssessmentTable: assessment.metrics must be an array, got undefined'),
    );
    expect(() => formatAssessmentTable(ASSESSMENT, 3 as never)).toThrow(
      new TypeError('formatAssessmentTable: source must be a string, got 3'),
    );
  });
});
