// A database written by version 1 of the schema (month partitions, an unpartitioned roll-up)
// upgraded by migration 2: its data is served as before, new days get day partitions while a
// day inside an old month stays in its month, and pruning drops the old partitions once they
// are wholly past the horizon.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/store/postgres/migrate.js';
import { MIGRATIONS } from '../../../src/store/postgres/migrations.js';
import { PostgresStore } from '../../../src/store/postgres/postgres-store.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../../helpers/postgres-server.js';
import { installation } from '../../helpers/store-fixtures.js';
import { NaiveStore, sameAverages } from '../../helpers/store-oracle.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const HOUR = 3_600_000;
const OCTOBER = Date.UTC(2026, 9, 1);
const NOVEMBER = Date.UTC(2026, 10, 1);

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('schema version 1 upgraded', () => {
  let server: PostgresServer;
  let store: PostgresStore | undefined;

  beforeAll(async () => {
    if (!binaries.available) return;
    server = await startPostgres(binaries.path);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  }, 60_000);

  it('serves what version 1 wrote, and drops its partitions once they expire', async () => {
    const schema = await server.createSchema('upgrade');
    const pool = new pg.Pool({
      connectionString: server.connectionString,
      options: `-c search_path=${schema} -c TimeZone=UTC`,
    });
    const client = await pool.connect();
    const oracle = new NaiveStore();
    try {
      // Version 1 as it wrote: a month partition, raw rows and their roll-up, by hand here.
      expect(await migrate(client, MIGRATIONS.slice(0, 1))).toEqual([1]);
      await client.query('INSERT INTO airq_installations (id, body) VALUES (1, $1)', [
        JSON.stringify(installation(1)),
      ]);
      await client.query("SELECT airq_ensure_partition('airq_samples_2026_10', $1, $2)", [
        OCTOBER,
        NOVEMBER,
      ]);
      const old = [0, 1, 2, 24, 25].map((hours, i) => ({
        installationId: 1,
        name: 'PM10',
        atMs: OCTOBER + 20 * 24 * HOUR + hours * HOUR + 10 * 60_000,
        value: 10 + i,
      }));
      for (const sample of old) {
        oracle.add(sample);
        const values = [sample.atMs, sample.value];
        await client.query('INSERT INTO airq_samples VALUES (1, airq_at($1), 2, $2)', values);
        await client.query(
          'INSERT INTO airq_hourly VALUES (1, airq_hour(airq_at($1)), 2, $2, 1)',
          values,
        );
      }
    } finally {
      client.release();
      await pool.end();
    }

    store = await PostgresStore.connect({ connectionString: server.connectionString, schema });
    const windows = [
      { fromMs: OCTOBER, tillMs: NOVEMBER + 10 * 24 * HOUR },
      { fromMs: OCTOBER + 20 * 24 * HOUR, tillMs: OCTOBER + 21 * 24 * HOUR },
      { fromMs: OCTOBER + 20 * 24 * HOUR + 90 * 60_000, tillMs: OCTOBER + 22 * 24 * HOUR },
    ];
    const expectOracle = async () => {
      const actual = await store!.windowAverages(1, windows);
      windows.forEach(({ fromMs, tillMs }, w) => {
        expect(sameAverages(actual[w]!, oracle.averages(1, fromMs, tillMs))).toBe(true);
      });
    };
    await expectOracle();

    // A late sample inside October stays in its month; November gets day partitions.
    const late = { installationId: 1, name: 'PM10', atMs: OCTOBER + 30 * 24 * HOUR, value: 7 };
    const fresh = { installationId: 1, name: 'PM10', atMs: NOVEMBER + 3 * HOUR, value: 9 };
    expect(await store.ingest([late, fresh])).toEqual({ accepted: 2, rejected: [] });
    oracle.add(late);
    oracle.add(fresh);
    await expectOracle();
    const admin = await server.connectClient();
    try {
      const partitions = async () =>
        (
          await admin.query(
            `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent IN ('${schema}.airq_samples'::regclass, '${schema}.airq_hourly'::regclass)
             ORDER BY 1`,
          )
        ).rows.map((row) => row.name);
      // The old roll-up covers every hour up to the day after its last one (22 October).
      expect(await partitions()).toEqual([
        'airq_hourly_2026_10_31',
        'airq_hourly_2026_11_01',
        'airq_hourly_v1',
        'airq_samples_2026_10',
        'airq_samples_2026_11_01',
      ]);
      const pruned = await store.pruneBefore(NOVEMBER);
      expect([...pruned.droppedPartitions].sort()).toEqual([
        'airq_hourly_2026_10_31',
        'airq_hourly_v1',
        'airq_samples_2026_10',
      ]);
      expect(await partitions()).toEqual(['airq_hourly_2026_11_01', 'airq_samples_2026_11_01']);
    } finally {
      await admin.end();
    }
    oracle.pruneBefore(NOVEMBER);
    await expectOracle();
  }, 120_000);
});
