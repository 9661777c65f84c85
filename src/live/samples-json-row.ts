import { describeValue } from '../arguments/describe-value.js';
import { installationIdProblem } from '../store/ingest-plan.js';
import type { Sample } from '../store/ingest-report.js';
import { parseTimestamp } from '../time/instant.js';

// One element of a JSON samples body. The wording of each reason matches the samples CSV
// format's (`parseSamplesCsvRow`) where the two formats can say the same thing, so a client that
// switches between them reads the same rejections.

/** The fields of one sample in a JSON body, in the order the spec lists them. */
export const SAMPLE_JSON_FIELDS = Object.freeze([
  'installationId',
  'name',
  'timestamp',
  'value',
] as const);

/**
 * Reads one element of a JSON samples array: `{installationId, name, timestamp, value}` with a
 * positive integer id, a non-empty string name, an ISO 8601 timestamp string (without a zone
 * read as UTC) and a finite JSON number as value (a string such as `"41.3"` is refused, since a
 * JSON client can send a number). Any other field is refused, so a misspelt field cannot pass
 * silently. Checks the shape only; whether the name is a measurement type is
 * `liveSampleProblems`'s business.
 *
 * @param element - one element of the parsed array
 * @returns the sample, or every reason it is refused (never empty)
 * @example
 * readJsonSampleRow({ installationId: 1001, name: 'PM10', timestamp: '2026-11-21T09:05:00Z', value: 41.3 });
 * // { installationId: 1001, name: 'PM10', atMs: 1795251900000, value: 41.3 }
 * readJsonSampleRow({ installationId: 1001, name: 'PM10', timestamp: '2026-11-21T09:05:00Z', value: '41.3' });
 * // ['value must be a finite JSON number, got "41.3"']
 */
export function readJsonSampleRow(element: unknown): Sample | string[] {
  if (typeof element !== 'object' || element === null || Array.isArray(element)) {
    return [
      `sample must be an object with ${SAMPLE_JSON_FIELDS.join(', ')}, got ${describeValue(element)}`,
    ];
  }
  const record = element as Readonly<Record<string, unknown>>;
  const { installationId, name, timestamp, value } = record;
  const reasons: string[] = [];
  const idProblem = installationIdProblem(installationId);
  if (idProblem !== undefined) reasons.push(idProblem);
  if (typeof name !== 'string') reasons.push(`name must be a string, got ${describeValue(name)}`);
  else if (name === '') reasons.push('name must not be empty');
  const atMs = typeof timestamp === 'string' ? parseTimestamp(timestamp) : undefined;
  if (atMs === undefined) {
    reasons.push(`timestamp must be an ISO 8601 date-time, got ${describeValue(timestamp)}`);
  }
  // JSON.parse turns 1e400 into Infinity, so a number can still be unusable.
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    reasons.push(`value must be a finite JSON number, got ${describeValue(value)}`);
  }
  const unknown = Object.keys(record).filter(
    (key) => !(SAMPLE_JSON_FIELDS as readonly string[]).includes(key),
  );
  if (unknown.length > 0) {
    const names = unknown.map((key) => JSON.stringify(key)).join(', ');
    reasons.push(`unknown ${unknown.length === 1 ? 'field' : 'fields'} ${names}`);
  }
  if (reasons.length > 0 || atMs === undefined) return reasons;
  return {
    installationId: installationId as number,
    name: name as string,
    atMs,
    value: value as number,
  };
}
