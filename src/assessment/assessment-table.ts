import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { Assessment, Metric } from './assessment-types.js';

/**
 * An {@link Assessment} as a plain-text table for a terminal or a log (what `airq assess`
 * prints): a title naming `source`, then one line per metric with its value and unit, limit
 * (×N: exceedances allowed), whether it is met (`n/a` when not assessable), data capture and
 * rule, or the reason it is not assessable. Numbers have at most six significant digits.
 *
 * @param assessment - a result of `assessSeries`
 * @param source - where the data came from, shown in the title (e.g. a file name)
 * @returns the lines, without line ends
 * @throws TypeError when `assessment` has no `metrics` array or `source` is not a string
 * @example
 * formatAssessmentTable(assessSeries(series, { standard: 'EU_2008', pollutant: 'PM10', year: 2019 }), 'samples.csv');
 * // ['EU_2008 PM10 2019 (samples.csv)', '', 'metric            value  limit  met  capture  rule', …]
 */
export function formatAssessmentTable(assessment: Assessment, source: string): string[] {
  const fn = 'formatAssessmentTable';
  checkObject(fn, 'assessment', assessment, 'an Assessment');
  if (!Array.isArray(assessment.metrics)) {
    const { metrics } = assessment;
    throw argumentError(TypeError, fn, 'assessment.metrics', 'must be an array', metrics);
  }
  if (typeof source !== 'string') {
    throw argumentError(TypeError, fn, 'source', 'must be a string', source);
  }
  const header = ['metric', 'value', 'limit', 'met', 'capture', 'rule or reason'];
  const rows = assessment.metrics.map((metric) => [
    metric.id,
    valueText(metric),
    limitText(metric),
    metric.met === null ? 'n/a' : metric.met ? 'yes' : 'NO',
    `${(metric.capture * 100).toFixed(1)} %`,
    metric.valid ? metric.rule : `not assessable: ${metric.reason ?? ''}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ');
  return [
    `${assessment.standard} ${assessment.pollutant} ${assessment.year} (${source})`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ];
}

// A value with its unit, the WHO level, and for counts the exceedances even when invalid.
function valueText(metric: Metric): string {
  const level = metric.level === undefined || metric.level === null ? '' : ` (${metric.level})`;
  if (metric.value === null) {
    return metric.exceedances === undefined ? '–' : `– (${metric.exceedances} counted)`;
  }
  return `${numberText(metric.value)} ${metric.unit}${level}`;
}

function limitText(metric: Metric): string {
  if (metric.limit === undefined) return '–';
  const allowed =
    metric.allowedExceedances === undefined ? '' : ` ×${numberText(metric.allowedExceedances)}`;
  return `${numberText(metric.limit)}${allowed}`;
}

// At most six significant digits, without trailing zeros.
function numberText(value: number): string {
  return String(Number(value.toPrecision(6)));
}
