// A throwaway PostgreSQL server from Debian's packages: initdb into a temporary directory,
// started on a free port (as the `postgres` user when running as root), removed afterwards.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  type Availability,
  findBinary,
  freePort,
  serverUser,
  spawnServer,
  type ThrowawayProcess,
  temporaryDirectory,
  waitUntil,
} from './throwaway-server.js';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** Where Debian's `postgresql` package put `initdb` and `postgres` (newest version first). */
export function postgresBinaries(): Availability {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT).sort((a, b) => Number(b) - Number(a))
    : [];
  return findBinary(
    versions.map((version) => join(DEBIAN_ROOT, version, 'bin')),
    'postgresql',
  );
}

/** A running throwaway server. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust authentication. */
  readonly connectionString: string;
  readonly port: number;
  /** A new empty schema (for a store with `schema`), named with `prefix` and a counter. */
  createSchema(prefix?: string): Promise<string>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

let schemaCounter = 0;

/**
 * Starts a server. Settings favour speed over durability (no fsync): the data is thrown away.
 *
 * @param binDirectory - from {@link postgresBinaries}
 */
export async function startPostgres(binDirectory: string): Promise<PostgresServer> {
  const directory = temporaryDirectory('airq-postgres');
  const user = serverUser('postgres');
  if (user !== undefined) chownSync(directory, user.uid, user.gid);
  const dataDirectory = join(directory, 'data');
  execFileSync(
    join(binDirectory, 'initdb'),
    ['-D', dataDirectory, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N'],
    { stdio: 'pipe', ...(user ?? {}) },
  );
  const port = await freePort();
  const server: ThrowawayProcess = spawnServer(
    join(binDirectory, 'postgres'),
    [
      '-D',
      dataDirectory,
      '-p',
      String(port),
      '-k',
      directory,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=100',
    ],
    directory,
    // SIGINT is PostgreSQL's fast shutdown: it ends the sessions instead of waiting for them.
    { user, stopSignal: 'SIGINT' },
  );
  const connectionString = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntil(
      async () => {
        const client = new pg.Client({ connectionString });
        await client.connect();
        await client.end();
      },
      20_000,
      server.output,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    connectionString,
    port,
    async createSchema(prefix = 'test') {
      const name = `${prefix}_${process.pid}_${++schemaCounter}`;
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA ${name}`);
      } finally {
        await client.end();
      }
      return name;
    },
    stop: () => server.stop(),
  };
}
