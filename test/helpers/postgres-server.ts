// A throwaway PostgreSQL server from Debian's packages: initdb into a temporary directory,
// started on a free port (as the `postgres` user when running as root), removed afterwards.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
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
  /** A connected client of its own, for the test to inspect the server (end it afterwards). */
  connectClient(): Promise<pg.Client>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
  /** Stops the server but keeps its files, for {@link restart}: a server that is down. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and files. */
  restart(): Promise<void>;
  /** Freezes or thaws every process of the server: a server that hangs. */
  freeze(frozen: boolean): void;
}

let schemaCounter = 0;

/**
 * Makes `dataDirectory` an initialised cluster: a copy of the run's template (made by the first
 * caller, see postgres-template-setup.ts), or `initdb` itself outside vitest's run.
 */
function initialiseDataDirectory(
  binDirectory: string,
  dataDirectory: string,
  user: { uid: number; gid: number } | undefined,
): void {
  const initdb = (target: string) =>
    execFileSync(
      join(binDirectory, 'initdb'),
      ['-D', target, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N'],
      { stdio: 'pipe', ...(user ?? {}) },
    );
  const root = templateRoot();
  if (root === undefined) {
    initdb(dataDirectory);
    return;
  }
  // One template per server version; whoever finds none makes one under a private name and
  // renames it into place, which is atomic: a worker never copies a half-written template.
  const template = join(root, basename(dirname(binDirectory)));
  if (!existsSync(template)) {
    const draft = mkdtempSync(join(root, 'draft-'));
    if (user !== undefined) chownSync(draft, user.uid, user.gid);
    initdb(join(draft, 'data'));
    try {
      renameSync(join(draft, 'data'), template);
    } catch (error) {
      if (!existsSync(template)) throw error;
    }
    rmSync(draft, { recursive: true, force: true });
  }
  // `cp -a` keeps the owner and the 0700 mode that PostgreSQL insists on.
  execFileSync('cp', ['-a', template, dataDirectory], { stdio: 'pipe' });
}

/** The run's template directory, when vitest's global set-up provided one. */
function templateRoot(): string | undefined {
  try {
    return inject('postgresTemplateRoot');
  } catch {
    return undefined; // not inside a vitest test file (a script, a benchmark)
  }
}

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
  initialiseDataDirectory(binDirectory, dataDirectory, user);
  const port = await freePort();
  const args = [
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
  ];
  const connectionString = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const start = async (): Promise<ThrowawayProcess> => {
    // SIGINT is PostgreSQL's fast shutdown: it ends the sessions instead of waiting for them.
    const running = spawnServer(join(binDirectory, 'postgres'), args, directory, {
      user,
      stopSignal: 'SIGINT',
    });
    try {
      await waitUntil(
        async () => {
          const client = new pg.Client({ connectionString });
          await client.connect();
          await client.end();
        },
        20_000,
        running.output,
      );
    } catch (error) {
      await running.stop();
      throw error;
    }
    return running;
  };
  let server: ThrowawayProcess = await start();
  return {
    connectionString,
    port,
    async connectClient() {
      const client = new pg.Client({ connectionString });
      await client.connect();
      return client;
    },
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
    halt: () => server.stop({ keepDirectory: true }),
    async restart() {
      server = await start();
    },
    freeze: (frozen) => server.freeze(frozen),
  };
}

/**
 * Deletes every sample, roll-up row and installation of the store in `schema`, behind the
 * store's back, so that the next property run starts from an empty store at the cost of a
 * few row deletions (a new schema would cost the migrations). The change log is kept: the
 * store only ever reads it past the last change it saw. Stores on the schema must be given
 * new installation ids afterwards (their copies still know the old ones until they refresh).
 *
 * @example
 * await emptyStoreTables(client, schema); // before each run of a property
 */
export async function emptyStoreTables(client: pg.ClientBase, schema: string): Promise<void> {
  await client.query(
    `DELETE FROM ${schema}.airq_samples; DELETE FROM ${schema}.airq_hourly;
     DELETE FROM ${schema}.airq_installations`,
  );
}
