// `airq/trends`: the statistics analysts run on years of data, after openair (Carslaw & Ropkins
// 2012): calendar summaries with data capture, vector-averaged wind, rolling means by time,
// the Mann–Kendall and seasonal Kendall tests, Sen's slope, openair's Theil–Sen with a seeded
// bootstrap, and hour/weekday/month profiles. Pure: typed arrays in and out, no clock, no I/O,
// the same answer in every process time zone. Building blocks (the generator, the normal
// distribution, order statistics, the period layout) are internal and imported by path.

export {
  type AggregateOptions,
  aggregatePeriods,
  type PeriodSeries,
  type PeriodStatistic,
} from './aggregate-periods.js';
export { aggregateWind, type PeriodWind, type WindSeries } from './aggregate-wind.js';
export type { Period } from './calendar-periods.js';
export {
  type MannKendall,
  type MannKendallOptions,
  type MannKendallVariance,
  mannKendall,
} from './mann-kendall.js';
export type { CaptureDenominator, PeriodOptions } from './period-layout.js';
export {
  type RollingMean,
  type RollingMeanOptions,
  rollingMean,
} from './rolling-mean.js';
export { type SenSlope, type SenSlopeOptions, senSlope } from './sen-slope.js';
export { type TheilSen, type TheilSenOptions, theilSen } from './theil-sen.js';
export {
  type Profile,
  type ProfileKind,
  type ProfileOptions,
  timeProfile,
} from './time-profile.js';
export type { TimeZone } from './time-zone.js';
export type { TimedSeries } from './trends-series.js';
