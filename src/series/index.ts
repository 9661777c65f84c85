export { sampleProblem } from './sample-problem.js';
export { TimeSeries, type TimeSeriesOptions } from './time-series.js';
