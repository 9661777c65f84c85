// Assessing a series built by hand and reading its metrics by id: the worked examples and the
// boundary tests of test/assessment.
import { type AssessOptions, assessSeries, type Metric } from '../../src/assessment/index.js';
import { HourlyBuilder } from './assessment-series.js';

/** The metrics assessSeries gives for the builder's series, keyed by their id. */
export function byId(builder: HourlyBuilder, options: AssessOptions): Record<string, Metric> {
  return Object.fromEntries(assessSeries(builder.series, options).metrics.map((m) => [m.id, m]));
}

/** Every hour of the years `from` … 2023 at `value` (2023: the year the boundary tests assess). */
export const constant = (value: number, from = 2023) => new HourlyBuilder(from, 2023, value);
