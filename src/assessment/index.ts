export { AOT40_POSSIBLE_HOURS, AOT40_THRESHOLD_UGM3, type Aot40, aot40 } from './aot40.js';
export { assessSeries } from './assess-series.js';
export { formatAssessmentTable } from './assessment-table.js';
export {
  ASSESSED_POLLUTANTS,
  ASSESSMENT_STANDARDS,
  type AssessedPollutant,
  type Assessment,
  type AssessmentStandard,
  type AssessOptions,
  type HourlySeries,
  type Metric,
  type WhoLevel,
} from './assessment-types.js';
export { type DailyMeans, dailyMeans, MIN_HOURS_PER_DAY } from './daily-means.js';
export {
  dailyMaxEightHourMeans,
  MIN_HOURS_PER_8H_MEAN,
  MIN_MEANS_PER_DAY,
  runningEightHourMeans,
} from './eight-hour-means.js';
export { HOURLY_CSV_HEADER, type ParsedHourlyCsv, parseHourlyCsv } from './hourly-csv.js';
export { type HourlyMeans, hourlyMeansOfSeries, hourlyMeansOfStore } from './hourly-means.js';
export { kthHighest, nearestRank, nearestRankPercentile } from './percentile.js';
export { roundHalfUp, truncateDecimals } from './rounding.js';
export {
  US_MOLAR_MASS_G_PER_MOL,
  US_MOLAR_VOLUME_L,
  type UsGas,
  ugm3ToUsPpb,
  ugm3ToUsPpm,
} from './us-units.js';
