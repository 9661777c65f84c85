// Any sequence of appends (awaited or concurrent), compactions (alone or between concurrent
// appends) and reopens (close, open, replay) replays what a plain array says: every batch
// appended, in order, each filtered by the horizons of the compactions called after it, and
// left out once a compaction has emptied it.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sample } from '../../../src/store/ingest-report.js';
import { type FsyncPolicy, SampleJournal } from '../../../src/store/journal/index.js';
import { RUNS } from '../../helpers/property-runs.js';
import { faultyFiles, replayAll, tempDir, V1_TYPE_NAMES } from './journal-helpers.js';

const BASE_MS = Date.UTC(2026, 10, 21);
const MINUTE_MS = 60_000;

const sampleArb: fc.Arbitrary<Sample> = fc.record({
  installationId: fc.integer({ min: 1, max: 3 }),
  name: fc.constantFrom(...V1_TYPE_NAMES),
  atMs: fc.integer({ min: 0, max: 10 }).map((minute) => BASE_MS + minute * MINUTE_MS),
  value: fc.double({ noNaN: true }),
});
const batchArb = fc.array(sampleArb, { maxLength: 4 });
const horizonArb = fc.integer({ min: 0, max: 11 }).map((minute) => BASE_MS + minute * MINUTE_MS);

type Operation =
  | { readonly kind: 'append'; readonly batches: Sample[][] }
  | {
      readonly kind: 'compact';
      readonly before: Sample[][];
      readonly keepFromMs: number;
      readonly after: Sample[][];
    }
  | { readonly kind: 'reopen' };

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      batches: fc.array(batchArb, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('compact' as const),
      before: fc.array(batchArb, { maxLength: 2 }),
      keepFromMs: horizonArb,
      after: fc.array(batchArb, { maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
);

/** What a journal holds after a compaction to `keepFromMs`, by the plain array. */
function compactOracle(batches: readonly Sample[][], keepFromMs: number): Sample[][] {
  return batches
    .map((batch) => batch.filter((sample) => sample.atMs >= keepFromMs))
    .filter((batch) => batch.length > 0);
}

describe('SampleJournal against an oracle', () => {
  it('replays what the plain array says after any appends, compactions and reopens', async () => {
    const root = await tempDir();
    // Durability is tested on real fdatasyncs elsewhere; here they are skipped for speed.
    const { files, controls } = faultyFiles();
    controls.skipDatasync = true;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArb, { maxLength: 8 }),
        fc.constantFrom<FsyncPolicy>('always', 'interval'),
        // Small reserves, so that commits pass the reserve's end (and compactions drop it) often.
        fc.integer({ min: 0, max: 200 }),
        async (operations, fsync, reserveBytes) => {
          const dir = join(root, String(run++));
          await mkdir(dir);
          const open = async () => {
            const journal = await SampleJournal.open({ dir, fsync, reserveBytes }, files);
            return { journal, batches: (await replayAll(journal)).batches };
          };
          let { journal } = await open();
          let expected: Sample[][] = [];
          try {
            for (const operation of operations) {
              if (operation.kind === 'append') {
                await Promise.all(operation.batches.map((batch) => journal.append(batch)));
                expected.push(...operation.batches);
              } else if (operation.kind === 'compact') {
                const before = operation.before.map((batch) => journal.append(batch));
                const compaction = journal.compact(operation.keepFromMs);
                const after = operation.after.map((batch) => journal.append(batch));
                const kept = compactOracle(
                  [...expected, ...operation.before],
                  operation.keepFromMs,
                );
                const counts = {
                  keptSamples: kept.flat().length,
                  removedSamples:
                    [...expected, ...operation.before].flat().length - kept.flat().length,
                };
                await Promise.all([...before, ...after]);
                expect(await compaction).toEqual(counts);
                expected = [...kept, ...operation.after];
              } else {
                await journal.close();
                const reopened = await open();
                journal = reopened.journal;
                expect(reopened.batches).toEqual(expected);
              }
            }
            await journal.close();
            const last = await open();
            journal = last.journal;
            expect(last.batches).toEqual(expected);
          } finally {
            await journal.close();
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      RUNS,
    );
  }, 300_000);
});
