// EU_2008 and EU_2030 for every pollutant but O3: capture-checked limit values. The capture rule
// is one share of the hours of the year (90 % in 2008/50/EC Annex XI A, 85 % in (EU) 2024/2881
// Annex V B); losses for calibration and maintenance, which the directives exclude, cannot be
// known here, so every hour counts. Under 2024/2881 Annex V D an exceedance count that already
// passes its allowance is conclusive even when capture fails.

import { type AssessedYear, countAbove } from './assessed-year.js';
import type { Metric } from './assessment-types.js';
import type { EuLimitValue } from './eu-limit-values.js';
import { atLeastPercent, invalidMetric, type MetricHead, validMetric } from './metric.js';
import { finiteSorted, nearestRank } from './percentile.js';

/** How one EU directive checks capture and names itself. */
export interface EuPolicy {
  readonly rule: string;
  readonly capturePercent: 85 | 90;
  /** Whether a count already over its allowance stands without the capture (2024/2881). */
  readonly conclusiveExceedances: boolean;
}

const UNITS: Readonly<Record<EuLimitValue['statistic'], string>> = Object.freeze({
  'annual-mean': 'µg/m³',
  'hourly-exceedances': 'hours',
  'daily-exceedances': 'days',
  'daily-90.4-percentile': 'µg/m³',
  'max-daily-8h-mean': 'mg/m³',
});

/** The metrics of one pollutant's limit values for the year. */
export function euMetrics(
  year: AssessedYear,
  limitValues: readonly EuLimitValue[],
  policy: EuPolicy,
): Metric[] {
  const captured = atLeastPercent(year.validHours, year.hours, policy.capturePercent);
  return limitValues.map((limitValue) => {
    const { statistic, limit, allowedExceedances } = limitValue;
    const head: MetricHead = {
      id: `${year.pollutant}.${statistic}`,
      unit: UNITS[statistic],
      rule: policy.rule,
      capture: year.capture,
      limit,
      ...(allowedExceedances === undefined ? {} : { allowedExceedances }),
    };
    if (allowedExceedances !== undefined) {
      const threshold = limitValue.thresholdUgm3 ?? limit;
      const exceedances =
        statistic === 'hourly-exceedances'
          ? year.hoursAbove(threshold)
          : countAbove(year.dailyMeans(), threshold);
      const conclusive = policy.conclusiveExceedances && exceedances > allowedExceedances;
      if (!captured && !conclusive) {
        return invalidMetric(head, year.captureReason(policy.capturePercent), { exceedances });
      }
      return validMetric(head, exceedances, exceedances <= allowedExceedances, { exceedances });
    }
    if (!captured) return invalidMetric(head, year.captureReason(policy.capturePercent));
    const value = concentration(year, statistic);
    // 85 % of the hours leave some day 18 valid hours, so the mean and the daily means exist,
    // but not always a day with 18 valid 8-hour means: runs of three missing hours can spoil 7
    // of every day's 24 with 14.6 % of the hours missing. So CO's maximum is checked.
    if (Number.isNaN(value)) {
      return invalidMetric(head, `no valid daily maximum 8-hour mean in ${year.year}`);
    }
    return validMetric(head, value, value <= limit);
  });
}

// The concentration statistics, NaN when the year has no data for them.
function concentration(year: AssessedYear, statistic: EuLimitValue['statistic']): number {
  if (statistic === 'annual-mean') return year.hourlyMean();
  if (statistic === 'max-daily-8h-mean') {
    const maxima = finiteSorted(year.mda8());
    return (maxima[maxima.length - 1] ?? Number.NaN) / 1000;
  }
  // daily-90.4-percentile: the nearest rank of the valid daily means. The capture rule passed,
  // so some day has 18 valid hours (with 17 or fewer every day, at most 71 % of the hours are).
  const sorted = finiteSorted(year.dailyMeans());
  return sorted[nearestRank(sorted.length, 90.4) - 1]!;
}
