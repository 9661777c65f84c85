// The PostgreSQL of `npm run bench:shared-load`: the test suite's throwaway server
// (test/helpers/postgres-server.ts: Debian's binaries, a temporary directory, a free port,
// fsync off), with what the bench needs besides: its version, the postmaster's process id (for
// its CPU time in /proc: every backend is a child of it) and a `VACUUM (ANALYZE)` after the load.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../../test/helpers/postgres-server.js';
import { ownChildren } from './process-cpu.js';

/** A running throwaway server. */
export interface BenchPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly connectionString: string;
  /** `postgres --version`, e.g. `postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)`. */
  readonly version: string;
  readonly postmasterPid: number;
  /** `VACUUM (ANALYZE)` of the whole database; resolves with its wall time, ms. */
  vacuumAnalyze(): Promise<number>;
  /**
   * What PostgreSQL did on its own since `sinceMs` (epoch ms): each autovacuum or autoanalyze
   * whose last run began after it (table and time), and the checkpoints so far.
   */
  maintenanceSince(sinceMs: number): Promise<Maintenance>;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

/** Background work of the server, to tell its stalls from airq's. */
export interface Maintenance {
  /** e.g. `autovacuum airq_changes 10:52:31.4`. */
  readonly runs: readonly string[];
  /** Checkpoints since the server started (timed and requested). */
  readonly checkpoints: number;
}

/**
 * Starts the server, or throws naming the Debian package to install.
 *
 * @example
 * const postgres = await startBenchPostgres();
 * try { … } finally { await postgres.stop(); }
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const binaries = postgresBinaries();
  if (!binaries.available) {
    throw new Error(
      `bench-shared-load: needs PostgreSQL: install the Debian package "${binaries.missingPackage}"`,
    );
  }
  const version = execFileSync(join(binaries.path, 'postgres'), ['--version'], {
    encoding: 'utf8',
  }).trim();
  const before = new Set(ownChildren('postgres'));
  const server = await startPostgres(binaries.path);
  const postmasterPid = ownChildren('postgres').find((pid) => !before.has(pid));
  if (postmasterPid === undefined) {
    await server.stop();
    throw new Error("bench-shared-load: no postmaster among this process's children");
  }
  return {
    connectionString: server.connectionString,
    version,
    postmasterPid,
    vacuumAnalyze: () => vacuumAnalyze(server),
    maintenanceSince: (sinceMs) => maintenanceSince(server, sinceMs),
    stop: () => server.stop(),
  };
}

// A database that has been running for a while was vacuumed and analysed by autovacuum long
// ago; right after a load of 480,000 rows autovacuum would do it during the measured phases.
async function vacuumAnalyze(server: PostgresServer): Promise<number> {
  const startedMs = performance.now();
  const client = await server.connectClient();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
  return performance.now() - startedMs;
}

async function maintenanceSince(server: PostgresServer, sinceMs: number): Promise<Maintenance> {
  const client = await server.connectClient();
  try {
    const since = new Date(sinceMs);
    const tables = await client.query<{ relname: string; kind: string; at: Date }>(
      `SELECT relname, 'autovacuum' AS kind, last_autovacuum AS at FROM pg_stat_user_tables
         WHERE last_autovacuum >= $1
       UNION ALL
       SELECT relname, 'autoanalyze', last_autoanalyze FROM pg_stat_user_tables
         WHERE last_autoanalyze >= $1
       ORDER BY at`,
      [since],
    );
    const checkpoints = await client.query<{ count: string }>(
      'SELECT checkpoints_timed + checkpoints_req AS count FROM pg_stat_bgwriter',
    );
    return {
      runs: tables.rows.map(
        (row) => `${row.kind} ${row.relname} ${row.at.toISOString().slice(11, 21)}`,
      ),
      checkpoints: Number(checkpoints.rows[0]?.count ?? 0),
    };
  } finally {
    await client.end();
  }
}
