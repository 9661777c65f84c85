// What only the PostgreSQL store has: migrations, the schema's time handling, partitions, the
// roll-up, several processes on one database. The port's behaviour is in the contract suite;
// outages are in postgres-outages.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMeasurementsService } from '../../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../../src/store/in-memory-store.js';
import { PostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { emptyStoreTables, postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { BASE_MS, validSampleArb, windowArb } from '../../helpers/store-arbitraries.js';
import { hourOf21November, installation } from '../../helpers/store-fixtures.js';
import { sameAverages } from '../../helpers/store-oracle.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const hour9 = hourOf21November(9);

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('PostgresStore on a real server', () => {
  const suite = postgresSuite(binaries);

  async function connect(schema: string): Promise<PostgresStore> {
    return suite.connectStore(schema);
  }

  it('applies its migrations once, however many processes start at the same time', async () => {
    const schema = await suite.server.createSchema('migrate');
    await Promise.all([connect(schema), connect(schema), connect(schema)]);
    await connect(schema);
    const { rows } = await suite.admin.query(`SELECT version FROM ${schema}.airq_migrations`);
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    const tables = await suite.admin.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1`,
      [schema],
    );
    const names =
      'changes follow_leases followed_places hourly installations migrations readers retention samples';
    expect(tables.rows.map((row) => row.tablename)).toEqual(
      names.split(' ').map((name) => `airq_${name}`),
    );
  });

  it('converts epoch milliseconds to timestamptz exactly over the whole accepted range', async () => {
    const schema = await suite.server.createSchema('time');
    await connect(schema);
    const earliest = Date.UTC(-4000, 0, 1);
    const msArb = fc.oneof(
      fc.integer({ min: earliest, max: 8.64e15 }),
      fc.integer({ min: -3_000_000_000_000, max: 5_000_000_000_000 }),
      fc.constantFrom(earliest, 0, -1, 1, 8.64e15, BASE_MS - 1, BASE_MS),
    );
    const values = fc.sample(msArb, { numRuns: 1000, seed: 12 });
    // In another zone on purpose: the conversion must not depend on the session's zone.
    await suite.admin.query(`SET TimeZone = 'Asia/Kathmandu'`);
    const { rows } = await suite.admin.query(
      `SELECT ms::float8 AS ms, (extract(epoch FROM ${schema}.airq_at(ms)) * 1000)::float8 AS back,
              (extract(epoch FROM ${schema}.airq_hour(${schema}.airq_at(ms))) * 1000)::float8 AS hour
       FROM unnest($1::bigint[]) AS ms`,
      [values],
    );
    await suite.admin.query('RESET TimeZone');
    for (const row of rows) {
      expect(row.back).toBe(row.ms);
      // The naive UTC hour: the largest multiple of 3,600,000 ms not after the instant.
      expect(row.hour).toBe(Math.floor(row.ms / 3_600_000) * 3_600_000);
    }
  });

  it('refuses samples before 4001 BC, which timestamptz cannot hold', async () => {
    const store = await connect(await suite.server.createSchema('early'));
    await store.putInstallations([installation(1)]);
    const report = await store.ingest([
      { installationId: 1, name: 'PM10', atMs: -8.64e15, value: 1 },
      { installationId: 1, name: 'PM10', atMs: Date.UTC(-4000, 0, 1), value: 2 },
    ]);
    expect(report.accepted).toBe(1);
    expect(report.rejected.map((entry) => entry.reason)).toEqual([
      'timestamp -271821-04-20T00:00:00.000Z is before the retention horizon -004000-01-01T00:00:00.000Z',
    ]);
  });

  it('keeps samples and their roll-up in day partitions, whole hours as sum and count', async () => {
    const schema = await suite.server.createSchema('parts');
    const store = await connect(schema);
    await store.putInstallations([installation(1)]);
    const december = Date.UTC(2026, 11, 1, 0, 30);
    await store.ingest([
      { installationId: 1, name: 'PM10', atMs: hour9.fromMs + 60_000, value: 10 },
      { installationId: 1, name: 'PM10', atMs: hour9.fromMs + 120_000, value: 20 },
      { installationId: 1, name: 'PM10', atMs: december, value: 7 },
    ]);
    await store.ingest([
      { installationId: 1, name: 'PM10', atMs: hour9.fromMs + 120_000, value: 30 },
    ]);
    const partitions = await suite.admin.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent IN ('${schema}.airq_samples'::regclass, '${schema}.airq_hourly'::regclass)
       ORDER BY 1`,
    );
    expect(partitions.rows.map((row) => row.relname)).toEqual([
      'airq_hourly_2026_11_21',
      'airq_hourly_2026_12_01',
      'airq_samples_2026_11_21',
      'airq_samples_2026_12_01',
    ]);
    const hourly = await suite.admin.query(
      `SELECT (extract(epoch FROM hour) * 1000)::float8 AS hour_ms, type_ordinal, sum, count
       FROM ${schema}.airq_hourly ORDER BY hour`,
    );
    expect(hourly.rows).toEqual([
      { hour_ms: hour9.fromMs, type_ordinal: 2, sum: 40, count: 1 + 1 },
      { hour_ms: Date.UTC(2026, 11, 1), type_ordinal: 2, sum: 7, count: 1 },
    ]);
  });

  it('leaves a stored row with the same value alone and sums again only the hours that changed', async () => {
    const schema = await suite.server.createSchema('same');
    const store = await connect(schema);
    await store.putInstallations([installation(1)]);
    const at = (minutes: number) => hour9.fromMs + minutes * 60_000;
    const first = [
      { installationId: 1, name: 'PM10', atMs: at(1), value: 10 },
      { installationId: 1, name: 'PM10', atMs: at(2), value: -0 },
      { installationId: 1, name: 'PM10', atMs: at(61), value: 1e15 },
      { installationId: 1, name: 'PM10', atMs: at(62), value: 0.1 },
    ];
    expect(await store.ingest(first)).toEqual({ accepted: 4, rejected: [] });
    const versions = async () =>
      (
        await suite.admin.query(
          `SELECT xmin::text AS xmin FROM ${schema}.airq_samples ORDER BY at, type_ordinal`,
        )
      ).rows.map((row) => row.xmin);
    const before = await versions();
    // The same history again, but 1e15 becomes 1 and -0 becomes 0 (another bit pattern).
    await store.ingest([
      first[0]!,
      { ...first[1]!, value: 0 },
      { ...first[2]!, value: 1 },
      first[3]!,
    ]);
    const after = await versions();
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
    expect(after[3]).toBe(before[3]);
    const hourly = await suite.admin.query(
      `SELECT sum, count FROM ${schema}.airq_hourly ORDER BY hour`,
    );
    // Summed again from the raw rows: (1e15 + 0.1) − 1e15 + 1 would give 1.125.
    expect(hourly.rows).toEqual([
      { sum: 10, count: 2 },
      { sum: 1 + 0.1, count: 2 },
    ]);
    expect(await store.windowAverages(1, [{ fromMs: at(60), tillMs: at(120) }])).toEqual([
      { PM10: (1 + 0.1) / 2 },
    ]);
  });

  it('keeps the roll-up equal to the raw rows under concurrent writers', async () => {
    const schema = await suite.server.createSchema('rollup');
    const [a, b] = [await connect(schema), await connect(schema)];
    await a.putInstallations([installation(1), installation(2), installation(3)]);
    await b.refresh();
    const batches = fc.sample(fc.array(validSampleArb([1, 2, 3]), { maxLength: 80 }), {
      numRuns: 40,
      seed: 7,
    });
    await Promise.all(batches.map((batch, i) => (i % 2 === 0 ? a : b).ingest(batch)));
    const mismatches = await suite.admin.query(
      `SELECT h.installation_id FROM ${schema}.airq_hourly h
       FULL JOIN (SELECT installation_id, type_ordinal, ${schema}.airq_hour(at) AS hour,
                         sum(value) AS sum, count(*) AS count
                  FROM ${schema}.airq_samples GROUP BY 1, 2, 3) r
         USING (installation_id, type_ordinal, hour)
       WHERE h.count IS DISTINCT FROM r.count
          OR abs(h.sum - r.sum) > 1e-9 * greatest(1, abs(r.sum))`,
    );
    expect(mismatches.rows).toEqual([]);
  });

  it('shows one process the writes of another after refresh, in the next response', async () => {
    const schema = await suite.server.createSchema('shared');
    const [writer, reader] = [await connect(schema), await connect(schema)];
    await writer.putInstallations([installation(1)]);
    const service = createMeasurementsService({ store: reader });
    const now = hour9.fromMs + 30 * 60_000;
    const first = await service.installationMeasurements(1, { now });
    expect(first.status).toBe('ok');
    const versionBefore = reader.dataVersion(1, hour9.fromMs);
    await writer.ingest([
      { installationId: 1, name: 'PM10', atMs: hour9.fromMs + 10 * 60_000, value: 42 },
      { installationId: 1, name: 'PM10', atMs: hour9.fromMs - 45 * 60_000, value: 12 },
    ]);
    const next = await service.installationMeasurements(1, { now });
    expect(reader.dataVersion(1, hour9.fromMs)).not.toBe(versionBefore);
    if (next.status !== 'ok') throw new Error(`expected ok, got ${next.status}`);
    const pm10 = (values: readonly { name: string; value: number }[]) =>
      values.find((value) => value.name === 'PM10')?.value;
    expect(pm10(next.payload.current.values)).toBe(42);
    expect(pm10(next.payload.history.at(-1)!.values)).toBe(12);

    const version = reader.installationsVersion;
    await writer.putInstallations([installation(1, { successorId: 2 }), installation(2)]);
    expect(await service.installationMeasurements(1, { now })).toEqual({
      status: 'replaced',
      successorId: 2,
    });
    expect(reader.installationsVersion).toBeGreaterThan(version);
  });

  it("gives the in-memory store's window averages within 1e-9 on the same data", async () => {
    // Beside the contract (each store against a naive oracle), the two stores against each
    // other. Runs share one schema, emptied before each, and take new ids.
    const schema = await suite.server.createSchema('equal');
    const store = await connect(schema);
    const location = { latitude: 50.06, longitude: 19.94 };
    let nextId = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(validSampleArb([1, 2]), { maxLength: 60 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(windowArb, { minLength: 1, maxLength: 6 }),
        async (batches, windows) => {
          await emptyStoreTables(suite.admin, schema);
          const ids = [++nextId, ++nextId];
          const installations = ids.map((id) => installation(id, { location }));
          const memory = new InMemoryStore(installations);
          await store.putInstallations(installations);
          for (const batch of batches) {
            const samples = batch.map((sample) => ({
              ...sample,
              installationId: ids[sample.installationId - 1]!,
            }));
            memory.ingest(samples);
            await store.ingest(samples);
          }
          for (const id of ids) {
            const expected = await memory.windowAverages(id, windows);
            const actual = await store.windowAverages(id, windows);
            windows.forEach((_, i) => {
              expect(sameAverages(actual[i]!, expected[i] as Record<string, number>)).toBe(true);
            });
          }
        },
      ),
      { numRuns: Number(process.env.AIRQ_PG_PROPERTY_RUNS ?? 1000) },
    );
  }, 600_000);

  it('rejects bad options naming the option', async () => {
    const connectionString = 'postgres://127.0.0.1:1/x';
    await expect(PostgresStore.connect({ connectionString, schema: 'Bad-Name' })).rejects.toThrow(
      new RangeError(
        'PostgresStore.connect: options.schema must be a lowercase SQL identifier, got "Bad-Name"',
      ),
    );
    await expect(PostgresStore.connect({ connectionString, deadlineMs: 0 })).rejects.toThrow(
      /options.deadlineMs must be a finite number in \[1, 3600000\], got 0/,
    );
    await expect(PostgresStore.connect({ connectionString, poolSize: 1.5 })).rejects.toThrow(
      /options.poolSize must be an integer, got 1.5/,
    );
    await expect(PostgresStore.connect(undefined as never)).rejects.toThrow(TypeError);
  });
});
