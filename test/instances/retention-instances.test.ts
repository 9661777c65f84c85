// Several PostgresStore instances on one database through a trim: answers inside the horizon
// stay what they were, every instance's caches drop what the trim removed, an instance that
// was away while the change log was trimmed past it forgets everything instead of missing a
// change, and dropping partitions lets ingests and queries go on.
import { describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../src/model/dependency-unavailable.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { postgresBinaries } from '../helpers/postgres-server.js';
import { postgresSuite } from '../helpers/postgres-suite.js';
import { installation } from '../helpers/store-fixtures.js';
import { NaiveStore, sameAverages } from '../helpers/store-oracle.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const [MINUTE, HOUR, DAY] = [60_000, 3_600_000, 86_400_000];
const NOW_MS = Date.UTC(2026, 10, 21, 9, 30);
const IDS = [1, 2];

/** PM10 every 10 minutes over [fromMs, tillMs), one value per installation and hour. */
function samplesIn(fromMs: number, tillMs: number) {
  const samples = [];
  for (let atMs = fromMs; atMs < tillMs; atMs += 10 * MINUTE) {
    for (const installationId of IDS) {
      const value = (Math.floor(atMs / HOUR) % 50) + installationId;
      samples.push({ installationId, name: 'PM10', atMs, value });
    }
  }
  return samples;
}

/** The PM10 of each history hour, `undefined` where the hour has none. */
function historyPm10(result: Awaited<ReturnType<typeof measurements>>) {
  if (result.status !== 'ok') throw new Error(`expected ok, got ${result.status}`);
  return result.payload.history.map((hour) => ({
    fromMs: Date.parse(hour.fromDateTime),
    pm10: hour.values.find((value) => value.name === 'PM10')?.value,
  }));
}

function measurements(store: PostgresStore, id: number) {
  return createMeasurementsService({ store }).installationMeasurements(id, { now: NOW_MS });
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('instances through a trim', () => {
  const suite = postgresSuite(binaries);

  async function connect(schema: string, options: { retentionMs?: number; deadlineMs?: number }) {
    return suite.connectStore(schema, options);
  }

  /** A schema holding three days of samples up to NOW_MS, and the oracle of them. */
  async function seeded(prefix: string) {
    const schema = await suite.server.createSchema(prefix);
    const writer = await connect(schema, { retentionMs: 12 * HOUR });
    const samples = samplesIn(NOW_MS - 3 * DAY, NOW_MS);
    await writer.putInstallations(
      IDS.map((id) => installation(id)),
      samples,
    );
    const oracle = new NaiveStore();
    for (const sample of samples) oracle.add(sample);
    return { schema, writer, oracle };
  }

  async function expectOracle(store: PostgresStore, oracle: NaiveStore) {
    const windows = [];
    for (let fromMs = NOW_MS - 3 * DAY; fromMs < NOW_MS; fromMs += HOUR) {
      windows.push({ fromMs, tillMs: fromMs + HOUR }, { fromMs, tillMs: fromMs + 7 * HOUR });
    }
    for (const id of IDS) {
      const actual = await store.windowAverages(id, windows);
      windows.forEach(({ fromMs, tillMs }, w) => {
        expect(sameAverages(actual[w]!, oracle.averages(id, fromMs, tillMs))).toBe(true);
      });
    }
  }

  it('keeps every answer inside the horizon and drops what the trim removed from every cache', async () => {
    const { schema, writer, oracle } = await seeded('instances');
    const [a, b] = [await connect(schema, {}), await connect(schema, {})];
    const before = historyPm10(await measurements(a, 1));
    expect(before.every((hour) => hour.pm10 !== undefined)).toBe(true);
    const versions = [a, b].map((store) => store.dataVersion(1, NOW_MS));

    const horizonMs = NOW_MS - 12 * HOUR;
    const pruned = await writer.pruneExpired(NOW_MS);
    expect(pruned.retainedFromMs).toBe(horizonMs);
    // The days wholly before 20 November 21:30 went, in both tables.
    expect([...pruned.droppedPartitions].sort()).toEqual([
      'airq_hourly_2026_11_18',
      'airq_hourly_2026_11_19',
      'airq_samples_2026_11_18',
      'airq_samples_2026_11_19',
    ]);
    oracle.pruneBefore(horizonMs);
    // An instance that has not refreshed since refuses what lies before the horizon all the same.
    const late = { installationId: 2, name: 'PM10', atMs: horizonMs - MINUTE, value: 1 };
    const onTime = { ...late, atMs: horizonMs };
    const report = await b.ingest([late, onTime]);
    expect([report.accepted, report.rejected.map((entry) => entry.index)]).toEqual([1, [0]]);
    oracle.add(onTime);
    for (const store of [a, b]) {
      await store.refresh();
      expect(store.retainedFromMs).toBe(horizonMs);
      await expectOracle(store, oracle);
    }
    // Both instances take every installation's data as changed, as in-memory pruning does.
    expect(a.dataVersion(1, NOW_MS)).not.toBe(versions[0]);
    expect(b.dataVersion(1, NOW_MS)).not.toBe(versions[1]);
    const after = historyPm10(await measurements(a, 1));
    after.forEach((hour, i) => {
      if (hour.fromMs + HOUR <= horizonMs) expect(hour.pm10).toBeUndefined();
      else expect(hour).toEqual(before[i]);
    });
    expect(after.some((hour) => hour.pm10 === undefined)).toBe(true);
  }, 120_000);

  it('makes an instance that was away while the log was trimmed past it forget everything', async () => {
    const { schema, writer } = await seeded('away');
    const [present, away] = [await connect(schema, {}), await connect(schema, {})];
    const service = createMeasurementsService({ store: away });
    const first = await service.installationMeasurements(2, { now: NOW_MS });
    const installationsVersion = away.installationsVersion;

    // A late sample in the history; then every reader silent for a day, and the two others
    // report: the log loses the entry that `away` has not read.
    const late = { installationId: 2, name: 'PM10', atMs: NOW_MS - 3 * HOUR + 5 * MINUTE };
    await writer.ingest([{ ...late, value: 1000 }]);
    await suite.admin.query(`UPDATE ${schema}.airq_readers SET seen_at = now() - interval '1 day'`);
    await present.refresh();
    expect(await present.trimChangeLog()).toBeGreaterThan(0);
    await writer.trimChangeLog();
    const log = await suite.admin.query(
      `SELECT (SELECT count(*) FROM ${schema}.airq_changes)::integer AS changes,
              (SELECT count(*) FROM ${schema}.airq_readers)::integer AS readers`,
    );
    expect(log.rows[0]).toEqual({ changes: 0, readers: 2 });

    // The cached payload of `away` would still be `first`; it is what a new process computes.
    const next = await service.installationMeasurements(2, { now: NOW_MS });
    expect(next).toEqual(await measurements(present, 2));
    expect(historyPm10(next)).not.toEqual(historyPm10(first));
    expect(away.installationsVersion).toBeGreaterThan(installationsVersion);
    // And it follows the log again from there.
    await writer.ingest([{ ...late, atMs: late.atMs + MINUTE, value: 2000 }]);
    expect(await service.installationMeasurements(2, { now: NOW_MS })).toEqual(
      await measurements(present, 2),
    );
  }, 120_000);

  /** Holds a snapshot of both partitioned tables open, as a long query would, until released. */
  async function longReader(schema: string) {
    const holder = await suite.server.connectClient();
    await holder.query('BEGIN');
    await holder.query(
      `SELECT (SELECT count(*) FROM ${schema}.airq_samples) + (SELECT count(*) FROM ${schema}.airq_hourly)`,
    );
    return async () => {
      await holder.query('COMMIT');
      await holder.end();
    };
  }

  it('drops partitions while ingests and queries go on, and finishes a detach cut short', async () => {
    const { schema, writer, oracle } = await seeded('drops');
    const reader = await connect(schema, {});
    // The trimmer waits longer than the others: had the drop blocked them, they would fail.
    const trimmer = await connect(schema, { deadlineMs: 40_000 });
    const release = await longReader(schema);
    const trim = trimmer.pruneBefore(Date.UTC(2026, 10, 19));
    // Until the trimmer's first statement on a partition waits for the long reader.
    const detaching = `SELECT count(*)::integer AS n FROM pg_stat_activity
      WHERE query ~ '^(ALTER TABLE .* DETACH PARTITION|DROP TABLE)' AND state = 'active'`;
    while ((await suite.admin.query(detaching)).rows[0].n === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sample = { installationId: 1, name: 'PM10', atMs: NOW_MS - 7 * MINUTE, value: 3 };
    expect(await writer.ingest([sample])).toEqual({ accepted: 1, rejected: [] });
    oracle.add(sample);
    oracle.pruneBefore(Date.UTC(2026, 10, 19));
    await reader.refresh();
    await expectOracle(reader, oracle);
    await release();
    expect((await trim).droppedPartitions).toEqual([
      'airq_hourly_2026_11_18',
      'airq_samples_2026_11_18',
    ]);

    // A detach that its deadline cuts short stays pending; the next call finishes it.
    const hurried = await connect(schema, { deadlineMs: 1000 });
    const releaseAgain = await longReader(schema);
    const cut = await hurried.pruneBefore(Date.UTC(2026, 10, 20)).catch((error) => error);
    expect(cut).toBeInstanceOf(DependencyUnavailableError);
    const pending = `SELECT count(*)::integer AS n FROM pg_inherits WHERE inhdetachpending`;
    expect((await suite.admin.query(pending)).rows[0].n).toBe(1);
    await releaseAgain();
    const finished = await hurried.pruneBefore(Date.UTC(2026, 10, 20));
    expect(finished.droppedPartitions).toEqual([
      'airq_hourly_2026_11_19',
      'airq_samples_2026_11_19',
    ]);
    expect((await suite.admin.query(pending)).rows[0].n).toBe(0);
    oracle.pruneBefore(Date.UTC(2026, 10, 20));
    await reader.refresh();
    await expectOracle(reader, oracle);
  }, 180_000);
});
