// The reserve: while open, the journal keeps zeros written ahead of its last record, so that a
// commit overwrites bytes the file has instead of growing it. Checked against the test's own
// encoder: while open the file is the records, then zeros; closed, the records alone; a file
// left open replays whole, with no cut, and takes appends into its zeros.
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sample } from '../../../src/store/ingest-report.js';
import { JOURNAL_FILE_NAME, SampleJournal } from '../../../src/store/journal/index.js';
import { RUNS } from '../../helpers/property-runs.js';
import {
  encodeJournalOracle,
  encodeRecordOracle,
  faultyFiles,
  replayAll,
  sampleOf,
  tempDir,
} from './journal-helpers.js';

const RECORD_OF_ONE = encodeRecordOracle([sampleOf(0)]).length; // 37 bytes

async function fileBytes(dir: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(dir, JOURNAL_FILE_NAME)));
}

/** Expects `bytes` to be `records` followed by `zeros` zero bytes. */
function expectRecordsThenZeros(bytes: Uint8Array, records: Uint8Array, zeros: number) {
  expect(bytes.subarray(0, records.length)).toEqual(records);
  expect(bytes.length - records.length).toBe(zeros);
  expect(bytes.subarray(records.length).every((byte) => byte === 0)).toBe(true);
}

describe('the journal reserve', () => {
  it('writes the reserve at the first commit, again once a commit passes its end, and cuts it at close', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const journal = await SampleJournal.open({ dir, reserveBytes: 100 }, files);
    await replayAll(journal);
    expectRecordsThenZeros(await fileBytes(dir), encodeJournalOracle([]), 0);
    const batches: Sample[][] = [];
    const opened = [controls.writes, controls.datasyncs];
    const counts = () => [controls.writes - opened[0]!, controls.datasyncs - opened[1]!];
    const append = async (i: number) => {
      batches.push([sampleOf(i)]);
      await journal.append([sampleOf(i)]);
    };
    await append(0); // the reserve (one write, one fdatasync), then the commit (the same)
    expect(counts()).toEqual([2, 2]);
    expectRecordsThenZeros(await fileBytes(dir), encodeJournalOracle(batches), 100);
    await append(1);
    await append(2); // 2 × 37 bytes more: still within the 100 zeros
    expect(counts()).toEqual([4, 4]);
    expectRecordsThenZeros(await fileBytes(dir), encodeJournalOracle(batches), 100 - 2 * 37);
    await append(3); // 37 > 26 zeros left: the reserve is written again past this record
    expect(counts()).toEqual([6, 6]);
    expectRecordsThenZeros(await fileBytes(dir), encodeJournalOracle(batches), 100);
    await journal.close();
    expect(await fileBytes(dir)).toEqual(encodeJournalOracle(batches));
  });

  it('replays a journal left open whole, without a cut, and writes into its zeros', async () => {
    const dir = await tempDir();
    const journal = await SampleJournal.open({ dir, reserveBytes: 4 * RECORD_OF_ONE });
    await replayAll(journal);
    await journal.append([sampleOf(0)]);
    await journal.append([sampleOf(1)]);
    // A copy of the file as a process killed now would leave it.
    const left = await tempDir();
    await copyFile(join(dir, JOURNAL_FILE_NAME), join(left, JOURNAL_FILE_NAME));
    await journal.close();
    const { files, controls } = faultyFiles();
    const reopened = await SampleJournal.open(
      { dir: left, reserveBytes: 4 * RECORD_OF_ONE },
      files,
    );
    const { batches, report } = await replayAll(reopened);
    expect(batches).toEqual([[sampleOf(0)], [sampleOf(1)]]);
    expect(report).toMatchObject({ records: 2, cutBytes: 0, cutAtByte: undefined });
    const opened = [controls.writes, controls.datasyncs];
    await reopened.append([sampleOf(2)]);
    // One write and its fdatasync: the record went into the zeros, no new reserve was written.
    expect([controls.writes - opened[0]!, controls.datasyncs - opened[1]!]).toEqual([1, 1]);
    const records = encodeJournalOracle([[sampleOf(0)], [sampleOf(1)], [sampleOf(2)]]);
    expectRecordsThenZeros(await fileBytes(left), records, 4 * RECORD_OF_ONE - 2 * RECORD_OF_ONE);
    await reopened.close();
    expect(await fileBytes(left)).toEqual(records);
  });

  it('keeps no reserve with reserveBytes 0', async () => {
    const dir = await tempDir();
    const journal = await SampleJournal.open({ dir, reserveBytes: 0 });
    await replayAll(journal);
    await journal.append([sampleOf(0)]);
    expect(await fileBytes(dir)).toEqual(encodeJournalOracle([[sampleOf(0)]]));
    await journal.close();
  });

  it('is records then zeros at every step, replays whole when left open, and is the records once closed', async () => {
    // Durability is checked elsewhere: the fdatasyncs are skipped to keep 1,000 runs quick.
    const batchSizes = fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 6 });
    const root = await tempDir();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }),
        batchSizes,
        fc.nat(),
        async (reserveBytes, sizes, leaveAt) => {
          const dir = join(root, String(run++));
          await mkdir(dir);
          const { files, controls } = faultyFiles();
          controls.skipDatasync = true;
          const journal = await SampleJournal.open({ dir, reserveBytes }, files);
          await replayAll(journal);
          const batches: Sample[][] = [];
          const leftAfter = sizes.length === 0 ? 0 : leaveAt % sizes.length;
          let left: { dir: string; batches: Sample[][] } | undefined;
          let next = 0;
          for (const [b, size] of sizes.entries()) {
            const batch = Array.from({ length: size }, () => sampleOf(next++));
            await journal.append(batch);
            batches.push(batch);
            const bytes = await fileBytes(dir);
            const records = encodeJournalOracle(batches);
            expect(bytes.subarray(0, records.length)).toEqual(records);
            expect(bytes.length - records.length).toBeLessThanOrEqual(reserveBytes);
            expect(bytes.subarray(records.length).every((byte) => byte === 0)).toBe(true);
            if (b === leftAfter) {
              left = { dir: `${dir}-left`, batches: [...batches] };
              await mkdir(left.dir);
              await copyFile(join(dir, JOURNAL_FILE_NAME), join(left.dir, JOURNAL_FILE_NAME));
            }
          }
          await journal.close();
          expect(await fileBytes(dir)).toEqual(encodeJournalOracle(batches));
          if (left !== undefined) {
            const reopened = await SampleJournal.open({ dir: left.dir, reserveBytes }, files);
            const replayed = await replayAll(reopened);
            expect(replayed.batches).toEqual(left.batches);
            expect(replayed.report.cutBytes).toBe(0);
            await reopened.close();
            await rm(left.dir, { recursive: true });
          }
          await rm(dir, { recursive: true });
        },
      ),
      RUNS,
    );
  }, 300_000);
});
