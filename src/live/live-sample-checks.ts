import { checkFiniteNumber } from '../arguments/argument-checks.js';
import { describeValue } from '../arguments/describe-value.js';
import { rangeProblem } from '../import/measurement-ranges.js';
import { isMeasurementTypeName } from '../meta/measurement-types.js';
import type { Sample } from '../store/ingest-report.js';
import { formatTimestamp, MS_PER_MINUTE } from '../time/instant.js';

/**
 * How far past the server's clock a pushed sample may lie, in milliseconds (5 minutes). Device
 * clocks drift and NTP may not have run yet; a few minutes cover that, while a sample hours
 * ahead is a wrong zone or a wrong clock and would sit in the series as the "latest" value.
 */
export const MAX_FUTURE_MS = 5 * MS_PER_MINUTE;

// The widest span a Date can hold; beyond it formatTimestamp would throw.
const MAX_DATE_MS = 8.64e15;

/**
 * What the live routes check in a syntactically valid sample before handing it to the store:
 * the name is a measurement type, the value lies within that type's plausible range (the same
 * range the importers use), and the timestamp is at most {@link MAX_FUTURE_MS} after `nowMs`.
 * Whether the installation exists and whether the sample is older than the retention horizon
 * are the store's checks, done when it ingests.
 *
 * @param sample - a parsed sample (`value` in airq's unit of the type)
 * @param nowMs - the server's clock, epoch milliseconds (a parameter, so the check is pure)
 * @returns every problem found, empty when the sample may be ingested
 * @throws TypeError or RangeError when `nowMs` is not a finite number
 * @example
 * const nowMs = Date.parse('2026-11-21T09:00:00Z');
 * liveSampleProblems({ installationId: 1001, name: 'PM10', atMs: nowMs, value: 41.3 }, nowMs); // []
 * liveSampleProblems({ installationId: 1001, name: 'PM10', atMs: nowMs, value: -1 }, nowMs);
 * // ['PM10 value -1 is outside [0, 2000] µg/m³']
 * liveSampleProblems({ installationId: 1001, name: 'PM2.5', atMs: nowMs + 3_600_000, value: 4 }, nowMs);
 * // ['unknown measurement type "PM2.5"',
 * //  'timestamp 2026-11-21T10:00:00.000Z is more than 5 minutes after the server time 2026-11-21T09:00:00.000Z']
 */
export function liveSampleProblems(sample: Sample, nowMs: number): string[] {
  checkFiniteNumber('liveSampleProblems', 'nowMs', nowMs);
  const problems: string[] = [];
  const { name, atMs, value } = sample;
  if (!isMeasurementTypeName(name)) {
    problems.push(`unknown measurement type ${describeValue(name)}`);
  } else {
    const problem = rangeProblem(name, value, `${name} value`);
    if (problem !== undefined) problems.push(problem);
  }
  // Written so that NaN fails too: a sample whose time cannot be compared is not accepted.
  if (!(atMs <= nowMs + MAX_FUTURE_MS)) {
    problems.push(
      `timestamp ${describeInstant(atMs)} is more than ${MAX_FUTURE_MS / MS_PER_MINUTE} minutes after the server time ${describeInstant(nowMs)}`,
    );
  }
  return problems;
}

function describeInstant(atMs: number): string {
  return Math.abs(atMs) <= MAX_DATE_MS ? formatTimestamp(atMs) : String(atMs);
}
