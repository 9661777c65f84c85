import type { ClientBase } from 'pg';
import { MS_PER_DAY } from '../../time/instant.js';
import type { SeriesBatch } from '../ingest-plan.js';
import {
  float8ArrayParam,
  int2ArrayParam,
  int8ArrayParam,
  timestamptzArrayParam,
} from './binary-arrays.js';
import { addToHours, rewriteHours, type TouchedHour } from './hourly-rollup.js';

/**
 * The earliest sample time the PostgreSQL store keeps: 1 January 4001 BC (UTC), inside the
 * range of `timestamptz` (which starts in 4713 BC), while the `Date` range that the samples'
 * own check allows reaches 271,821 BC. Earlier samples are refused like samples before a
 * retention horizon.
 */
export const EARLIEST_SAMPLE_MS = Date.UTC(-4000, 0, 1);

// A plain insert for series with no stored row in the batch's time range, an upsert (a
// sample at a stored timestamp replaces its value) for the others. The plain insert skips
// the speculative insertion that ON CONFLICT costs per row, which was half of an ingest.
// The arrays are unnested in the select list, in step: rows stream into the insert, where
// unnest in FROM would first copy all of them into a tuplestore (a quarter of the insert).
const INSERT_ROWS = `
INSERT INTO airq_samples (installation_id, at, type_ordinal, value)
SELECT unnest($1::bigint[]), unnest($2::timestamptz[]), unnest($3::smallint[]),
       unnest($4::float8[])`;

// A stored row whose value is the same, bit for bit, is left alone (no new row version, no
// index entry): loading the same history twice rewrites nothing. The statement returns the
// hours where a row was inserted or changed, for the roll-up.
const UPSERT_ROWS = `
WITH written AS (${INSERT_ROWS}
  ON CONFLICT (installation_id, at, type_ordinal) DO UPDATE SET value = excluded.value
  WHERE float8send(airq_samples.value) <> float8send(excluded.value)
  RETURNING installation_id, type_ordinal, at
)
SELECT DISTINCT installation_id::float8 AS id, type_ordinal::integer AS type,
       (extract(epoch FROM airq_hour(at)) * 1000)::float8 AS hour_ms
FROM written`;

// The series (by position, from 1) that already hold a row between their first and last new
// sample: one index probe each. The batch's whole span ($5, $6) is a constant of the statement,
// so the executor leaves out, before it starts, every day partition outside it; the bounds per
// series come from the arrays and would make it set up a probe of every partition.
const STORED_IN_RANGE = `
SELECT n::integer AS n
FROM unnest($1::bigint[], $2::smallint[], $3::timestamptz[], $4::timestamptz[])
  WITH ORDINALITY AS r(id, type, first_at, last_at, n)
WHERE EXISTS (
  SELECT 1 FROM airq_samples AS s
  WHERE s.installation_id = r.id AND s.at >= r.first_at AND s.at <= r.last_at
    AND s.type_ordinal = r.type AND s.at >= airq_at($5) AND s.at <= airq_at($6))`;

const RECORD_CHANGES = `
INSERT INTO airq_changes (installation_id, oldest_ms)
SELECT id, oldest FROM unnest($1::bigint[], $2::bigint[]) AS t(id, oldest)`;

/**
 * Writes planned batches inside the caller's transaction (which holds the writers' lock, so
 * nothing changes between the statements): the day partitions they need; the raw rows, as
 * new rows for the series whose time range holds no stored row and as an upsert for the
 * others; the roll-up of every touched hour (added to for new rows, summed again from the raw
 * rows after an upsert); and one change row per installation with its oldest sample. A few
 * statements whatever the batch size, each prepared once per connection, with the arrays in
 * binary.
 *
 * @param knownDays - start ms of the UTC days whose partitions are known to exist
 * @returns the start ms of the days whose partitions this call ensured, for the caller to
 *   add to `knownDays` once the transaction has committed
 * @example
 * const ensured = await writeBatches(client, plan.batches, knownDays);
 */
