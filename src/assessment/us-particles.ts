// US particulate matter: PM2.5 design values of 40 CFR 50 Appendix N (annual, § 50.20's 9.0
// µg/m³ of 2024, and 24-hour, § 50.13) and PM10 expected exceedances of Appendix K (§ 50.6).
import type { Metric } from './assessment-types.js';
import { dailyMeansInto } from './daily-means.js';
import { daysInYear, type HourGrid, monthStartDay, yearStartDay } from './hour-grid.js';
import type { MetricHead } from './metric.js';
import { roundHalfUp, truncateDecimals } from './rounding.js';
import {
  designValueMetric,
  incompleteQuarters,
  quartersReason,
  threeYears,
} from './us-design-values.js';

/** Daily means of the days of `year` (NaN with fewer than 18 valid hours). */
function yearDailyMeans(grid: HourGrid, year: number): Float64Array {
  const means = new Float64Array(daysInYear(year));
  dailyMeansInto(grid, yearStartDay(year), means);
  return means;
}

/** The rank of App. N Table 1 (98th percentile): 1st highest for 1–50 values … 8th from 351. */
export function appendixNRank(count: number): number {
  return Math.min(8, Math.ceil(count / 50));
}

/** PM2.5: the annual and the 24-hour design value. */
export function usPm25Metrics(grid: HourGrid, year: number, capture: number): Metric[] {
  const years = threeYears(year);
  // App. N: daily values keep one decimal, further digits truncated.
  const daily = years.map((y) => yearDailyMeans(grid, y).map((m) => truncateDecimals(m, 1)));
  const incomplete = incompleteQuarters((y, d) => !Number.isNaN(daily[y - year + 2]![d]!), years);
  const completeness = { complete: incomplete === 0, reason: quartersReason(incomplete, year) };
  let annualSum = 0;
  let percentileSum = 0;
  for (let i = 0; i < 3; i++) {
    annualSum += annualMeanOfQuarters(daily[i]!, years[i]!);
    percentileSum += kthHighestValid(daily[i]!, (n) => appendixNRank(n));
  }
  const rule = '40 CFR 50 Appendix N';
  const annual: MetricHead = {
    id: 'PM25.design-value-annual',
    unit: 'µg/m³',
    rule,
    capture,
    limit: 9.0,
  };
  const daily24: MetricHead = {
    id: 'PM25.design-value-24h',
    unit: 'µg/m³',
    rule,
    capture,
    limit: 35,
  };
  return [
    designValueMetric(annual, roundHalfUp(annualSum / 3, 1), 9.0, completeness),
    designValueMetric(daily24, roundHalfUp(percentileSum / 3, 0), 35, completeness),
  ];
}

/** PM10: the expected exceedances per year averaged over three years (App. K 3.1, z = 0). */
export function usPm10Metrics(grid: HourGrid, year: number, capture: number): Metric[] {
  const years = threeYears(year);
  const daily = years.map((y) => yearDailyMeans(grid, y));
  const incomplete = incompleteQuarters((y, d) => !Number.isNaN(daily[y - year + 2]![d]!), years);
  let sum = 0;
  let exceedances = 0;
  for (let i = 0; i < 3; i++) {
    const means = daily[i]!;
    let valid = 0;
    let over = 0;
    for (let d = 0; d < means.length; d++) {
      const m = means[d]!; // ! : d < length
      if (Number.isNaN(m)) continue;
      valid++;
      // § 50.6 and App. K 1.0: the daily value rounded to the nearest 10 µg/m³, 5 up.
      if (Math.floor(m / 10 + 0.5 + 1e-9) * 10 > 150) over++;
    }
    sum += (over * means.length) / valid; // NaN for a year without a valid day
    exceedances = over; // the last pass is year Y's
  }
  const head: MetricHead = {
    id: 'PM10.expected-exceedances',
    unit: 'days',
    rule: '40 CFR 50 Appendix K',
    capture,
    limit: 150,
    allowedExceedances: 1,
  };
  const completeness = { complete: incomplete === 0, reason: quartersReason(incomplete, year) };
  return [designValueMetric(head, roundHalfUp(sum / 3, 1), 1, completeness, { exceedances })];
}

// App. N 4.4: the mean of the four quarterly means of the daily values; NaN when a quarter has
// none.
function annualMeanOfQuarters(daily: Float64Array, year: number): number {
  const firstDay = yearStartDay(year);
  let sum = 0;
  for (let q = 0; q < 4; q++) {
    let quarterSum = 0;
    let count = 0;
    const till = monthStartDay(year, 3 * q + 3) - firstDay;
    for (let d = monthStartDay(year, 3 * q) - firstDay; d < till; d++) {
      const v = daily[d]!; // ! : d < days of the year
      if (!Number.isNaN(v)) {
        quarterSum += v;
        count++;
      }
    }
    sum += quarterSum / count; // 0 / 0 is NaN: a quarter without a value
  }
  return sum / 4;
}

/** The `rankOf(n)`-th highest of the n non-NaN values; NaN when n is 0 or below the rank. */
export function kthHighestValid(values: Float64Array, rankOf: (count: number) => number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort();
  const n = sorted.length;
  // A rank above n (or 0, for n = 0) reads outside the array.
  return sorted[n - rankOf(n)] ?? Number.NaN;
}
