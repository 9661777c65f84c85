// US gases: O3 (40 CFR 50 Appendix U), NO2 (Appendix S), SO2 (Appendix T) and CO (§ 50.8).
// Hourly values are converted to ppb or ppm first (truncated where the appendix says so), then
// aggregated.
import type { Metric } from './assessment-types.js';
import { eightHourMean } from './eight-hour-means.js';
import { daysInYear, HOURS_PER_DAY, type HourGrid, yearStartDay } from './hour-grid.js';
import { atLeastPercent, invalidMetric, type MetricHead, validMetric } from './metric.js';
import { roundHalfUp, truncateDecimals } from './rounding.js';
import {
  designValueMetric,
  incompleteQuarters,
  quartersReason,
  threeYears,
  usUnitGrid,
  yearStartHour,
} from './us-design-values.js';
import { appendixNRank, kthHighestValid } from './us-particles.js';

// The converted hours of Y−2 … Y, plus the first day of Y+1 that late averages reach into.
function threeYearGrid(
  grid: HourGrid,
  gas: 'O3' | 'NO2' | 'SO2' | 'CO',
  year: number,
  decimals?: number,
) {
  return usUnitGrid(
    grid,
    gas,
    yearStartHour(year - 2),
    yearStartHour(year + 1) + HOURS_PER_DAY,
    decimals,
  );
}

/** O3: the 3-year mean of the 4th-highest daily maximum 8-hour average, ppm (App. U). */
export function usOzoneMetrics(grid: HourGrid, year: number, capture: number): Metric[] {
  const ppb = threeYearGrid(grid, 'O3', year, 0);
  const years = threeYears(year);
  let sum = 0;
  let fractionSum = 0;
  let everyYear75 = true;
  for (const y of years) {
    const maxima = new Float64Array(daysInYear(y));
    const firstDay = yearStartDay(y);
    let validDays = 0;
    for (let d = 0; d < maxima.length; d++) {
      const max = ozoneDailyMax(ppb, firstDay + d);
      maxima[d] = max;
      if (!Number.isNaN(max)) validDays++;
    }
    if (!atLeastPercent(validDays, maxima.length, 75)) everyYear75 = false;
    fractionSum += validDays / maxima.length;
    sum += kthHighestValid(maxima, () => 4);
  }
  const complete = everyYear75 && fractionSum / 3 >= 0.9 - 1e-9;
  // Complete years have 75 % of their days valid, so a 4th-highest exists in each.
  const reason = `incomplete: valid daily maxima below 75 % of the days in a year or 90 % over ${year - 2}–${year}`;
  const designValuePpb = truncateDecimals(sum / 3, 0);
  const head: MetricHead = {
    id: 'O3.design-value',
    unit: 'ppm',
    rule: '40 CFR 50 Appendix U',
    capture,
    limit: 0.07,
  };
  const metric = designValueMetric(head, designValuePpb, 70, { complete, reason });
  return [
    metric.value === null ? metric : Object.freeze({ ...metric, value: designValuePpb / 1000 }),
  ];
}

// App. U 3(b)–(d): the largest of the 17 truncated 8-hour averages starting 07:00 … 23:00,
// valid with 13 of them or when it exceeds 70 ppb (without any, the maximum is −∞).
function ozoneDailyMax(ppb: HourGrid, day: number): number {
  let max = Number.NEGATIVE_INFINITY;
  let valid = 0;
  for (let start = day * HOURS_PER_DAY + 7; start <= day * HOURS_PER_DAY + 23; start++) {
    const mean = eightHourMean(ppb, start);
    if (Number.isNaN(mean)) continue;
    valid++;
    max = Math.max(max, truncateDecimals(mean, 0));
  }
  return valid >= 13 || max > 70 ? max : Number.NaN;
}

/** NO2 (App. S) or SO2 (App. T): the 1-hour design value, and NO2's annual one, ppb. */
export function usOneHourMetrics(
  grid: HourGrid,
  gas: 'NO2' | 'SO2',
  year: number,
  capture: number,
): Metric[] {
  const ppb = threeYearGrid(grid, gas, year, 1);
  const level = gas === 'NO2' ? 100 : 75;
  const rank = gas === 'NO2' ? appendixNRank : (n: number) => Math.min(4, Math.ceil(n / 100));
  const years = threeYears(year);
  const maxima = years.map((y) => {
    const firstHour = yearStartHour(y) - ppb.startHour;
    return Float64Array.from({ length: daysInYear(y) }, (_, d) =>
      oneHourDailyMax(ppb.values, firstHour + d * HOURS_PER_DAY, level),
    );
  });
  let sum = 0;
  for (const days of maxima) sum += kthHighestValid(days, rank);
  const incomplete = incompleteQuarters((y, d) => !Number.isNaN(maxima[y - year + 2]![d]!), years);
  const rule = gas === 'NO2' ? '40 CFR 50 Appendix S' : '40 CFR 50 Appendix T';
  const head: MetricHead = {
    id: `${gas}.design-value-1h`,
    unit: 'ppb',
    rule,
    capture,
    limit: level,
  };
  const completeness = { complete: incomplete === 0, reason: quartersReason(incomplete, year) };
  const metrics = [designValueMetric(head, roundHalfUp(sum / 3, 0), level, completeness)];
  if (gas === 'NO2') metrics.push(no2Annual(ppb, year, capture));
  return metrics;
}

