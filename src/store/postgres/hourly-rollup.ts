import type { ClientBase } from 'pg';
import { floorHourMs, MS_PER_HOUR } from '../../time/instant.js';
import type { SeriesBatch } from '../ingest-plan.js';
import {
  float8ArrayParam,
  int2ArrayParam,
  int8ArrayParam,
  timestamptzArrayParam,
} from './binary-arrays.js';

// The two ways of keeping `airq_hourly` (sum and count per installation, UTC hour and type)
// true in the transaction that writes the raw rows. Both key the hour with airq_hour
// (date_bin with an explicit origin) applied to a sample of that hour, so the roll-up and
// the window query cut hours the same way.

// New rows only: the batch's own sum and count per hour are added to what is stored.
const ADD_HOURS = `
INSERT INTO airq_hourly (installation_id, hour, type_ordinal, sum, count)
SELECT id, airq_hour(at), type, sum, count
FROM unnest($1::bigint[], $2::timestamptz[], $3::smallint[], $4::float8[], $5::bigint[])
  AS t(id, at, type, sum, count)
ON CONFLICT (installation_id, hour, type_ordinal)
DO UPDATE SET sum = airq_hourly.sum + excluded.sum, count = airq_hourly.count + excluded.count`;

// Hours where an upsert inserted or replaced a value: summed again from the raw rows, after
// the insert. A subtraction of the old value could lose the hour's other values
// to rounding (1e300 - 1e300 + 1 ≠ 1); a sum of what is stored cannot. The span of all the
// hours ($4, $5) lets the executor leave out the day partitions outside it before it starts.
const REWRITE_HOURS = `
INSERT INTO airq_hourly (installation_id, hour, type_ordinal, sum, count)
SELECT k.id, k.hour, k.type, sum(s.value), count(*)
FROM (
  SELECT id, type, airq_hour(at) AS hour
  FROM unnest($1::bigint[], $2::timestamptz[], $3::smallint[]) AS t(id, at, type)
) AS k
JOIN airq_samples AS s
  ON s.installation_id = k.id AND s.type_ordinal = k.type
 AND s.at >= k.hour AND s.at < k.hour + interval '1 hour'
 AND s.at >= airq_at($4) AND s.at < airq_at($5)
GROUP BY k.id, k.hour, k.type
ON CONFLICT (installation_id, hour, type_ordinal)
DO UPDATE SET sum = excluded.sum, count = excluded.count`;

/** One row per (series, UTC hour) that a set of batches touches, with the batch's sums. */
interface TouchedHours {
  readonly ids: number[];
  /** The first sample time of the batch in that hour; SQL cuts the hour from it. */
  readonly atMs: number[];
  readonly types: number[];
  readonly sums: number[];
  readonly counts: number[];
}

function touchedHours(batches: readonly SeriesBatch[]): TouchedHours {
  const hours: TouchedHours = { ids: [], atMs: [], types: [], sums: [], counts: [] };
  for (const { installationId, typeOrdinal, atMs, values } of batches) {
    let hourMs = Number.NaN;
    // Times ascend within a batch, so each hour is one run of samples.
    for (let i = 0; i < atMs.length; i++) {
      const t = atMs[i]!; // i < length
      if (floorHourMs(t) !== hourMs) {
        hourMs = floorHourMs(t);
        hours.ids.push(installationId);
        hours.atMs.push(t);
        hours.types.push(typeOrdinal);
        hours.sums.push(0);
        hours.counts.push(0);
      }
      const last = hours.sums.length - 1;
      hours.sums[last]! += values[i]!; // i < length; a row was pushed above
      hours.counts[last]!++;
    }
  }
  return hours;
}

/**
 * Adds the sums and counts of batches whose samples were all new rows (none replaced a
 * stored value) to the roll-up: one statement, one row per touched hour.
 *
 * @example
 * await addToHours(client, freshBatches);
 */
export async function addToHours(
  client: ClientBase,
  batches: readonly SeriesBatch[],
): Promise<void> {
  const hours = touchedHours(batches);
  await client.query({
    name: 'airq_add_hours',
    text: ADD_HOURS,
    values: [
      int8ArrayParam(hours.ids),
      timestamptzArrayParam(hours.atMs),
      int2ArrayParam(hours.types),
      float8ArrayParam(hours.sums),
      int8ArrayParam(hours.counts),
    ],
  });
}

/** One (series, UTC hour) whose raw rows changed. */
export interface TouchedHour {
  readonly id: number;
  readonly type: number;
  /** The start of the hour, epoch ms. */
  readonly hour_ms: number;
}

/**
 * Sums again, from the raw rows already written in this transaction, the given hours (those
 * where an upsert inserted or replaced a value).
 *
 * @example
 * await rewriteHours(client, [{ id: 1001, type: 2, hour_ms: Date.UTC(2026, 10, 21, 9) }]);
 */
export async function rewriteHours(
  client: ClientBase,
  hours: readonly TouchedHour[],
): Promise<void> {
  await client.query({
    name: 'airq_rewrite_hours',
    text: REWRITE_HOURS,
    values: [
      int8ArrayParam(hours.map((hour) => hour.id)),
      timestamptzArrayParam(hours.map((hour) => hour.hour_ms)),
      int2ArrayParam(hours.map((hour) => hour.type)),
      hours.reduce((low, hour) => Math.min(low, hour.hour_ms), Number.POSITIVE_INFINITY),
      hours.reduce((high, hour) => Math.max(high, hour.hour_ms), Number.NEGATIVE_INFINITY) +
        MS_PER_HOUR,
    ],
  });
}
