import type { Pool } from 'pg';
import { storeBound } from './window-averages-query.js';

// For each instant, the earliest stored sample of one installation at or after it, any type,
// none before the retention horizon (as the window query counts them). One statement for all
// instants: each is an ordered probe of the (installation_id, at) key of the day partitions from
// the instant on, so a national index's 25 edges cost one round trip, not 25.
const FIRST_SAMPLE_TIMES = `
SELECT u.n::integer AS n,
       (SELECT (extract(epoch FROM s.at) * 1000)::float8
          FROM airq_samples AS s
         WHERE s.installation_id = $1 AND s.at >= airq_at(u.at_ms)
           AND s.at >= (SELECT retained_from FROM airq_retention)
         ORDER BY s.at
         LIMIT 1) AS first_ms
FROM unnest($2::bigint[]) WITH ORDINALITY AS u(at_ms, n)`;

interface FirstRow {
  readonly n: number;
  readonly first_ms: number | null;
}

/**
 * The earliest timestamp of any stored sample of the installation at or after each instant of
 * `instantsMs`, in their order; `+Infinity` where there is none. Instants must be finite
 * (checked by the caller); a fractional one is moved up to the next whole millisecond, which
 * changes no answer since samples sit on whole milliseconds.
 *
 * @example
 * await queryFirstSampleTimes(pool, 1001, [nine, nine + 120_000]); // [nine + 60_000, Infinity]
 */
export async function queryFirstSampleTimes(
  pool: Pool,
  installationId: number,
  instantsMs: readonly number[],
): Promise<readonly number[]> {
  const firsts = instantsMs.map(() => Number.POSITIVE_INFINITY);
  if (instantsMs.length === 0 || !Number.isSafeInteger(installationId)) return firsts;
  const result = await pool.query<FirstRow>({
    // Named, so each connection plans it once.
    name: 'airq_first_sample_times',
    text: FIRST_SAMPLE_TIMES,
    values: [installationId, instantsMs.map(storeBound)],
  });
  for (const { n, first_ms } of result.rows) {
    if (first_ms !== null) firsts[n - 1] = first_ms;
  }
  return firsts;
}
