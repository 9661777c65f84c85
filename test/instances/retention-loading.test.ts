// `airq --database … --retention`: files that reach past the horizon load what lies inside
// it and say how many samples were older; while it serves, the instance trims the change log
// on its timer (keeping what a live reader has not read), logs a trim that fails while PostgreSQL is down, and trims again once it is
// back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, type ServeOptions } from '../../src/cli/parse-args.js';
import { type RunningServer, startServer } from '../../src/cli/start-server.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../helpers/postgres-server.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';

const KEY = 'retention-key';
const NOW = '2026-11-21T09:27:00.000Z';
const binaries = postgresBinaries();

function options(argv: string[]): ServeOptions {
  const command = parseCliArgs(['--port', '0', '--keys', KEY, '--now', NOW, ...argv], {});
  if (command.kind !== 'serve') throw new Error(`bad test flags: ${JSON.stringify(command)}`);
  return command.options;
}

/** Calls `probe` every 50 ms until it is true (no time limit but the test's own). */
async function eventually(probe: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('--database with --retention', () => {
  let server: PostgresServer;
  let admin: pg.Client | undefined;
  let directory: string;
  let running: RunningServer | undefined;
  let other: PostgresStore | undefined;

  beforeAll(async () => {
    if (!binaries.available) return;
    server = await startPostgres(binaries.path);
    directory = await mkdtemp(join(tmpdir(), 'airq-retention-'));
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await other?.close();
    await admin?.end().catch(() => undefined);
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  }, 60_000);

  it('loads what lies inside the horizon, trims the change log while serving, and outlives a failed trim', async () => {
    const samplesPath = join(directory, 'samples.csv');
    const csv = [
      'installationId,name,timestamp,value',
      '1001,PM10,2026-11-21T09:05:00Z,40',
      '1001,PM10,2026-11-20T09:26:59.999Z,99',
      '1001,PM10,2026-11-18T12:00:00Z,99',
    ];
    await writeFile(samplesPath, `${csv.join('\n')}\n`);
    const lines: string[] = [];
    const errors: string[] = [];
    const logger = { info: () => {}, error: (message: string) => errors.push(message) };
    const installations = 'test/fixtures/store-installations.json';
    const flags = ['--installations', installations, '--samples', samplesPath];
    running = await startServer(
      options(['--database', server.connectionString, ...flags, '--retention', '1d']),
      { report: (line) => lines.push(line), logger, pruneIntervalMs: 100 },
    );
    expect(lines).toEqual([
      '2 samples were older than the retention horizon 2026-11-20T09:27:00.000Z (--retention) and not written into the database',
    ]);
    admin = await server.connectClient();
    const held = await admin.query(
      `SELECT (SELECT count(*) FROM airq_samples)::integer AS samples,
              (SELECT retained_from FROM airq_retention) AS retained_from`,
    );
    expect(held.rows[0]).toEqual({ samples: 1, retained_from: new Date('2026-11-20T09:27:00Z') });
    const current = async () => {
      const response = await fetch(
        `${running!.url}/v2/measurements/installation?installationId=1001`,
        {
          headers: { apikey: KEY },
        },
      );
      return (await response.json()).current.values;
    };
    expect(await current()).toEqual([{ name: 'PM10', value: 40 }]);

    // Another process writes. A third that reads nothing holds the entry: the instance's
    // timer, which reads it and trims, deletes it only once that reader has gone. Every
    // trim records the reader's position in the transaction that deletes, so a row past the
    // entry means that reader's trim has run.
    other = await PostgresStore.connect({ connectionString: server.connectionString });
    const changes = async () =>
      (await admin!.query('SELECT count(*)::integer AS n FROM airq_changes')).rows[0].n as number;
    const readersPast = async (changeId: number) =>
      (
        await admin!.query(
          'SELECT count(*)::integer AS n FROM airq_readers WHERE last_change_id >= $1',
          [changeId],
        )
      ).rows[0].n as number;
    const write = async (minute: number) => {
      const laggard = await PostgresStore.connect({ connectionString: server.connectionString });
      try {
        const atMs = Date.parse('2026-11-21T09:00:00Z') + minute * 60_000;
        await other!.ingest([{ installationId: 1001, name: 'PM10', atMs, value: 40 }]);
        const newest = await admin!.query('SELECT max(change_id)::integer AS id FROM airq_changes');
        const changeId = newest.rows[0].id as number;
        await other!.trimChangeLog();
        await current();
        // The writer and the instance have read it and trimmed; the laggard has not.
        await eventually(async () => (await readersPast(changeId)) === 2);
        expect(await changes()).toBeGreaterThan(0);
      } finally {
        await laggard.close();
      }
      await eventually(async () => (await changes()) === 0);
    };
    await write(10);

    // While PostgreSQL is down, every trim fails and is logged; the server keeps serving the
    // routes that need no data, and trims again once the database is back.
    await admin.end();
    admin = undefined;
    await server.halt();
    try {
      await eventually(() =>
        errors.includes('retention: not applied, tried again at the next interval'),
      );
      const meta = await fetch(`${running.url}/v2/meta/indexes`, { headers: { apikey: KEY } });
      expect(meta.status).toBe(200);
    } finally {
      await server.restart();
    }
    admin = await server.connectClient();
    await eventually(
      async () =>
        (await fetch(`${running!.url}/v2/installations/1001`, { headers: { apikey: KEY } }))
          .status === 200,
    );
    await write(20);
  }, 120_000);
});