// The largest valid hour of the day, valid with 18 hours or when it exceeds the level (without
// any, the maximum is −∞).
function oneHourDailyMax(values: ArrayLike<number>, from: number, level: number): number {
  let max = Number.NEGATIVE_INFINITY;
  let valid = 0;
  for (let i = from; i < from + HOURS_PER_DAY; i++) {
    const v = values[i]!; // ! : the grid covers every day of the three years
    if (Number.isNaN(v)) continue;
    valid++;
    max = Math.max(max, v);
  }
  return valid >= 18 || max > level ? max : Number.NaN;
}

// App. S 5.1: the mean of the year's truncated hourly ppb, rounded; 75 % of the hours needed.
function no2Annual(ppb: HourGrid, year: number, capture: number): Metric {
  const from = yearStartHour(year) - ppb.startHour;
  const hours = daysInYear(year) * HOURS_PER_DAY;
  let sum = 0;
  let valid = 0;
  for (let i = from; i < from + hours; i++) {
    const v = ppb.values[i]!; // ! : inside the grid
    if (Number.isNaN(v)) continue;
    sum += v;
    valid++;
  }
  const head: MetricHead = {
    id: 'NO2.design-value-annual',
    unit: 'ppb',
    rule: '40 CFR 50 Appendix S',
    capture,
    limit: 53,
  };
  if (!atLeastPercent(valid, hours, 75)) {
    return invalidMetric(head, `incomplete: capture ${valid}/${hours} hours below 75 %`);
  }
  const value = roundHalfUp(sum / valid, 0);
  return validMetric(head, value, value <= 53);
}

/** CO (§ 50.8): the second-highest non-overlapping 8-hour average and 1-hour value, ppm. */
export function usCarbonMonoxideMetrics(grid: HourGrid, year: number, capture: number): Metric[] {
  const firstHour = yearStartHour(year);
  const hours = daysInYear(year) * HOURS_PER_DAY;
  const ppm = usUnitGrid(grid, 'CO', firstHour, firstHour + hours + 7, undefined);
  const means = new Float64Array(hours);
  for (let h = 0; h < hours; h++) means[h] = eightHourMean(ppm, firstHour + h);
  // The earliest of the largest averages (index 0 when none is valid: then no second either).
  let best = 0;
  let bestMean = Number.NEGATIVE_INFINITY;
  means.forEach((mean, h) => {
    if (mean > bestMean) {
      best = h;
      bestMean = mean;
    }
  });
  // The largest valid average not overlapping it; −∞ when there is none.
  let second = Number.NEGATIVE_INFINITY;
  means.forEach((mean, h) => {
    if (Math.abs(h - best) >= 8 && !Number.isNaN(mean)) second = Math.max(second, mean);
  });
  // The two largest valid hours, equal ones counted twice; −∞ for what is missing.
  let top = Number.NEGATIVE_INFINITY;
  let next = Number.NEGATIVE_INFINITY;
  let valid = 0;
  for (let h = 0; h < hours; h++) {
    const v = ppm.values[h]!; // ! : h < hours
    if (Number.isNaN(v)) continue;
    valid++;
    next = Math.max(next, Math.min(top, v));
    top = Math.max(top, v);
  }
  const captured = atLeastPercent(valid, hours, 75);
  const rule = '40 CFR 50.8';
  return [
    coMetric(
      { id: 'CO.8h-second-max', unit: 'ppm', rule, capture, limit: 9, allowedExceedances: 1 },
      second,
      captured,
      valid,
      hours,
    ),
    coMetric(
      { id: 'CO.1h-second-max', unit: 'ppm', rule, capture, limit: 35, allowedExceedances: 1 },
      next,
      captured,
      valid,
      hours,
    ),
  ];
}

// § 50.8(d): stated to one decimal; met when the value rounded to an integer is within the level.
function coMetric(
  head: MetricHead,
  secondMax: number,
  captured: boolean,
  valid: number,
  hours: number,
): Metric {
  if (secondMax === Number.NEGATIVE_INFINITY) {
    return invalidMetric(head, `no second maximum in ${valid}/${hours} valid hours`);
  }
  const value = roundHalfUp(secondMax, 1);
  const met = roundHalfUp(value, 0) <= head.limit;
  if (!captured && met)
    return invalidMetric(head, `incomplete: capture ${valid}/${hours} hours below 75 %`);
  return validMetric(head, value, met);
}
