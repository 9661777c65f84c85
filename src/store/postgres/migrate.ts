import type { PoolClient } from 'pg';
import { MIGRATIONS, type Migration, WRITER_LOCK_KEY } from './migrations.js';

const CREATE_LEDGER = `
CREATE TABLE IF NOT EXISTS airq_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Brings the schema of the connection's `search_path` up to the newest migration. Each
 * migration runs in its own transaction together with its row in `airq_migrations`, so a
 * failed one leaves nothing behind and the next start retries it. Idempotent: versions already
 * recorded are skipped. Several processes starting at once are serialised by the writers'
 * advisory lock, so each version is applied exactly once.
 *
 * @param client - a connected client, not inside a transaction
 * @param migrations - default {@link MIGRATIONS}
 * @returns the versions applied by this call (empty when the schema was current)
 * @example
 * await migrate(client); // [1] on a new database, [] afterwards
 */
export async function migrate(
  client: PoolClient,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK_KEY]);
    await client.query(CREATE_LEDGER);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  for (const migration of migrations) {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK_KEY]);
      const done = await client.query('SELECT 1 FROM airq_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (done.rowCount === 0) {
        await client.query(migration.sql);
        await client.query('INSERT INTO airq_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        applied.push(migration.version);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return applied;
}
