// One throwaway PostgreSQL server for a describe block of store tests: started before its tests,
// with an admin client to inspect the tables and every store the tests connect closed afterwards.
// The suites that need only this shape share it; those that stop, freeze or restart their server
// (outages, upgrades) keep their own hooks.
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { PostgresStoreOptions } from '../../src/store/postgres/connect-options.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { type PostgresServer, startPostgres } from './postgres-server.js';
import type { Availability } from './throwaway-server.js';

/** The server of a suite, its admin client, and a way to connect stores that it closes. */
export interface PostgresSuite {
  /** The running server (read inside tests and hooks, after `beforeAll`). */
  readonly server: PostgresServer;
  /** A client of the server for the test's own queries. */
  readonly admin: pg.Client;
  /**
   * A store on `schema` with a deadline of 20 s (a loaded CI machine is slow), `options` added;
   * closed when the suite ends.
   */
  connectStore(
    schema: string,
    options?: Omit<PostgresStoreOptions, 'connectionString' | 'schema'>,
  ): Promise<PostgresStore>;
}

/**
 * Registers the `beforeAll`/`afterAll` hooks of one server in the calling describe block.
 *
 * @param binaries - from `postgresBinaries()`; nothing starts when they are missing (the suite
 *   is skipped by `serverSuitesRun` then)
 * @example
 * describe.runIf(serverSuitesRun('PostgreSQL', binaries))('…', () => {
 *   const suite = postgresSuite(binaries);
 *   it('…', async () => {
 *     const store = await suite.connectStore(await suite.server.createSchema('x'));
 *   });
 * });
 */
export function postgresSuite(binaries: Availability): PostgresSuite {
  let server: PostgresServer | undefined;
  let admin: pg.Client | undefined;
  const stores: PostgresStore[] = [];

  beforeAll(async () => {
    if (!binaries.available) return;
    server = await startPostgres(binaries.path);
    admin = await server.connectClient();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close().catch(() => undefined)));
    await admin?.end();
    await server?.stop();
  }, 60_000);

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('postgresSuite: the server has not started');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get admin() {
      return started(admin);
    },
    async connectStore(schema, options = {}) {
      const connectionString = started(server).connectionString;
      const store = await PostgresStore.connect({
        connectionString,
        schema,
        deadlineMs: 20_000,
        ...options,
      });
      stores.push(store);
      return store;
    },
  };
}
