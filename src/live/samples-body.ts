import { checkFiniteNumber, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { Sample } from '../store/ingest-report.js';
import { parseSamplesCsv } from '../store/samples-csv.js';
import { liveSampleProblems } from './live-sample-checks.js';
import { readJsonSampleRow } from './samples-json-row.js';

/** The two encodings `POST /v2/airq/samples` accepts. */
export type SamplesBodyFormat = 'csv' | 'json';

const FORMATS: readonly SamplesBodyFormat[] = Object.freeze(['csv', 'json']);

/**
 * A sample of the body that passed every check of {@link readSamplesBody}. `row` is where it
 * was: the 0-based array index in JSON, the 1-based line in CSV (the header being line 1).
 */
export interface SampleRow {
  readonly row: number;
  readonly sample: Sample;
}

/** A row of the body that was refused, with every reason joined by `; `. */
export interface RowRejection {
  /** As in {@link SampleRow}: the JSON array index, or the CSV line. */
  readonly row: number;
  readonly reason: string;
}

/**
 * What {@link readSamplesBody} made of a body: its rows (`ok: true`, even when every row was
 * refused), or why it cannot be read at all (`ok: false`, an HTTP 400 for the whole request).
 */
export type SamplesBody =
  | {
      readonly ok: true;
      /** The accepted samples, in body order. */
      readonly rows: readonly SampleRow[];
      /** The refused rows, in body order. */
      readonly rejected: readonly RowRejection[];
    }
  | { readonly ok: false; readonly message: string };

/**
 * Reads the body of `POST /v2/airq/samples` into samples and rejected rows. Pure: the server's
 * clock comes in as `nowMs`.
 *
 * - `json`: an array of `{installationId, name, timestamp, value}` (see `readJsonSampleRow`);
 *   a leading byte order mark is tolerated. Text that is not JSON, or JSON that is not an array,
 *   makes the whole body unreadable. `row` is the array index.
 * - `csv`: the store's samples format, header `installationId,name,timestamp,value` required
 *   (see `parseSamplesCsv`: BOM, CRLF, blank lines and quoted fields tolerated). A missing or
 *   wrong header makes the whole body unreadable. `row` is the 1-based line.
 *
 * Every row that parses is then checked by `liveSampleProblems` (known measurement type, value
 * in range, not more than `MAX_FUTURE_MS` ahead of `nowMs`). An empty array, or a CSV body
 * with only its header, is readable and has no rows.
 *
 * @param text - the body, already decoded to text
 * @param format - which encoding the request declared
 * @param nowMs - the server's clock, epoch milliseconds
 * @throws TypeError or RangeError on misuse (text not a string, unknown format, `nowMs` not finite);
 *   never for anything inside `text`
 * @example
 * const nowMs = Date.parse('2026-11-21T10:00:00Z');
 * readSamplesBody('[{"installationId":1001,"name":"PM10","timestamp":"2026-11-21T09:05:00Z","value":41.3},' +
 *   '{"installationId":1001,"name":"PM10","timestamp":"2026-11-21T09:10:00Z","value":"41.3"}]', 'json', nowMs);
 * // { ok: true,
 * //   rows: [{ row: 0, sample: { installationId: 1001, name: 'PM10', atMs: 1795251900000, value: 41.3 } }],
 * //   rejected: [{ row: 1, reason: 'value must be a finite JSON number, got "41.3"' }] }
 * readSamplesBody('id,name\n', 'csv', nowMs);
 * // { ok: false, message: 'the header must be installationId,name,timestamp,value, got "id,name"' }
 */
export function readSamplesBody(
  text: string,
  format: SamplesBodyFormat,
  nowMs: number,
): SamplesBody {
  if (typeof text !== 'string') {
    throw argumentError(TypeError, 'readSamplesBody', 'text', 'must be a string', text);
  }
  checkOneOf('readSamplesBody', 'format', format, FORMATS);
  checkFiniteNumber('readSamplesBody', 'nowMs', nowMs);
  return format === 'json' ? readJsonBody(text, nowMs) : readCsvBody(text, nowMs);
}

function readJsonBody(text: string, nowMs: number): SamplesBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return unreadable(`not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) {
    return unreadable(`must be a JSON array of samples, got ${kindOf(parsed)}`);
  }
  const rows: SampleRow[] = [];
  const rejected: RowRejection[] = [];
  for (let index = 0; index < parsed.length; index++) {
    const read = readJsonSampleRow(parsed[index]);
    const reasons = Array.isArray(read) ? read : liveSampleProblems(read, nowMs);
    if (reasons.length > 0)
      rejected.push(Object.freeze({ row: index, reason: reasons.join('; ') }));
    else rows.push(Object.freeze({ row: index, sample: Object.freeze(read as Sample) }));
  }
  return readable(rows, rejected);
}

function readCsvBody(text: string, nowMs: number): SamplesBody {
  const { samples, lines, issues } = parseSamplesCsv(text, 'body');
  // parseSamplesCsv stops at a bad header with one issue on line 1; data rows start on line 2.
  const header = issues[0];
  if (header !== undefined && header.line === 1) return unreadable(header.message);
  const rows: SampleRow[] = [];
  const rejected: RowRejection[] = [];
  // Both lists are in line order; merge them so the rejections stay in body order.
  let next = 0;
  const rejectParsed = (upToLine: number): void => {
    for (; next < issues.length && (issues[next]!.line ?? 0) < upToLine; next++) {
      const issue = issues[next]!;
      rejected.push(Object.freeze({ row: issue.line ?? 0, reason: issue.message }));
    }
  };
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    const line = lines[i]!;
    rejectParsed(line);
    const problems = liveSampleProblems(sample, nowMs);
    if (problems.length > 0)
      rejected.push(Object.freeze({ row: line, reason: problems.join('; ') }));
    else rows.push(Object.freeze({ row: line, sample: Object.freeze(sample) }));
  }
  rejectParsed(Number.POSITIVE_INFINITY);
  return readable(rows, rejected);
}

function readable(rows: SampleRow[], rejected: RowRejection[]): SamplesBody {
  return Object.freeze({
    ok: true as const,
    rows: Object.freeze(rows),
    rejected: Object.freeze(rejected),
  });
}

function unreadable(message: string): SamplesBody {
  return Object.freeze({ ok: false as const, message });
}

// How the whole-body message names what came instead of an array: the kind only, since the
// body may be large.
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  return 'a boolean';
}
