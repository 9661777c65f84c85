import { describeValue } from '../arguments/describe-value.js';
import { formatTimestamp, parseTimestamp } from '../time/instant.js';
import type { Sample } from './ingest-report.js';
import type { LoadIssue } from './load-issues.js';

/** The required first line of a samples CSV file. */
export const SAMPLES_CSV_HEADER = 'installationId,name,timestamp,value';

const COLUMNS = Object.freeze(SAMPLES_CSV_HEADER.split(','));
// A plain decimal: no hex, no empty string, no `Infinity` (all of which Number() would accept).
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DIGITS = /^\d+$/;

/** The rows of a samples CSV that parsed, and the problems of those that did not. */
export interface ParsedSamplesCsv {
  readonly samples: readonly Sample[];
  /** `lines[i]` is the 1-based line of `samples[i]`. */
  readonly lines: readonly number[];
  readonly issues: readonly LoadIssue[];
}

/**
 * Parses the samples format: a header `installationId,name,timestamp,value`, then one sample
 * per line, e.g. `1001,PM10,2026-11-21T09:05:00.000Z,41.3`. Checks the syntax only (whether the
 * installation and the measurement type exist is the store's business).
 *
 * Tolerated: a UTF-8 byte order mark, CRLF line ends, blank lines (including the final
 * newline), spaces around fields, and fields wrapped in double quotes. The timestamp is ISO
 * 8601 (without a zone it is read as UTC); the value is a finite decimal number. Every bad row
 * is reported with its 1-based line, the header being line 1.
 *
 * @param text - the file's contents
 * @param file - the name used in issues
 * @example
 * parseSamplesCsv('installationId,name,timestamp,value\n1001,PM10,2026-11-21T09:05:00Z,41.3\n', 's.csv');
 * // { samples: [{ installationId: 1001, name: 'PM10', atMs: 1795251900000, value: 41.3 }], lines: [2], issues: [] }
 */
export function parseSamplesCsv(text: string, file: string): ParsedSamplesCsv {
  const samples: Sample[] = [];
  const lines: number[] = [];
  const issues: LoadIssue[] = [];
  const rows = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  const header = (rows[0] ?? '').split(',').map(cleanField);
  if (header.length !== COLUMNS.length || header.some((name, i) => name !== COLUMNS[i])) {
    issues.push({
      file,
      line: 1,
      message: `the header must be ${SAMPLES_CSV_HEADER}, got ${describeValue(rows[0] ?? '')}`,
    });
    return { samples, lines, issues };
  }
  for (let r = 1; r < rows.length; r++) {
    if (rows[r]!.trim() === '') continue;
    const sample = parseSamplesCsvRow(rows[r]!);
    if (typeof sample === 'string') issues.push({ file, line: r + 1, message: sample });
    else {
      samples.push(sample);
      lines.push(r + 1);
    }
  }
  return { samples, lines, issues };
}

/**
 * One data row of the samples format (no header, no line end), checked as
 * {@link parseSamplesCsv} checks each row; for reading a large file line by line.
 *
 * @returns the sample, or the reasons the row is refused, joined by `; `
 * @example
 * parseSamplesCsvRow('1001,PM10,2026-11-21T09:05:00Z,41.3');
 * // { installationId: 1001, name: 'PM10', atMs: 1795251900000, value: 41.3 }
 * parseSamplesCsvRow('1001,PM10,later,41.3');
 * // 'timestamp must be an ISO 8601 date-time, got "later"'
 */
export function parseSamplesCsvRow(row: string): Sample | string {
  const fields = row.split(',').map(cleanField);
  if (fields.length !== COLUMNS.length) {
    return `expected 4 comma-separated fields, got ${fields.length}`;
  }
  const [idText, name, timestampText, valueText] = fields as [string, string, string, string];
  const reasons: string[] = [];
  const installationId = DIGITS.test(idText) ? Number(idText) : Number.NaN;
  if (!Number.isSafeInteger(installationId) || installationId <= 0) {
    reasons.push(`installationId must be a positive integer, got ${describeValue(idText)}`);
  }
  if (name === '') reasons.push('name must not be empty');
  const atMs = parseTimestamp(timestampText);
  if (atMs === undefined) {
    reasons.push(`timestamp must be an ISO 8601 date-time, got ${describeValue(timestampText)}`);
  }
  const value = parseDecimal(valueText);
  if (!Number.isFinite(value)) {
    reasons.push(`value must be a finite decimal number, got ${describeValue(valueText)}`);
  }
  if (reasons.length > 0 || atMs === undefined) return reasons.join('; ');
  return { installationId, name, atMs, value };
}

/**
 * Reads a plain decimal number the way the samples format does: optional sign, digits with an
 * optional fraction, an optional exponent. Anything else (hex, `Infinity`, an empty field, a
 * decimal comma) gives NaN, where `Number()` would accept some of it or return 0.
 *
 * @param text - the field, already trimmed
 * @returns the number, or NaN when `text` is not a plain decimal
 * @example
 * parseDecimal('-1.5e3'); // -1500
 * parseDecimal('0x10'); // NaN
 */
export function parseDecimal(text: string): number {
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

/**
 * One line of the samples format (without the line end), the inverse of a row of
 * {@link parseSamplesCsv}: the timestamp as the spec writes it (UTC, milliseconds) and the
 * value as the shortest decimal that reads back to the same number.
 *
 * @example
 * formatSamplesCsvRow({ installationId: 1001, name: 'PM10', atMs: 1795251900000, value: 41.3 });
 * // '1001,PM10,2026-11-21T09:05:00.000Z,41.3'
 */
export function formatSamplesCsvRow(sample: Sample): string {
  return `${sample.installationId},${sample.name},${formatTimestamp(sample.atMs)},${sample.value}`;
}

function cleanField(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replaceAll('""', '"').trim();
  }
  return trimmed;
}
