import type { Pool } from 'pg';
import { MEASUREMENT_TYPE_NAMES } from '../../meta/measurement-types.js';
import type { WindowAverages } from '../../model/window-averages.js';
import { MAX_ABS_SAMPLE_AT_MS } from '../../series/sample-problem.js';
import type { TimeWindow } from '../../time/windows.js';
import { EARLIEST_SAMPLE_MS } from './sample-writes.js';

// One statement for all windows of a call. Every window starts at the retention horizon at the
// earliest, read in the same snapshot: samples before it are never counted, whether or not
// their partition has been dropped yet. Per window: the whole UTC hours inside it come
// from the roll-up, and only the raw rows before the first and after the last whole hour are
// read; a window without a whole hour reads its raw rows. Hours are cut by airq_hour
// (date_bin with an explicit origin). Sums and counts are added, then divided once in JS.
// The bounds are worked out once per window (MATERIALIZED, and OFFSET 0 keeps each step from
// being folded into the next), not again in every index condition that uses them. The span of
// all windows ($4, $5) is repeated as constants of the statement, so that the executor leaves
// out, before it starts, every day partition outside it: with the per-window bounds alone it
// sets up a scan of every partition (a year of days: 17 ms a call instead of 0.6 ms).
const WINDOW_SUMS = `
WITH b AS MATERIALIZED (
  SELECT n, f, t,
         CASE WHEN hf < ht THEN hf ELSE t END AS hf,
         CASE WHEN hf < ht THEN ht ELSE t END AS ht
  FROM (
    SELECT n, f, t, ht,
           CASE WHEN h0 < f THEN h0 + interval '1 hour' ELSE h0 END AS hf
    FROM (
      SELECT n, f, t, airq_hour(f) AS h0, airq_hour(t) AS ht
      FROM (
        SELECT n, greatest(airq_at(f_ms), h) AS f, greatest(airq_at(t_ms), h) AS t
        FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS u(f_ms, t_ms, n),
             (SELECT (SELECT retained_from FROM airq_retention) AS h) AS r
        OFFSET 0
      ) AS w
      OFFSET 0
    ) AS e
    OFFSET 0
  ) AS c
)
SELECT b.n::integer AS n, p.type_ordinal::integer AS type,
       sum(p.s) AS sum, sum(p.c)::float8 AS count
FROM b CROSS JOIN LATERAL (
  SELECT h.type_ordinal, h.sum AS s, h.count AS c FROM airq_hourly AS h
   WHERE h.installation_id = $1 AND h.hour >= b.hf AND h.hour < b.ht
     AND h.hour >= airq_hour(airq_at($4)) AND h.hour < airq_at($5)
  UNION ALL
  SELECT s.type_ordinal, s.value, 1 FROM airq_samples AS s
   WHERE s.installation_id = $1 AND s.at >= b.f AND s.at < b.hf
     AND s.at >= airq_at($4) AND s.at < airq_at($5)
  UNION ALL
  SELECT s.type_ordinal, s.value, 1 FROM airq_samples AS s
   WHERE s.installation_id = $1 AND s.at >= b.ht AND s.at < b.t
     AND s.at >= airq_at($4) AND s.at < airq_at($5)
) AS p
GROUP BY b.n, p.type_ordinal
ORDER BY 1, 2`;

interface SumRow {
  readonly n: number;
  readonly type: number;
  readonly sum: number;
  readonly count: number;
}

/**
 * Means per measurement type for each window `[fromMs, tillMs)` of one installation, read in
 * one statement; records list types in canonical order, as the in-memory store's do. Windows
 * must be checked (finite, `fromMs <= tillMs`). Samples before the retention horizon are left
 * out, as the in-memory store has pruned them.
 *
 * Samples sit on whole milliseconds, so a fractional bound is moved up to the next whole
 * millisecond without changing which samples a window holds; bounds outside the store's time
 * range are moved to its ends for the same reason.
 *
 * @example
 * await queryWindowAverages(pool, 1001, [{ fromMs: nine, tillMs: ten }]); // [{ PM10: 40 }]
 */
export async function queryWindowAverages(
  pool: Pool,
  installationId: number,
  windows: readonly TimeWindow[],
): Promise<readonly WindowAverages[]> {
  const froms = windows.map((window) => window.fromMs);
  const tills = windows.map((window) => window.tillMs);
  const records: Record<string, number>[] = windows.map(() => ({}));
  if (windows.length > 0 && Number.isSafeInteger(installationId)) {
    const result = await pool.query<SumRow>({
      // Named, so each connection plans it once.
      name: 'airq_window_sums',
      text: WINDOW_SUMS,
      values: [installationId, froms, tills, lowest(froms), -lowest(tills.map((t) => -t))],
    });
    for (const { n, type, sum, count } of result.rows) {
      const record = records[n - 1];
      const name = MEASUREMENT_TYPE_NAMES[type];
      if (record !== undefined && name !== undefined && count > 0) record[name] = sum / count;
    }
  }
  return Object.freeze(records.map((record) => Object.freeze(record)));
}

function lowest(values: readonly number[]): number {
  let low = Number.POSITIVE_INFINITY;
  for (const value of values) low = Math.min(low, value);
  return low;
}

/**
 * A window bound moved into the store's time range and up to a whole millisecond, which
 * changes no window's samples (they sit on whole milliseconds inside that range).
 *
 * @example
 * storeBound(1.5); // 2
 */
export function storeBound(atMs: number): number {
  return Math.min(Math.max(Math.ceil(atMs), EARLIEST_SAMPLE_MS), MAX_ABS_SAMPLE_AT_MS + 1);
}
