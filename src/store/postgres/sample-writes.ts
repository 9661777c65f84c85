import type { ClientBase } from 'pg';
import { MAX_ABS_SAMPLE_AT_MS } from '../../series/sample-problem.js';
import { MS_PER_HOUR } from '../../time/instant.js';
import type { SeriesBatch } from '../ingest-plan.js';
import { float8ArrayParam, int2ArrayParam, int8ArrayParam } from './binary-arrays.js';

/**
 * The earliest sample time the PostgreSQL store keeps: 1 January 4001 BC (UTC), inside the
 * range of `timestamptz` (which starts in 4713 BC), while the `Date` range that the samples'
 * own check allows reaches 271,821 BC. Earlier samples are refused like samples before a
 * retention horizon.
 */
export const EARLIEST_SAMPLE_MS = Date.UTC(-4000, 0, 1);

const INSERT_SAMPLES = `
INSERT INTO airq_samples (installation_id, at, type_ordinal, value)
SELECT id, airq_at(ms), type, value
FROM unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::float8[]) AS t(id, ms, type, value)
ON CONFLICT (installation_id, at, type_ordinal) DO UPDATE SET value = excluded.value`;

// Rewrites the roll-up rows of the touched hours from the raw rows, after the insert of the
// same transaction: a replaced value, a late sample and a new one all come out right, and no
// float error accumulates from one batch to the next.
const REWRITE_HOURS = `
INSERT INTO airq_hourly (installation_id, hour, type_ordinal, sum, count)
SELECT k.id, k.hour, k.type, sum(s.value), count(*)
FROM (
  SELECT DISTINCT id, type, airq_hour(airq_at(ms)) AS hour
  FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) AS t(id, type, ms)
) AS k
JOIN airq_samples AS s
  ON s.installation_id = k.id AND s.type_ordinal = k.type
 AND s.at >= k.hour AND s.at < k.hour + interval '1 hour'
GROUP BY k.id, k.hour, k.type
ON CONFLICT (installation_id, hour, type_ordinal)
DO UPDATE SET sum = excluded.sum, count = excluded.count`;

const RECORD_CHANGES = `
INSERT INTO airq_changes (installation_id, oldest_ms)
SELECT id, oldest FROM unnest($1::bigint[], $2::bigint[]) AS t(id, oldest)`;

/**
 * Writes planned batches inside the caller's transaction (which holds the writers' lock):
 * the month partitions they need, the raw rows (one `unnest` insert; a sample at a stored
 * timestamp replaces its value), the roll-up of every touched hour, and one change row per
 * installation with its oldest sample. Four statements, whatever the batch size, each
 * prepared once per connection.
 *
 * @param knownMonths - start ms of the months whose partition is known to exist
 * @returns the start ms of the months whose partition this call ensured, for the caller to
 *   add to `knownMonths` once the transaction has committed
 * @example
 * const ensured = await writeBatches(client, plan.batches, knownMonths);
 */
export async function writeBatches(
  client: ClientBase,
  batches: readonly SeriesBatch[],
  knownMonths: ReadonlySet<number>,
): Promise<number[]> {
  const ensured: number[] = [];
  if (batches.length === 0) return ensured;
  let total = 0;
  for (const batch of batches) total += batch.atMs.length;
  const ids = new Float64Array(total);
  const times = new Float64Array(total);
  const types = new Int16Array(total);
  const values = new Float64Array(total);
  // One sample per touched hour of each series (its times are ascending); SQL bins them.
  const hourIds: number[] = [];
  const hourTypes: number[] = [];
  const hourTimes: number[] = [];
  const oldestById = new Map<number, number>();
  const months = new Set<number>();
  let row = 0;
  for (const { installationId, typeOrdinal, atMs, values: batchValues } of batches) {
    let lastHour = Number.NaN;
    let lastMonthEnd = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < atMs.length; i++) {
      const t = atMs[i]!; // i < length
      ids[row] = installationId;
      times[row] = t;
      types[row] = typeOrdinal;
      values[row] = batchValues[i]!; // i < length
      row++;
      const hour = t - (((t % MS_PER_HOUR) + MS_PER_HOUR) % MS_PER_HOUR);
      if (hour !== lastHour) {
        lastHour = hour;
        hourIds.push(installationId);
        hourTypes.push(typeOrdinal);
        hourTimes.push(t);
      }
      if (t >= lastMonthEnd) {
        const month = monthStartMs(t);
        months.add(month);
        lastMonthEnd = nextMonthStartMs(month);
      }
    }
    const oldest = oldestById.get(installationId);
    if (oldest === undefined || atMs[0]! < oldest) oldestById.set(installationId, atMs[0]!);
  }
  for (const month of months) {
    if (knownMonths.has(month)) continue;
    await client.query('SELECT airq_ensure_partition($1, $2, $3)', [
      partitionName(month),
      month,
      nextMonthStartMs(month),
    ]);
    ensured.push(month);
  }
  await client.query({
    name: 'airq_insert_samples',
    text: INSERT_SAMPLES,
    values: [
      int8ArrayParam(ids),
      int8ArrayParam(times),
      int2ArrayParam(types),
      float8ArrayParam(values),
    ],
  });
  await client.query({
    name: 'airq_rewrite_hours',
    text: REWRITE_HOURS,
    values: [hourIds, hourTypes, hourTimes],
  });
  await client.query({
    name: 'airq_record_changes',
    text: RECORD_CHANGES,
    values: [[...oldestById.keys()], [...oldestById.values()]],
  });
  return ensured;
}

/**
 * The name of the month partition that starts at `monthMs`: `airq_samples_2026_11`, with
 * `bc` years for astronomical years before 1 (year 0 is 1 BC).
 *
 * @example
 * partitionName(Date.UTC(2026, 10, 1)); // 'airq_samples_2026_11'
 */
export function partitionName(monthMs: number): string {
  const date = new Date(monthMs);
  const year = date.getUTCFullYear();
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return year >= 1 ? `airq_samples_${year}_${month}` : `airq_samples_${1 - year}bc_${month}`;
}

function monthStartMs(atMs: number): number {
  const date = new Date(atMs);
  date.setUTCDate(1);
  date.setUTCHours(0, 0, 0, 0);
  return date.getTime();
}

function nextMonthStartMs(monthMs: number): number {
  const date = new Date(monthMs);
  date.setUTCMonth(date.getUTCMonth() + 1);
  // The month after the last one of the Date range is not a Date: end just after the range.
  const next = date.getTime();
  return Number.isNaN(next) ? MAX_ABS_SAMPLE_AT_MS + 1 : next;
}
