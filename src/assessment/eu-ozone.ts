// EU O3 (2008/50/EC Annex VII; kept by (EU) 2024/2881): days with MDA8 over 120 µg/m³ averaged
// over three years, AOT40 of the year and averaged over five years. A year counts for the
// three-year average when 5 of the months April–September each have 27 valid MDA8 days (Annex
// VII A); the average is over the valid years alone, one being enough (Annex VII B note 3), and
// the five-year AOT40 needs three valid years.

import { AOT40_POSSIBLE_HOURS, aot40Of } from './aot40.js';
import { type AssessedYear, countAbove, mda8OfYear } from './assessed-year.js';
import type { Metric } from './assessment-types.js';
import { monthStartDay, yearStartDay } from './hour-grid.js';
import { invalidMetric, type MetricHead, validMetric } from './metric.js';

/** MDA8 in µg/m³ not to be exceeded on more days than allowed. */
const MDA8_TARGET_UGM3 = 120;
const MIN_MDA8_DAYS_PER_MONTH = 27;
const MIN_SUMMER_MONTHS = 5;
const MIN_AOT40_YEARS = 3;

/** How one directive states its O3 values. */
export interface EuOzonePolicy {
  readonly rule: string;
  /** Days over 120 allowed per year (25 in 2008/50/EC, 18 in 2024/2881). */
  readonly allowedDays: number;
  /** Whether the one-year AOT40 long-term objective (6,000 µg/m³·h) is reported. */
  readonly yearlyAot40: boolean;
}

/** The O3 metrics of the year. */
export function euOzoneMetrics(year: AssessedYear, policy: EuOzonePolicy): Metric[] {
  const { rule } = policy;
  const capture = year.capture;
  const metrics: Metric[] = [exceedanceDays(year, policy)];
  if (policy.yearlyAot40) {
    const head: MetricHead = { id: 'O3.aot40', unit: 'µg/m³·h', rule, capture, limit: 6000 };
    const aot40 = aot40Of(year.grid, year.year);
    metrics.push(
      aot40.value === null
        ? invalidMetric(head, aot40Reason(aot40.measuredHours))
        : validMetric(head, aot40.value, aot40.value <= 6000),
    );
  }
  const head: MetricHead = { id: 'O3.aot40-5y-mean', unit: 'µg/m³·h', rule, capture, limit: 18000 };
  let sum = 0;
  let validYears = 0;
  for (let y = year.year - 4; y <= year.year; y++) {
    const { value } = aot40Of(year.grid, y);
    if (value === null) continue;
    sum += value;
    validYears++;
  }
  metrics.push(
    validYears < MIN_AOT40_YEARS
      ? invalidMetric(
          head,
          `${validYears} valid AOT40 years in ${year.year - 4}–${year.year}, at least ${MIN_AOT40_YEARS} needed`,
        )
      : validMetric(head, sum / validYears, sum / validYears <= 18000),
  );
  return metrics;
}

function exceedanceDays(year: AssessedYear, policy: EuOzonePolicy): Metric {
  const head: MetricHead = {
    id: 'O3.mda8-exceedance-days',
    unit: 'days',
    rule: policy.rule,
    capture: year.capture,
    limit: MDA8_TARGET_UGM3,
    allowedExceedances: policy.allowedDays,
  };
  let sum = 0;
  let validYears = 0;
  let exceedances = 0;
  for (let y = year.year - 2; y <= year.year; y++) {
    const mda8 = mda8OfYear(year.grid, y);
    const count = countAbove(mda8, MDA8_TARGET_UGM3);
    exceedances = count; // the last pass is the assessed year's
    if (!isValidOzoneYear(mda8, y)) continue;
    sum += count;
    validYears++;
  }
  if (validYears === 0) {
    const reason = `no valid O3 year in ${year.year - 2}–${year.year} (5 of the months April–September with ${MIN_MDA8_DAYS_PER_MONTH} valid daily 8-hour maxima)`;
    return invalidMetric(head, reason, { exceedances });
  }
  const value = sum / validYears;
  return validMetric(head, value, value <= policy.allowedDays, { exceedances });
}

/** Whether 5 of April–September each have 27 valid MDA8 days; `mda8` holds the year's days. */
export function isValidOzoneYear(mda8: Float64Array, year: number): boolean {
  const firstDay = yearStartDay(year);
  let months = 0;
  for (let month = 3; month <= 8; month++) {
    const from = monthStartDay(year, month) - firstDay;
    const till = monthStartDay(year, month + 1) - firstDay;
    let valid = 0;
    for (let d = from; d < till; d++) if (!Number.isNaN(mda8[d]!)) valid++;
    if (valid >= MIN_MDA8_DAYS_PER_MONTH) months++;
  }
  return months >= MIN_SUMMER_MONTHS;
}

function aot40Reason(measuredHours: number): string {
  return `AOT40 measured ${measuredHours}/${AOT40_POSSIBLE_HOURS} hours below 90 %`;
}