export async function writeBatches(
  client: ClientBase,
  batches: readonly SeriesBatch[],
  knownDays: ReadonlySet<number>,
): Promise<number[]> {
  if (batches.length === 0) return [];
  const ensured = await ensurePartitions(client, batches, knownDays);
  const overlapping = await seriesWithStoredRows(client, batches);
  const fresh = batches.filter((_, b) => !overlapping.has(b));
  const replacing = batches.filter((_, b) => overlapping.has(b));
  if (fresh.length > 0) {
    await client.query({ name: 'airq_insert_rows', text: INSERT_ROWS, values: rowParams(fresh) });
    await addToHours(client, fresh);
  }
  if (replacing.length > 0) {
    const written = await client.query<TouchedHour>({
      name: 'airq_upsert_rows',
      text: UPSERT_ROWS,
      values: rowParams(replacing),
    });
    if (written.rows.length > 0) await rewriteHours(client, written.rows);
  }
  const oldestById = new Map<number, number>();
  for (const { installationId, atMs } of batches) {
    const oldest = oldestById.get(installationId);
    if (oldest === undefined || atMs[0]! < oldest) oldestById.set(installationId, atMs[0]!);
  }
  await client.query({
    name: 'airq_record_changes',
    text: RECORD_CHANGES,
    values: [int8ArrayParam([...oldestById.keys()]), int8ArrayParam([...oldestById.values()])],
  });
  return ensured;
}

// Batches are never empty and their times ascend: the range is the first and last time.
async function seriesWithStoredRows(
  client: ClientBase,
  batches: readonly SeriesBatch[],
): Promise<Set<number>> {
  const result = await client.query<{ n: number }>({
    name: 'airq_stored_in_range',
    text: STORED_IN_RANGE,
    values: [
      int8ArrayParam(batches.map((batch) => batch.installationId)),
      int2ArrayParam(batches.map((batch) => batch.typeOrdinal)),
      timestamptzArrayParam(batches.map((batch) => batch.atMs[0]!)),
      timestamptzArrayParam(batches.map((batch) => batch.atMs[batch.atMs.length - 1]!)),
      timeSpan(batches).firstMs,
      timeSpan(batches).lastMs,
    ],
  });
  return new Set(result.rows.map((row) => row.n - 1));
}

// The first and last time of any batch (batches are never empty and their times ascend).
function timeSpan(batches: readonly SeriesBatch[]): { firstMs: number; lastMs: number } {
  let firstMs = Number.POSITIVE_INFINITY;
  let lastMs = Number.NEGATIVE_INFINITY;
  for (const { atMs } of batches) {
    firstMs = Math.min(firstMs, atMs[0]!);
    lastMs = Math.max(lastMs, atMs[atMs.length - 1]!);
  }
  return { firstMs, lastMs };
}

function rowParams(batches: readonly SeriesBatch[]): Buffer[] {
  let total = 0;
  for (const batch of batches) total += batch.atMs.length;
  const ids = new Float64Array(total);
  const times = new Float64Array(total);
  const types = new Int16Array(total);
  const values = new Float64Array(total);
  let row = 0;
  for (const { installationId, typeOrdinal, atMs, values: batchValues } of batches) {
    ids.fill(installationId, row, row + atMs.length);
    types.fill(typeOrdinal, row, row + atMs.length);
    times.set(atMs, row);
    values.set(batchValues, row);
    row += atMs.length;
  }
  return [
    int8ArrayParam(ids),
    timestamptzArrayParam(times),
    int2ArrayParam(types),
    float8ArrayParam(values),
  ];
}

async function ensurePartitions(
  client: ClientBase,
  batches: readonly SeriesBatch[],
  knownDays: ReadonlySet<number>,
): Promise<number[]> {
  const days = new Set<number>();
  for (const { atMs } of batches) {
    let dayEnd = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < atMs.length; i++) {
      const t = atMs[i]!; // i < length
      if (t < dayEnd) continue;
      const day = dayStartMs(t);
      days.add(day);
      dayEnd = day + MS_PER_DAY;
    }
  }
  const ensured: number[] = [];
  for (const day of days) {
    if (knownDays.has(day)) continue;
    await client.query('SELECT airq_ensure_day($1, $2, $3)', [
      daySuffix(day),
      day,
      day + MS_PER_DAY,
    ]);
    ensured.push(day);
  }
  return ensured;
}

/**
 * The suffix of the partitions of the UTC day that starts at `dayMs` (`airq_samples_<suffix>`,
 * `airq_hourly_<suffix>`): `2026_11_21`, with `bc` years for astronomical years before 1
 * (year 0 is 1 BC).
 *
 * @example
 * daySuffix(Date.UTC(2026, 10, 21)); // '2026_11_21'
 */
export function daySuffix(dayMs: number): string {
  const date = new Date(dayMs);
  const year = date.getUTCFullYear();
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return year >= 1 ? `${year}_${month}_${day}` : `${1 - year}bc_${month}_${day}`;
}

// Epoch milliseconds have no leap seconds: every UTC day starts at a multiple of a day.
function dayStartMs(atMs: number): number {
  return Math.floor(atMs / MS_PER_DAY) * MS_PER_DAY;
}
