import pg from 'pg';
import { InstallationRegistry } from '../installation-registry.js';
import { latestChangeId } from './change-feed.js';
import { type PostgresStoreOptions, resolveStoreOptions } from './connect-options.js';
import { readInstallations } from './installation-rows.js';
import { migrate } from './migrate.js';
import { storeCall } from './pg-failures.js';
import { readRetainedFrom, registerReader } from './retention.js';

/** A ready pool and what a new store starts from. */
export interface OpenedPool {
  readonly pool: pg.Pool;
  readonly deadlineMs: number;
  /** `PostgresStoreOptions.retentionMs`, checked; `undefined` for none. */
  readonly retentionMs: number | undefined;
  /** The newest change in the log: the store follows it from there. */
  readonly lastChangeId: number;
  /** The horizon in the database, epoch ms (`-Infinity` before any pruning). */
  readonly retainedFromMs: number;
  /** This process's row among the readers of the change log. */
  readonly readerId: string;
  readonly registry: InstallationRegistry;
}

/**
 * Checks the options, opens the pool, applies the pending migrations, reads the newest change
 * id, the retention horizon and the installations, and registers the process as a reader of
 * the change log, on one connection. Migrations may take longer than a query on a large
 * database, so this gets ten deadlines. The pool is closed again on failure.
 *
 * @throws TypeError / RangeError for a bad option; DependencyUnavailableError when the server
 *   cannot be reached in time
 * @example
 * const { pool, registry } = await openPool({ connectionString: 'postgres://localhost/airq' });
 */
export async function openPool(options: PostgresStoreOptions): Promise<OpenedPool> {
  const { deadlineMs, retentionMs, pool: config } = resolveStoreOptions(options);
  const pool = new pg.Pool(config);
  // An idle connection that the server drops must not crash the process; the next checkout
  // reconnects. The pool listens only while a connection is idle: one checked out (a
  // transaction, a partition drop) that the server drops emits 'error' on the client itself,
  // and its query fails anyway, so every client gets a listener of its own, once.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const setup = async (): Promise<OpenedPool> => {
    const client = await pool.connect();
    try {
      await migrate(client);
      const lastChangeId = await latestChangeId(client);
      const retainedFromMs = await readRetainedFrom(client);
      const readerId = await registerReader(client, lastChangeId);
      const rows = await readInstallations(client);
      const registry = InstallationRegistry.from('PostgresStore.connect', rows);
      return { pool, deadlineMs, retentionMs, lastChangeId, retainedFromMs, readerId, registry };
    } finally {
      client.release();
    }
  };
  try {
    return await storeCall(setup(), deadlineMs * 10);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
