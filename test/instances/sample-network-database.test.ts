// `npm start -- --database … --sample-network`: the embedded network's 48 hours of history go
// into PostgreSQL in one transaction, the instance serves what the database holds, and the
// live producer writes its new samples there.
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
import { installation } from '../helpers/store-fixtures.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';

const KEY = 'network-key';
const binaries = postgresBinaries();
const HOUR_MS = 3_600_000;

function options(argv: string[]): ServeOptions {
  const command = parseCliArgs(['--port', '0', '--quiet', '--keys', KEY, ...argv], {});
  if (command.kind !== 'serve') throw new Error(`bad test flags: ${JSON.stringify(command)}`);
  return command.options;
}

async function get(running: RunningServer, path: string) {
  const response = await fetch(`${running.url}${path}`, { headers: { apikey: KEY } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('--database with --sample-network', () => {
  let server: PostgresServer;
  let admin: pg.Client;
  let running: RunningServer | undefined;

  beforeAll(async () => {
    if (!binaries.available) return;
    server = await startPostgres(binaries.path);
    admin = await server.connectClient();
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await admin?.end();
    await server?.stop();
  }, 60_000);

  it('writes the network into the database, serves it from there, and produces there', async () => {
    const startedMs = Date.now();
    running = await startServer(
      options(['--database', server.connectionString, '--sample-network']),
      // Every half second instead of every 30 s, so that the test sees the producer soon.
      { produceIntervalMs: 500 },
    );
    expect(running.description).toMatch(
      /^the sample network, written into the database \(PostgreSQL, \d+ active installations\)$/,
    );
    const held = await admin.query(
      `SELECT count(*)::float8 AS samples, (extract(epoch FROM min(at)) * 1000)::float8 AS oldest_ms,
              (SELECT count(*)::float8 FROM airq_installations) AS installations
       FROM airq_samples`,
    );
    const { samples, oldest_ms: oldestMs, installations } = held.rows[0];
    // 48 hours of every site, minute to hourly readings: about a million samples.
    expect(samples).toBeGreaterThan(500_000);
    expect(oldestMs).toBeLessThan(startedMs - 47 * HOUR_MS);
    expect(installations).toBeGreaterThan(100);

    // Served from the database: the payload of the network's centre, and an installation that
    // another process writes there now.
    const point = running.examplePoint!;
    const payload = await get(
      running,
      `/v2/measurements/point?lat=${point.latitude}&lng=${point.longitude}`,
    );
    expect(payload.status).toBe(200);
    expect((payload.body.current as { values: unknown[] }).values.length).toBeGreaterThan(0);
    const other = await PostgresStore.connect({ connectionString: server.connectionString });
    try {
      await other.putInstallations([
        installation(987_654, { location: { latitude: 50.1, longitude: 19.9 } }),
      ]);
    } finally {
      await other.close();
    }
    expect((await get(running, '/v2/installations/987654')).status).toBe(200);

    // The producer's next samples land in the database, each write with its change row.
    const newest = async () =>
      (
        await admin.query(
          `SELECT coalesce(max(change_id), 0)::float8 AS id FROM airq_changes
           WHERE installation_id IS NOT NULL`,
        )
      ).rows[0].id as number;
    const before = await newest();
    const untilMs = Date.now() + 60_000;
    while ((await newest()) === before && Date.now() < untilMs) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await newest()).toBeGreaterThan(before);
    const latest = await admin.query(
      `SELECT (extract(epoch FROM max(at)) * 1000)::float8 AS ms FROM airq_samples`,
    );
    expect(latest.rows[0].ms).toBeGreaterThan(startedMs);
  }, 300_000);
});
