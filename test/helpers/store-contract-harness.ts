// The stores that the one contract suite (test/store/measurement-store-contract.test.ts) runs
// against. Each entry builds fresh empty stores and can count the samples a store holds; the
// PostgreSQL entry starts its own throwaway server, or is skipped (or fails, in CI) without it.
import type pg from 'pg';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { IngestOptions, IngestReport, Sample } from '../../src/store/ingest-report.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import {
  emptyStoreTables,
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from './postgres-server.js';
import { serverSuitesRun } from './throwaway-server.js';

/** What the contract uses of a store: the port plus the two ways of writing to it. */
export interface ContractStore extends MeasurementStore {
  putInstallations(
    installations: readonly StoredInstallation[],
    samples?: readonly Sample[],
  ): void | Promise<void>;
  ingest(samples: readonly Sample[], options?: IngestOptions): IngestReport | Promise<IngestReport>;
}

/** One store implementation under the contract. */
export interface StoreUnderTest {
  /** The class name, as the store's error messages spell it. */
  readonly name: 'InMemoryStore' | 'PostgresStore';
  /** False when the store's server is not installed (the suite is skipped). */
  readonly runs: boolean;
  /** `numRuns` of the contract's properties (see each entry for why). */
  readonly propertyRuns: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A new store with no installation and no sample. */
  create(): Promise<ContractStore>;
  /**
   * The store for one run of a property, holding no sample and no installation: a new one
   * where that is cheap (in memory), else one shared by every run of the file and emptied
   * first (a PostgreSQL schema costs a migration, a few deletions do not); runs use new
   * installation ids, so a store's copies never mix two runs.
   */
  propertyStore(): Promise<ContractStore>;
  /** Samples the store holds in all. */
  samplesHeld(store: ContractStore): Promise<number>;
}

const inMemory: StoreUnderTest = {
  name: 'InMemoryStore',
  runs: true,
  propertyRuns: 1000,
  start: async () => undefined,
  stop: async () => undefined,
  create: async () => new InMemoryStore([]),
  propertyStore: async () => new InMemoryStore([]),
  samplesHeld: async (store) => (store as InMemoryStore).sampleCount,
};

/** The PostgreSQL entry: one server per test file, one schema per store. */
function postgres(): StoreUnderTest {
  const binaries = postgresBinaries();
  const runs = serverSuitesRun('PostgreSQL', binaries);
  let server: PostgresServer | undefined;
  let client: pg.Client | undefined;
  const stores: PostgresStore[] = [];
  const schemaOf = new Map<ContractStore, string>();
  let shared: Promise<ContractStore> | undefined;
  return {
    name: 'PostgresStore',
    runs,
    // Each run starts from an emptied store, so its cost does not grow with the runs before.
    // AIRQ_PG_PROPERTY_RUNS sets another count (e.g. fewer while working on the store).
    propertyRuns: Number(process.env.AIRQ_PG_PROPERTY_RUNS ?? 1000),
    async start() {
      if (!binaries.available) return;
      server = await startPostgres(binaries.path);
      client = await server.connectClient();
    },
    async stop() {
      await Promise.all(stores.map((store) => store.close()));
      await client?.end();
      await server?.stop();
    },
    async create() {
      if (server === undefined) throw new Error('PostgreSQL server not started');
      const schema = await server.createSchema('contract');
      const store = await PostgresStore.connect({
        connectionString: server.connectionString,
        schema,
        // The whole suite shares two cores with other work; the deadline is not under test here.
        deadlineMs: 20_000,
      });
      stores.push(store);
      schemaOf.set(store, schema);
      return store;
    },
    async propertyStore() {
      shared ??= this.create();
      const store = await shared;
      await emptyStoreTables(client!, schemaOf.get(store)!);
      return store;
    },
    async samplesHeld(store) {
      const result = await client!.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM ${schemaOf.get(store)}.airq_samples`,
      );
      return result.rows[0]!.n;
    },
  };
}

/** Every store the contract suite runs against. */
export function storesUnderTest(): StoreUnderTest[] {
  return [inMemory, postgres()];
}

/**
 * Runs `write` and returns what it threw (synchronously or as a rejection), or `undefined`:
 * the in-memory store throws where the PostgreSQL store rejects.
 */
export async function thrownBy(write: () => unknown): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  return undefined;
}
