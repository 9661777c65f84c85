// Retention on a real server: three weeks of simulated data go in with the data clock moving
// six hours at a time and a trim after each step. The tables stay bounded by what the horizon
// keeps plus the day that holds it, the change log by what the slower of two instances has not
// read, and every answer equals a brute-force oracle that prunes at the same horizons.
import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../../src/store/in-memory-store.js';
import type { PostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { installation } from '../../helpers/store-fixtures.js';
import { NaiveStore, sameAverages } from '../../helpers/store-oracle.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const [MINUTE, HOUR, DAY] = [60_000, 3_600_000, 86_400_000];
const START_MS = Date.UTC(2026, 9, 1);
const DAYS = 21;
const STEP_MS = 6 * HOUR;
const RETENTION_MS = 3 * DAY;
const IDS = [1, 2, 3];
const NAMES = ['PM10', 'PM25'];
/** Samples of one simulated day: every 10 minutes, two types, three installations. */
const PER_DAY = 144 * NAMES.length * IDS.length;

interface Sample {
  readonly installationId: number;
  readonly name: string;
  readonly atMs: number;
  readonly value: number;
}

/** Every sample in [fromMs, tillMs), on a 10-minute grid, with values that vary. */
function samplesIn(fromMs: number, tillMs: number): Sample[] {
  const samples: Sample[] = [];
  for (let atMs = fromMs; atMs < tillMs; atMs += 10 * MINUTE) {
    for (const installationId of IDS) {
      NAMES.forEach((name, type) => {
        const value = ((atMs / MINUTE) * 7919 + installationId * 104_729 + type * 131) % 997;
        samples.push({ installationId, name, atMs, value: value / 10 });
      });
    }
  }
  return samples;
}

const dayOf = (atMs: number) => Math.floor(atMs / DAY) * DAY;

/**
 * Windows over the five days before `endMs` (the horizon is three days back): every hour,
 * six-hour blocks at odd offsets, and one over everything.
 */
function windowsBefore(endMs: number): { fromMs: number; tillMs: number }[] {
  const windows = [{ fromMs: START_MS - DAY, tillMs: endMs + DAY }];
  for (let fromMs = endMs - 5 * DAY; fromMs < endMs; fromMs += HOUR) {
    windows.push({ fromMs, tillMs: fromMs + HOUR });
  }
  for (
    let fromMs = endMs - 5 * DAY + 7 * MINUTE;
    fromMs < endMs;
    fromMs += 5 * HOUR + 13 * MINUTE
  ) {
    windows.push({ fromMs, tillMs: fromMs + 6 * HOUR + 29 * MINUTE });
  }
  return windows;
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('PostgresStore retention', () => {
  const suite = postgresSuite(binaries);

  async function connect(schema: string, retentionMs?: number): Promise<PostgresStore> {
    return suite.connectStore(schema, retentionMs === undefined ? {} : { retentionMs });
  }

  async function count(sql: string): Promise<number> {
    return (await suite.admin.query<{ n: number }>(`SELECT (${sql})::float8 AS n`)).rows[0]!.n;
  }

  it('keeps the tables and the change log bounded over three weeks, and every answer', async () => {
    const schema = await suite.server.createSchema('retention');
    const writer = await connect(schema, RETENTION_MS);
    const reader = await connect(schema); // a second instance, which reports every other step
    await writer.putInstallations(IDS.map((id) => installation(id)));
    await reader.refresh();
    await reader.trimChangeLog();
    const oracle = new NaiveStore();
    const memory = new InMemoryStore(IDS.map((id) => installation(id)));
    const all: Sample[] = [];
    const partitions = `SELECT count(*) FROM pg_inherits WHERE inhparent IN
      ('${schema}.airq_samples'::regclass, '${schema}.airq_hourly'::regclass)`;
    const figures = { samples: 0, hourly: 0, partitions: 0, changes: 0 };
    const steps = (DAYS * DAY) / STEP_MS;
    for (let step = 1; step <= steps; step++) {
      const nowMs = START_MS + step * STEP_MS;
      const batch = samplesIn(nowMs - STEP_MS, nowMs);
      // Every other step, a late sample 30 hours back (inside the horizon).
      if (step % 2 === 0) batch.push({ ...batch[0]!, atMs: nowMs - 30 * HOUR + 5 * MINUTE });
      expect(await writer.ingest(batch)).toEqual({ accepted: batch.length, rejected: [] });
      memory.ingest(batch);
      for (const sample of batch) oracle.add(sample);
      all.push(...batch);

      const horizonMs = nowMs - RETENTION_MS;
      const pruned = await writer.pruneExpired(nowMs);
      expect(pruned.retainedFromMs).toBe(horizonMs);
      expect(pruned.partitionsLeft).toBe(0);
      oracle.pruneBefore(horizonMs);
      memory.pruneBefore(horizonMs);
      if (step % 2 === 0) {
        await reader.refresh();
        await reader.trimChangeLog();
      }
      await writer.trimChangeLog();

      // What the partitions hold: every sample from the start of the horizon's day on.
      const kept = all.filter((sample) => sample.atMs >= dayOf(horizonMs));
      const keys = (sample: Sample) => `${sample.installationId}|${sample.name}|`;
      const hours = new Set(kept.map((s) => keys(s) + Math.floor(s.atMs / HOUR)));
      const days = new Set(kept.map((sample) => dayOf(sample.atMs)));
      const held = {
        samples: await count(`SELECT count(*) FROM ${schema}.airq_samples`),
        hourly: await count(`SELECT count(*) FROM ${schema}.airq_hourly`),
        partitions: await count(partitions),
        changes: await count(`SELECT count(*) FROM ${schema}.airq_changes`),
      };
      expect([held.samples, held.hourly, held.partitions]).toEqual([
        kept.length,
        hours.size,
        2 * days.size,
      ]);
      // The horizon keeps 3 days; the rest of its own day is the most the partitions keep
      // besides (18 hours here, and a late sample every 12 hours).
      expect(held.samples).toBeLessThanOrEqual(4 * PER_DAY);
      // The reader reports every other step, after the writer's trim: what the writer filed
      // since (an ingest of three installations and a move of the horizon) is all the log keeps.
      expect(held.changes).toBeLessThanOrEqual(step % 2 === 0 ? 0 : IDS.length + 1);
      for (const key of ['samples', 'hourly', 'partitions', 'changes'] as const) {
        figures[key] = Math.max(figures[key], held[key]);
      }

      // Every three days, with the horizon at 18:00: its day holds rows before it.
      if (step % 12 === 3) {
        const edge = { fromMs: horizonMs - 30 * MINUTE, tillMs: horizonMs + 30 * MINUTE };
        const windows = windowsBefore(nowMs);
        await reader.refresh();
        for (const id of IDS) {
          const expected = windows.map((w) => oracle.averages(id, w.fromMs, w.tillMs));
          for (const store of [writer, reader, memory]) {
            const actual = await store.windowAverages(id, windows);
            windows.forEach(({ fromMs, tillMs }, w) => {
              const message = `installation ${id}, [${fromMs}, ${tillMs}), step ${step}`;
              expect(sameAverages(actual[w]!, expected[w]!), message).toBe(true);
            });
            // A payload's moving hour, across the horizon: answered from recent samples.
            const [moving] = await store.windowAverages(id, [edge]);
            expect(sameAverages(moving!, oracle.averages(id, edge.fromMs, edge.tillMs))).toBe(true);
          }
        }
      }
    }
    const written = await count(
      `SELECT greatest(max(change_id), (SELECT trimmed_change_id FROM ${schema}.airq_retention))
       FROM ${schema}.airq_changes`,
    );
    // Three weeks went in; at most four days, one in 5, were ever held.
    expect(all.length).toBe(DAYS * PER_DAY + steps / 2);
    expect(figures.samples).toBeLessThan(all.length / 5);
    const report = { ingested: all.length, changesWritten: written, mostHeld: figures };
    console.info(`retention over ${DAYS} days: ${JSON.stringify(report)}`);
  }, 300_000);
});
