// The compliance assessment of a year of hourly data under one standard: the entry point of
// airq/assessment. It checks the arguments once, then hands the year to its standard.

import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { AssessedYear } from './assessed-year.js';
import {
  ASSESSED_POLLUTANTS,
  ASSESSMENT_STANDARDS,
  type Assessment,
  type AssessOptions,
  type HourlySeries,
  type Metric,
} from './assessment-types.js';
import { euMetrics } from './eu-assessment.js';
import { EU_2008_LIMIT_VALUES, EU_2030_LIMIT_VALUES } from './eu-limit-values.js';
import { euOzoneMetrics } from './eu-ozone.js';
import { checkHourlySeries, checkYear, MS_PER_HOUR } from './hour-grid.js';
import { usCarbonMonoxideMetrics, usOneHourMetrics, usOzoneMetrics } from './us-gases.js';
import { usPm10Metrics, usPm25Metrics } from './us-particles.js';
import { whoMetrics } from './who-2021.js';

const EU_2008 = Object.freeze({
  rule: 'Directive 2008/50/EC, Annex XI',
  capturePercent: 90,
  conclusiveExceedances: false,
} as const);
const EU_2030 = Object.freeze({
  rule: 'Directive (EU) 2024/2881, Annex I',
  capturePercent: 85,
  conclusiveExceedances: true,
} as const);

/**
 * Assesses one calendar year (UTC) of hourly data under a standard: every metric of the
 * standard for the pollutant, each with its value, limit, whether it is met, its data capture
 * and the rule it applies. A metric whose data are not enough under its own capture rule is
 * `valid: false` with `value: null`, `met: null` and a `reason`.
 *
 * - `EU_2008`: Directive 2008/50/EC (Annex VII for O3, XI and XIV for the others).
 * - `EU_2030`: Directive (EU) 2024/2881, the limit values to attain by 2030.
 * - `US_NAAQS`: 40 CFR part 50 (§ 50.8 and Appendices K, N, S, T, U), design values of Y−2…Y.
 * - `WHO_2021`: WHO global air quality guidelines 2021, with the `level` reached.
 *
 * Days, quarters and years are UTC; missing hours are NaN (or any non-finite value). Multi-year
 * statistics read the years before `year` from the same series.
 *
 * @param series - hourly µg/m³ (CO too) from `startMs`, a whole UTC hour
 * @param options - `{ standard, pollutant, year }`
 * @returns the metrics in the standard's order, frozen
 * @throws TypeError / RangeError naming the argument: `startMs` not on a whole hour, an unknown
 *   standard or pollutant, a year that is not an integer from 1000 to 9999 or that the series
 *   does not reach
 * @example
 * const values = new Float64Array(8760).fill(20);
 * const { metrics } = assessSeries({ startMs: Date.UTC(2023, 0, 1), values }, { standard: 'EU_2008', pollutant: 'PM10', year: 2023 });
 * metrics[0]; // { id: 'PM10.annual-mean', value: 20, met: true, valid: true, capture: 1, … }
 */
export function assessSeries(series: HourlySeries, options: AssessOptions): Assessment {
  const grid = checkHourlySeries('assessSeries', series);
  checkObject('assessSeries', 'options', options);
  const { standard, pollutant, year } = options;
  checkOneOf('assessSeries', 'options.standard', standard, ASSESSMENT_STANDARDS);
  checkOneOf('assessSeries', 'options.pollutant', pollutant, ASSESSED_POLLUTANTS);
  checkYear('assessSeries', 'options.year', year);
  const assessed = new AssessedYear(grid, pollutant, year);
  const seriesEnd = grid.startHour + grid.values.length;
  if (grid.startHour >= assessed.firstHour + assessed.hours || seriesEnd <= assessed.firstHour) {
    const from = new Date(grid.startHour * MS_PER_HOUR).toISOString();
    const till = new Date(seriesEnd * MS_PER_HOUR).toISOString();
    const expectation = `must be a year the series reaches (it covers ${from} to ${till})`;
    throw argumentError(RangeError, 'assessSeries', 'options.year', expectation, year);
  }
  const metrics = Object.freeze(metricsOf(assessed, standard));
  return Object.freeze({ standard, pollutant, year, metrics });
}

function metricsOf(year: AssessedYear, standard: AssessOptions['standard']): Metric[] {
  const { pollutant, grid, capture } = year;
  switch (standard) {
    case 'EU_2008':
      if (pollutant === 'O3') {
        return euOzoneMetrics(year, {
          rule: 'Directive 2008/50/EC, Annex VII',
          allowedDays: 25,
          yearlyAot40: true,
        });
      }
      return euMetrics(year, EU_2008_LIMIT_VALUES[pollutant], EU_2008);
    case 'EU_2030':
      if (pollutant === 'O3') {
        return euOzoneMetrics(year, { rule: EU_2030.rule, allowedDays: 18, yearlyAot40: false });
      }
      return euMetrics(year, EU_2030_LIMIT_VALUES[pollutant], EU_2030);
    case 'US_NAAQS':
      if (pollutant === 'PM25') return usPm25Metrics(grid, year.year, capture);
      if (pollutant === 'PM10') return usPm10Metrics(grid, year.year, capture);
      if (pollutant === 'O3') return usOzoneMetrics(grid, year.year, capture);
      if (pollutant === 'CO') return usCarbonMonoxideMetrics(grid, year.year, capture);
      return usOneHourMetrics(grid, pollutant, year.year, capture);
    case 'WHO_2021':
      return whoMetrics(year);
  }
}
