// The EU limit values of every pollutant but O3, as data: Directive 2008/50/EC Annex XI and
// XIV (EU_2008) and Directive (EU) 2024/2881 Annex I, the values to attain by 2030 (EU_2030).
import type { AssessedPollutant } from './assessment-types.js';

/** The statistics an EU limit value is stated in. */
export type EuStatistic =
  | 'annual-mean'
  | 'hourly-exceedances'
  | 'daily-exceedances'
  | 'daily-90.4-percentile'
  | 'max-daily-8h-mean';

/** One limit value: its statistic, its limit and, for counts, the allowance. */
export interface EuLimitValue {
  readonly statistic: EuStatistic;
  /** In the standard's unit: µg/m³, mg/m³ for CO. */
  readonly limit: number;
  readonly allowedExceedances?: number;
  /** The threshold in µg/m³ the data are compared with, when the limit is in mg/m³. */
  readonly thresholdUgm3?: number;
}

type EuTable = Readonly<Record<Exclude<AssessedPollutant, 'O3'>, readonly EuLimitValue[]>>;

const row = (
  statistic: EuStatistic,
  limit: number,
  allowedExceedances?: number,
  thresholdUgm3?: number,
): EuLimitValue =>
  Object.freeze({
    statistic,
    limit,
    ...(allowedExceedances === undefined ? {} : { allowedExceedances }),
    ...(thresholdUgm3 === undefined ? {} : { thresholdUgm3 }),
  });

/** 2008/50/EC Annex XI B (PM10, NO2, SO2, CO) and Annex XIV E (PM2.5, 25 µg/m³ from 2015). */
export const EU_2008_LIMIT_VALUES: EuTable = Object.freeze({
  PM10: Object.freeze([
    row('annual-mean', 40),
    row('daily-exceedances', 50, 35),
    row('daily-90.4-percentile', 50),
  ]),
  PM25: Object.freeze([row('annual-mean', 25)]),
  NO2: Object.freeze([row('hourly-exceedances', 200, 18), row('annual-mean', 40)]),
  SO2: Object.freeze([row('hourly-exceedances', 350, 24), row('daily-exceedances', 125, 3)]),
  CO: Object.freeze([row('max-daily-8h-mean', 10)]),
});

/** (EU) 2024/2881 Annex I Section 1, limit values to be attained by 1 January 2030. */
export const EU_2030_LIMIT_VALUES: EuTable = Object.freeze({
  PM10: Object.freeze([row('annual-mean', 20), row('daily-exceedances', 45, 18)]),
  PM25: Object.freeze([row('annual-mean', 10), row('daily-exceedances', 25, 18)]),
  NO2: Object.freeze([
    row('annual-mean', 20),
    row('daily-exceedances', 50, 18),
    row('hourly-exceedances', 200, 3),
  ]),
  SO2: Object.freeze([
    row('annual-mean', 20),
    row('daily-exceedances', 50, 18),
    row('hourly-exceedances', 350, 3),
  ]),
  CO: Object.freeze([row('max-daily-8h-mean', 10), row('daily-exceedances', 4, 18, 4000)]),
});
