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

// Retention (issue 31). Samples and their roll-up are partitioned by UTC day from here on, so
// that what falls out of the retention horizon goes by whole partitions (detached
// concurrently, then dropped: no row is deleted, nothing waits for vacuum, and neither readers
// nor writers wait for a lock). Month partitions of version 1 stay until they are wholly past
// the horizon; reads stop at the horizon whatever is still stored (airq_retention).
const BOUNDED_STORAGE = `
-- One row: samples before retained_from are neither served nor accepted (it only moves
-- forward); change ids up to trimmed_change_id may be gone from airq_changes, so a process
-- that had not read them must forget everything it knows.
CREATE TABLE airq_retention (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  retained_from timestamptz NOT NULL DEFAULT '-infinity',
  trimmed_change_id bigint NOT NULL DEFAULT 0
);
INSERT INTO airq_retention DEFAULT VALUES;

-- The processes that follow the change log, each with the newest change it had seen when it
-- last reported (seen_at, the server's clock): the log keeps what the slowest live one needs.
CREATE TABLE airq_readers (
  reader_id uuid PRIMARY KEY,
  last_change_id bigint NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);

-- The roll-up, partitioned by day like the samples. The rows of version 1 become one partition
-- of every hour before the day after the last of them (none when there were no rows).
ALTER TABLE airq_hourly RENAME TO airq_hourly_v1;
ALTER INDEX airq_hourly_pkey RENAME TO airq_hourly_v1_pkey;
CREATE TABLE airq_hourly (
  installation_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  type_ordinal smallint NOT NULL,
  sum float8 NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (installation_id, hour, type_ordinal)
) PARTITION BY RANGE (hour);
DO $$
DECLARE
  last_hour timestamptz := (SELECT max(hour) FROM airq_hourly_v1);
BEGIN
  IF last_hour IS NULL THEN
    DROP TABLE airq_hourly_v1;
  ELSE
    EXECUTE format(
      'ALTER TABLE airq_hourly ATTACH PARTITION airq_hourly_v1 FOR VALUES FROM (MINVALUE) TO (%L)',
      date_bin(interval '1 day', last_hour, timestamptz '1970-01-01 00:00:00+00') + interval '1 day');
  END IF;
END
$$;

-- Creates the partitions of one UTC day [from_ms, till_ms) of airq_samples and airq_hourly,
-- named airq_samples_<day> and airq_hourly_<day>, when they do not exist: a table of the
-- parent's shape, then attached. ATTACH takes a SHARE UPDATE EXCLUSIVE lock on the parent,
-- which lets queries and other writes go on; CREATE TABLE … PARTITION OF would take an ACCESS
-- EXCLUSIVE one and stop every query of the table until the writer commits. A day that an
-- older, wider partition covers (a month of version 1) stays in it: the overlap is not an
-- error. Serialised by the writers' lock, so two processes never race on it.
CREATE FUNCTION airq_ensure_day(day text, from_ms bigint, till_ms bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  parent text;
BEGIN
  PERFORM pg_advisory_xact_lock(1634300529);
  FOREACH parent IN ARRAY ARRAY['airq_samples', 'airq_hourly'] LOOP
    CONTINUE WHEN to_regclass(parent || '_' || day) IS NOT NULL;
    BEGIN
      EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING ALL)', parent || '_' || day, parent);
      EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
        parent, parent || '_' || day, airq_at(from_ms), airq_at(till_ms));
    EXCEPTION WHEN invalid_object_definition THEN
      NULL; -- "would overlap partition …": that partition holds the day (the table goes too)
    END;
  END LOOP;
END
$$;
`;

// Followed open-data sources (issue 38). A place of a source (its own id, and k for the k-th
// coordinates it was seen at) gets an installation once, kept here, so every process and every
// restart gives it the same id; the unique constraints make a second id for a place, a second
// place at the same coordinates or a second place for an id impossible even if two writers
// raced. Coordinates are kept beside the installation's body (where they also are) for the
// constraint. One lease row per source says which process polls it, until when (the server's
// clock, so the processes' clocks never matter).
const FOLLOWED_SOURCES = `
CREATE TABLE airq_followed_places (
  source text NOT NULL,
  source_id bigint NOT NULL CHECK (source_id > 0),
  k integer NOT NULL CHECK (k >= 0),
  latitude float8 NOT NULL,
  longitude float8 NOT NULL,
  installation_id bigint NOT NULL UNIQUE,
  PRIMARY KEY (source, source_id, k),
  UNIQUE (source, source_id, latitude, longitude)
);

CREATE TABLE airq_follow_leases (
  source text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
`;

/**
 * Every migration of the store, oldest first. Frozen: a released migration never changes.
 *
 * @example
 * MIGRATIONS.at(-1)?.version; // the schema version a new database ends at
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  Object.freeze({ version: 1, name: 'initial schema', sql: INITIAL_SCHEMA }),
  Object.freeze({ version: 2, name: 'bounded storage', sql: BOUNDED_STORAGE }),
  Object.freeze({ version: 3, name: 'followed sources', sql: FOLLOWED_SOURCES }),
]);

/** The advisory lock every writer of the store holds until it commits ('airq' in ASCII). */
export const WRITER_LOCK_KEY = 1634300529;

/**
 * The session advisory lock of the process that drops expired partitions ('airq' + 1): one at
 * a time, since a table can have only one partition pending a concurrent detach.
 */
export const PARTITION_DROP_LOCK_KEY = 1634300530;
