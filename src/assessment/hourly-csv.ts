// The text form of an HourlySeries: what an agency's hourly export or a spreadsheet gives, read
// into what assessSeries takes. `airq assess` reads its hourly files through here.

import { checkNonEmptyString } from '../arguments/argument-checks.js';
import { argumentError, describeValue } from '../arguments/describe-value.js';
import type { LoadIssue } from '../store/load-issues.js';
import { parseDecimal } from '../store/samples-csv.js';
import { parseTimestamp } from '../time/instant.js';
import type { HourlySeries } from './assessment-types.js';
import { MS_PER_HOUR } from './hour-grid.js';

/** The header of an hourly CSV: one row per hour start. */
export const HOURLY_CSV_HEADER = 'timestamp,value';

/** An hourly CSV read: the series of its valid rows, and the problems of the others. */
export interface ParsedHourlyCsv {
  /** From the earliest to the latest hour of the file; `undefined` when no row is valid. */
  readonly series: (HourlySeries & { readonly values: Float64Array }) | undefined;
  /** Each with its 1-based line, the header being line 1. */
  readonly issues: readonly LoadIssue[];
}

/**
 * Parses an hourly CSV: a header `timestamp,value`, then one row per hour, e.g.
 * `2019-01-01T00:00:00Z,41.3`. The timestamp is a whole UTC hour in ISO 8601, the value a
 * decimal number in µg/m³ or empty for a missing hour. Rows may come in any order; an hour
 * without a row is missing too (NaN). Tolerated: a byte order mark, CRLF line ends, blank lines,
 * spaces around fields. A bad row, or a second row for an hour (the first is kept), is an issue
 * and is skipped.
 *
 * @param text - the file's contents
 * @param file - the name used in issues
 * @throws TypeError when `text` is not a string or `file` not a non-empty string
 * @example
 * parseHourlyCsv('timestamp,value\n2019-01-01T00:00:00Z,41.3\n2019-01-01T02:00:00Z,38\n', 'h.csv');
 * // { series: { startMs: 1546300800000, values: Float64Array [41.3, NaN, 38] }, issues: [] }
 */
export function parseHourlyCsv(text: string, file: string): ParsedHourlyCsv {
  if (typeof text !== 'string') {
    throw argumentError(TypeError, 'parseHourlyCsv', 'text', 'must be a string', text);
  }
  checkNonEmptyString('parseHourlyCsv', 'file', file);
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const issues: LoadIssue[] = [];
  const header = rows[0]!.trim().replaceAll(' ', '');
  if (header !== HOURLY_CSV_HEADER) {
    const message = `the header must be ${HOURLY_CSV_HEADER}, got ${describeValue(rows[0])}`;
    return { series: undefined, issues: [{ file, line: 1, message }] };
  }
  const hours = new Map<number, number>();
  rows.forEach((row, index) => {
    if (index === 0 || row.trim() === '') return;
    const line = index + 1;
    const fields = row.split(',').map((field) => field.trim());
    const [timestamp = '', valueText = ''] = fields;
    const atMs = parseTimestamp(timestamp);
    const value = valueText === '' ? Number.NaN : parseDecimal(valueText);
    let message: string | undefined;
    if (fields.length !== 2) message = `expected 2 comma-separated fields, got ${fields.length}`;
    else if (atMs === undefined || atMs % MS_PER_HOUR !== 0)
      message = `timestamp must be an ISO 8601 whole UTC hour, got ${describeValue(timestamp)}`;
    else if (valueText !== '' && !Number.isFinite(value))
      message = `value must be a decimal number or empty, got ${describeValue(valueText)}`;
    else if (hours.has(atMs)) message = `a second row for ${timestamp}; the first is kept`;
    if (message !== undefined) issues.push({ file, line, message });
    else hours.set(atMs!, value);
  });
  if (hours.size === 0) return { series: undefined, issues };
  let [startMs, endMs] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const atMs of hours.keys())
    [startMs, endMs] = [Math.min(startMs, atMs), Math.max(endMs, atMs)];
  const values = new Float64Array((endMs - startMs) / MS_PER_HOUR + 1).fill(Number.NaN);
  for (const [atMs, value] of hours) values[(atMs - startMs) / MS_PER_HOUR] = value;
  return { series: { startMs, values }, issues };
}
