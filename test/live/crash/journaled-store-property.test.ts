// Any interleaving of writes (valid and refused rows, one at a time or several at once),
// resends (a key written again with a new value) and restarts (the JournaledStore closed, a
// new InMemoryStore of the same installations opened on the same directory) serves what a
// plain Map says: per (installation, name, atMs), the value of the last acknowledged write.
// Every key of the small domain is read through its own one-millisecond window after every
// step, so a sample that is lost, resurrected, or served with another value is caught.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../../src/store/in-memory-store.js';
import type { Sample } from '../../../src/store/ingest-report.js';
import { JournaledStore } from '../../../src/store/journaled-store.js';
import { RUNS } from '../../helpers/property-runs.js';
import { installation } from '../../helpers/store-fixtures.js';
import { faultyFiles } from '../../store/journal/journal-helpers.js';

const IDS = [1, 2, 3];
const NAMES = ['PM10', 'PM25', 'NO2'];
const BASE_MS = Date.UTC(2026, 10, 21, 9);
const MINUTES = 4;
const INSTALLATIONS = IDS.map((id) => installation(id));

const validRow: fc.Arbitrary<Sample> = fc.record({
  installationId: fc.constantFrom(...IDS),
  name: fc.constantFrom(...NAMES),
  atMs: fc.integer({ min: 0, max: MINUTES - 1 }).map((minute) => BASE_MS + minute * 60_000),
  value: fc.double({ min: -1e15, max: 1e15, noNaN: true }),
});
/** Rows the store refuses, one reason each (by the store's documented rules). */
const refusedRow: fc.Arbitrary<Sample> = fc.oneof(
  validRow.map((row) => ({ ...row, installationId: 9 })),
  validRow.map((row) => ({ ...row, name: 'PM2.5' })),
  validRow.map((row) => ({ ...row, value: Number.NaN })),
  validRow.map((row) => ({ ...row, value: Number.POSITIVE_INFINITY })),
  validRow.map((row) => ({ ...row, value: -2e15 })),
  validRow.map((row) => ({ ...row, atMs: row.atMs + 0.5 })),
);
interface Row {
  readonly sample: Sample;
  readonly valid: boolean;
}
const rowArb: fc.Arbitrary<Row> = fc.oneof(
  { weight: 5, arbitrary: validRow.map((sample) => ({ sample, valid: true })) },
  { weight: 1, arbitrary: refusedRow.map((sample) => ({ sample, valid: false })) },
);
const writeArb = fc.array(rowArb, { maxLength: 5 });

type Step =
  | { readonly kind: 'write'; readonly rows: readonly Row[] }
  | { readonly kind: 'together'; readonly writes: readonly (readonly Row[])[] }
  | { readonly kind: 'restart' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: writeArb.map((rows) => ({ kind: 'write' as const, rows })) },
  {
    weight: 2,
    arbitrary: fc
      .array(writeArb, { minLength: 2, maxLength: 3 })
      .map((writes) => ({ kind: 'together' as const, writes })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

const keyOf = (id: number, name: string, atMs: number) => `${id}|${name}|${atMs}`;

/** Every key of the domain that the store serves, with its value (+0 for −0). */
async function served(memory: InMemoryStore): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const windows = Array.from({ length: MINUTES }, (_, minute) => {
    const fromMs = BASE_MS + minute * 60_000;
    return { fromMs, tillMs: fromMs + 1 };
  });
  for (const id of IDS) {
    const averages = await memory.windowAverages(id, windows);
    averages.forEach((record, minute) => {
      for (const [name, value] of Object.entries(record)) {
        if (value !== undefined) found.set(keyOf(id, name, windows[minute]!.fromMs), value + 0);
      }
    });
  }
  return found;
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'airq-live-property-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// The syncs themselves are skipped here (what survives a kill is the crash tests' business):
// the order of writes, resends and replays is what these runs check, a thousand times.
const { files, controls } = faultyFiles();
controls.skipDatasync = true;

describe('JournaledStore against a Map of the last acknowledged values', () => {
  it('serves the oracle after any writes, resends and restarts', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { maxLength: 8 }),
        fc.constantFrom('always' as const, 'interval' as const),
        async (steps, fsync) => {
          const dir = join(root, String(run++));
          const open = async () => {
            const memory = new InMemoryStore(INSTALLATIONS);
            const { store } = await JournaledStore.open(memory, { dir, fsync, files });
            return { memory, store };
          };
          const oracle = new Map<string, number>();
          // One write: its report names the refused rows, and its valid rows enter the oracle.
          const write = async (store: JournaledStore, rows: readonly Row[]) => {
            const report = await store.writeSamples(rows.map((row) => row.sample));
            const refused = rows.flatMap((row, i) => (row.valid ? [] : [i]));
            expect(report.rejected.map((rejected) => rejected.index)).toEqual(refused);
            expect(report.accepted).toBe(rows.length - refused.length);
          };
          const apply = (rows: readonly Row[]) => {
            for (const { sample, valid } of rows) {
              if (valid)
                oracle.set(
                  keyOf(sample.installationId, sample.name, sample.atMs),
                  sample.value + 0,
                );
            }
          };
          let current = await open();
          try {
            for (const step of steps) {
              if (step.kind === 'write') {
                await write(current.store, step.rows);
                apply(step.rows);
              } else if (step.kind === 'together') {
                // Issued at once: they land in the order they were called.
                await Promise.all(step.writes.map((rows) => write(current.store, rows)));
                for (const rows of step.writes) apply(rows);
              } else {
                await current.store.close();
                current = await open();
              }
              expect(await served(current.memory)).toEqual(oracle);
            }
            await current.store.close();
            current = await open();
            expect(await served(current.memory)).toEqual(oracle);
          } finally {
            await current.store.close();
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      RUNS,
    );
  }, 180_000);
});
