export {
  MAX_ABS_SAMPLE_AT_MS,
  MAX_ABS_SAMPLE_VALUE,
  sampleProblem,
} from './sample-problem.js';
export {
  TIME_SERIES_GROWTH_FACTOR,
  TIME_SERIES_MAX_CAPACITY,
  TimeSeries,
  type TimeSeriesOptions,
} from './time-series.js';
