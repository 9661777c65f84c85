// The schema of the PostgreSQL store, as numbered migrations in plain SQL. A migration is
// never edited once released: a change to the schema is a new entry at the end. `migrate`
// applies, in order, every version the database has not recorded yet.

/** One versioned step of the schema. */
export interface Migration {
  /** 1, 2, 3 … in order, never reused. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const INITIAL_SCHEMA = `
-- Installations as the store validated them (spec fields plus successorId / removed).
CREATE TABLE airq_installations (
  id bigint PRIMARY KEY,
  body jsonb NOT NULL
);

-- Raw samples, partitioned by month of their time. Month partitions are created on demand
-- by airq_ensure_partition; the key leads with (installation, time) so that the edges of a
-- window are one index range per installation, whatever the types.
CREATE TABLE airq_samples (
  installation_id bigint NOT NULL,
  at timestamptz NOT NULL,
  type_ordinal smallint NOT NULL,
  value float8 NOT NULL,
  PRIMARY KEY (installation_id, at, type_ordinal)
) PARTITION BY RANGE (at);

-- Hourly roll-up: sum and count, never the average, so whole hours add up exactly like the
-- raw rows they stand for. Rewritten from the raw rows in every transaction that touches them.
CREATE TABLE airq_hourly (
  installation_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  type_ordinal smallint NOT NULL,
  sum float8 NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (installation_id, hour, type_ordinal)
);

-- Every committed change, in commit order (writers hold one lock, so ids follow commits):
-- a row with an installation id for its samples (oldest_ms: its oldest sample touched), a row
-- without one for a change of the installation set. Other processes poll it to know what to
-- forget.
CREATE TABLE airq_changes (
  change_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  installation_id bigint,
  oldest_ms bigint
);

-- Epoch milliseconds to timestamptz without passing through float8 seconds: whole days plus
-- the milliseconds of the day, added to a timestamp without zone, so the result is exact to
-- the millisecond and independent of the session's time zone.
CREATE FUNCTION airq_at(ms bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (timestamp '1970-01-01 00:00:00'
  + make_interval(days => (ms / 86400000)::integer, secs => (ms % 86400000)::float8 / 1000))
  AT TIME ZONE 'UTC';

-- The start of the UTC hour of a time: date_bin with an explicit origin, never a local zone.
CREATE FUNCTION airq_hour(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN date_bin(interval '1 hour', at, timestamptz '1970-01-01 00:00:00+00');

-- Creates the month partition [from_ms, till_ms) of airq_samples under the given name when it
-- does not exist. Serialised by the writers' lock, so two processes never race on it.
CREATE FUNCTION airq_ensure_partition(name text, from_ms bigint, till_ms bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1634300529);
  EXECUTE format(
    'CREATE TABLE IF NOT EXISTS %I PARTITION OF airq_samples FOR VALUES FROM (%L) TO (%L)',
    name, airq_at(from_ms), airq_at(till_ms));
END
$$;
`;

/**
 * Every migration of the store, oldest first. Frozen: a released migration never changes.
 *
 * @example
 * MIGRATIONS.at(-1)?.version; // the schema version a new database ends at
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  Object.freeze({ version: 1, name: 'initial schema', sql: INITIAL_SCHEMA }),
]);

/** The advisory lock every writer of the store holds until it commits ('airq' in ASCII). */
export const WRITER_LOCK_KEY = 1634300529;
