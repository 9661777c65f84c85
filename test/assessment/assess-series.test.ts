// assessSeries at its boundary: argument errors, the shape of the result, and what it leaves
// untouched.
import { describe, expect, it } from 'vitest';
import { assessSeries } from '../../src/assessment/index.js';

const START = Date.UTC(2023, 0, 1);
const year = () => ({ startMs: START, values: new Float64Array(8760).fill(20) });
const OPTIONS = { standard: 'EU_2008', pollutant: 'PM10', year: 2023 } as const;

describe('assessSeries arguments', () => {
  it('names the function, the parameter and the value', () => {
    const cases: [unknown, unknown, Error][] = [
      [
        { startMs: START + 1, values: [] },
        OPTIONS,
        new RangeError(
          `assessSeries: series.startMs must be on a whole UTC hour, got ${START + 1}`,
        ),
      ],
      [
        { startMs: Number.NaN, values: [] },
        OPTIONS,
        new RangeError('assessSeries: series.startMs must be epoch milliseconds, got NaN'),
      ],
      [
        { startMs: START },
        OPTIONS,
        new TypeError(
          'assessSeries: series.values must be an array or typed array of numbers, got undefined',
        ),
      ],
      [
        undefined,
        OPTIONS,
        new TypeError('assessSeries: series must be an object { startMs, values }, got undefined'),
      ],
      [year(), undefined, new TypeError('assessSeries: options must be an object, got undefined')],
      [
        year(),
        { ...OPTIONS, standard: 'EU_2005' },
        new RangeError(
          'assessSeries: options.standard must be one of EU_2008, EU_2030, US_NAAQS, WHO_2021, got "EU_2005"',
        ),
      ],
      [
        year(),
        { ...OPTIONS, pollutant: 'PM2.5' },
        new RangeError(
          'assessSeries: options.pollutant must be one of PM10, PM25, NO2, SO2, O3, CO, got "PM2.5"',
        ),
      ],
      [
        year(),
        { ...OPTIONS, year: 2023.5 },
        new RangeError('assessSeries: options.year must be an integer, got 2023.5'),
      ],
      [
        year(),
        { ...OPTIONS, year: '2023' },
        new TypeError('assessSeries: options.year must be a number, got "2023"'),
      ],
      [
        year(),
        { ...OPTIONS, year: 2024 },
        new RangeError(
          'assessSeries: options.year must be a year the series reaches (it covers 2023-01-01T00:00:00.000Z to 2024-01-01T00:00:00.000Z), got 2024',
        ),
      ],
      [
        year(),
        { ...OPTIONS, year: 2022 },
        new RangeError(
          'assessSeries: options.year must be a year the series reaches (it covers 2023-01-01T00:00:00.000Z to 2024-01-01T00:00:00.000Z), got 2022',
        ),
      ],
    ];
    for (const [series, options, error] of cases) {
      expect(() => assessSeries(series as never, options as never)).toThrow(error);
    }
  });

  it('accepts a series that reaches the year by one hour at either end', () => {
    const first = assessSeries({ startMs: Date.UTC(2023, 11, 31, 23), values: [5] }, OPTIONS);
    expect(first.metrics[0]).toMatchObject({ capture: 1 / 8760, valid: false });
    const last = assessSeries({ startMs: Date.UTC(2022, 11, 31, 23), values: [5, 6] }, OPTIONS);
    expect(last.metrics[0]).toMatchObject({ capture: 1 / 8760, valid: false });
  });

  it('treats ±Infinity as missing and negative values as data', () => {
    const { values, startMs } = year();
    values[0] = Number.POSITIVE_INFINITY;
    values[1] = Number.NEGATIVE_INFINITY;
    values[2] = -40;
    const m = assessSeries({ startMs, values }, { ...OPTIONS, pollutant: 'NO2' }).metrics;
    expect(m.find((x) => x.id === 'NO2.annual-mean')).toMatchObject({
      capture: 8758 / 8760,
      value: (8757 * 20 - 40) / 8758,
    });
    expect(m.find((x) => x.id === 'NO2.hourly-exceedances')).toMatchObject({ value: 0 });
  });

  it('returns a frozen assessment and leaves the series as it was', () => {
    const series = year();
    const copy = Float64Array.from(series.values);
    const assessment = assessSeries(series, OPTIONS);
    expect(Object.isFrozen(assessment)).toBe(true);
    expect(Object.isFrozen(assessment.metrics)).toBe(true);
    for (const metric of assessment.metrics) expect(Object.isFrozen(metric)).toBe(true);
    expect(series.values).toEqual(copy);
    expect(assessment).toMatchObject(OPTIONS);
  });

  it('reads a plain array like a typed one', () => {
    const typed = year();
    const plain = { startMs: START, values: Array.from(typed.values) };
    for (const standard of ['EU_2008', 'EU_2030', 'US_NAAQS', 'WHO_2021'] as const) {
      expect(assessSeries(plain, { ...OPTIONS, standard })).toEqual(
        assessSeries(typed, { ...OPTIONS, standard }),
      );
    }
  });

  it('orders the metrics as the standards list them', () => {
    const ids = (
      standard: 'EU_2008' | 'EU_2030' | 'US_NAAQS' | 'WHO_2021',
      pollutant: 'PM10' | 'PM25' | 'NO2' | 'SO2' | 'O3' | 'CO',
    ) => assessSeries(year(), { standard, pollutant, year: 2023 }).metrics.map((m) => m.id);
    expect(ids('EU_2008', 'PM10')).toEqual([
      'PM10.annual-mean',
      'PM10.daily-exceedances',
      'PM10.daily-90.4-percentile',
    ]);
    expect(ids('EU_2008', 'NO2')).toEqual(['NO2.hourly-exceedances', 'NO2.annual-mean']);
    expect(ids('EU_2008', 'SO2')).toEqual(['SO2.hourly-exceedances', 'SO2.daily-exceedances']);
    expect(ids('EU_2008', 'CO')).toEqual(['CO.max-daily-8h-mean']);
    expect(ids('EU_2008', 'O3')).toEqual([
      'O3.mda8-exceedance-days',
      'O3.aot40',
      'O3.aot40-5y-mean',
    ]);
    expect(ids('EU_2030', 'NO2')).toEqual([
      'NO2.annual-mean',
      'NO2.daily-exceedances',
      'NO2.hourly-exceedances',
    ]);
    expect(ids('EU_2030', 'CO')).toEqual(['CO.max-daily-8h-mean', 'CO.daily-exceedances']);
    expect(ids('US_NAAQS', 'PM25')).toEqual(['PM25.design-value-annual', 'PM25.design-value-24h']);
    expect(ids('US_NAAQS', 'NO2')).toEqual(['NO2.design-value-1h', 'NO2.design-value-annual']);
    expect(ids('US_NAAQS', 'CO')).toEqual(['CO.8h-second-max', 'CO.1h-second-max']);
    expect(ids('WHO_2021', 'O3')).toEqual(['WHO.O3.peak-season', 'WHO.O3.8h-99th-percentile']);
    expect(ids('WHO_2021', 'SO2')).toEqual(['WHO.SO2.24h-99th-percentile']);
  });

  it('states the rule of each standard', () => {
    const rules = (
      standard: 'EU_2008' | 'EU_2030' | 'US_NAAQS' | 'WHO_2021',
      pollutant: 'PM10' | 'PM25' | 'NO2' | 'SO2' | 'O3' | 'CO',
    ) => assessSeries(year(), { standard, pollutant, year: 2023 }).metrics.map((m) => m.rule);
    expect(rules('EU_2030', 'O3')).toEqual([
      'Directive (EU) 2024/2881, Annex I',
      'Directive (EU) 2024/2881, Annex I',
    ]);
    expect(rules('US_NAAQS', 'PM10')).toEqual(['40 CFR 50 Appendix K']);
    expect(rules('US_NAAQS', 'SO2')).toEqual(['40 CFR 50 Appendix T']);
    expect(rules('US_NAAQS', 'O3')).toEqual(['40 CFR 50 Appendix U']);
    expect(rules('WHO_2021', 'CO')).toEqual(['WHO global air quality guidelines 2021, Table 0.1']);
  });
});
