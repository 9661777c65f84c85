// A PostgreSQL server that is unreachable, down or hung: every call of the store settles
// within its deadline with DependencyUnavailableError, and the same store works again once
// the server is back, without a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../../src/model/dependency-unavailable.js';
import { PostgresStore } from '../../../src/store/postgres/postgres-store.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../../helpers/postgres-server.js';
import { hourOf21November, installation } from '../../helpers/store-fixtures.js';
import { freePort, serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const hour9 = hourOf21November(9);
const DEADLINE_MS = 1000;
// What "within the deadline" allows for timers and a busy machine; no timing is asserted
// beyond it.
const SLACK_MS = 1500;

/** What `work` settled with, and after how long. */
async function settle(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await work();
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

function expectUnavailable(outcome: { error: unknown; ms: number }): void {
  expect(outcome.error).toBeInstanceOf(DependencyUnavailableError);
  expect((outcome.error as DependencyUnavailableError).dependency).toBe('store');
  expect(outcome.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('PostgresStore outages', () => {
  let server: PostgresServer;
  let store: PostgresStore;
  const sample = { installationId: 1, name: 'PM10', atMs: hour9.fromMs + 60_000, value: 40 };

  beforeAll(async () => {
    if (!binaries.available) return;
    server = await startPostgres(binaries.path);
    store = await PostgresStore.connect({
      connectionString: server.connectionString,
      schema: await server.createSchema('outage'),
      deadlineMs: DEADLINE_MS,
    });
    await store.putInstallations([installation(1)], [sample]);
  }, 60_000);
  afterAll(async () => {
    server?.freeze(false);
    await store?.close().catch(() => undefined);
    await server?.stop();
  }, 60_000);

  it('cannot connect to a port where nothing listens', async () => {
    const port = await freePort();
    expectUnavailable(
      await settle(() =>
        PostgresStore.connect({
          connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
          deadlineMs: DEADLINE_MS,
        }),
      ),
    );
  });

  it('answers within the deadline while the server is down, and serves again after', async () => {
    expect(await store.windowAverages(1, [hour9])).toEqual([{ PM10: 40 }]);
    await server.halt();
    expectUnavailable(await settle(() => store.windowAverages(1, [hour9])));
    expectUnavailable(await settle(() => store.ingest([sample])));
    expectUnavailable(await settle(() => store.refresh()));
    await server.restart();
    expect(await store.windowAverages(1, [hour9])).toEqual([{ PM10: 40 }]);
    expect(await store.ingest([{ ...sample, value: 50 }])).toEqual({ accepted: 1, rejected: [] });
    expect(await store.windowAverages(1, [hour9])).toEqual([{ PM10: 50 }]);
  }, 60_000);

  it('answers within the deadline while the server hangs, and serves again after', async () => {
    await store.refresh();
    server.freeze(true);
    try {
      // The refresh just before found the data unchanged: the moving hour is answered once
      // from this process's copy of the recent samples, without the server.
      expect(await store.windowAverages(1, [hour9])).toEqual([{ PM10: 50 }]);
      expectUnavailable(await settle(() => store.windowAverages(1, [hour9])));
      expectUnavailable(await settle(() => store.refresh()));
      expectUnavailable(await settle(() => store.putInstallations([installation(2)])));
    } finally {
      server.freeze(false);
    }
    // The put above rolled back or never reached the server: installation 2 does not exist.
    await store.refresh();
    expect(await store.findInstallation(2)).toEqual({ status: 'missing' });
    expect(await store.windowAverages(1, [hour9])).toEqual([{ PM10: 50 }]);
  }, 60_000);
});
