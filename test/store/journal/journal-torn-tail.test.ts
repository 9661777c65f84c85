// Replay of damaged files. The files are written by the test's own encoder (journal-helpers),
// then cut at every byte offset of their last records or damaged byte by byte: replay must
// give back exactly the records that are whole before the damage, cut the file there, report
// the cut, and take new appends afterwards.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sample } from '../../../src/store/ingest-report.js';
import { JOURNAL_FILE_NAME, SampleJournal } from '../../../src/store/journal/index.js';
import {
  batchesOf,
  encodeJournalOracle,
  encodeRecordOracle,
  faultyFiles,
  replayAll,
  sampleOf,
  tempDir,
} from './journal-helpers.js';

const HEADER_BYTES = 12;
// Five records of different sizes; record 3 (index 2) is where the cuts start.
const BATCHES = batchesOf(5, (b) => [2, 1, 3, 0, 4][b]!);
const FILE = encodeJournalOracle(BATCHES);
// RECORD_ENDS[k] = byte offset just past record k; RECORD_ENDS[-1] would be the header.
const RECORD_ENDS = BATCHES.reduce<number[]>((ends, batch) => {
  ends.push((ends.at(-1) ?? HEADER_BYTES) + encodeRecordOracle(batch).length);
  return ends;
}, []);

/** Writes `bytes` as the journal of `dir`, replays it, and returns what came back. */
async function replayBytes(dir: string, bytes: Uint8Array, files = faultyFiles().files) {
  await writeFile(join(dir, JOURNAL_FILE_NAME), bytes);
  const journal = await SampleJournal.open({ dir }, files);
  return { journal, ...(await replayAll(journal)) };
}

/** The records whole within the first `length` bytes, and where they end. */
function wholeBefore(length: number): { batches: Sample[][]; goodEnd: number } {
  const whole = RECORD_ENDS.filter((end) => end <= length).length;
  return { batches: BATCHES.slice(0, whole), goodEnd: RECORD_ENDS[whole - 1] ?? HEADER_BYTES };
}

describe('SampleJournal replay of a torn tail', () => {
  it('recovers the whole records at every cut from record 3 to the end, then takes appends', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    // Durability is not what this test checks: the fdatasyncs are skipped to keep it quick.
    const { files, controls } = faultyFiles();
    controls.skipDatasync = true;
    for (let length = RECORD_ENDS[1]!; length <= FILE.length; length++) {
      const { journal, batches, report } = await replayBytes(dir, FILE.subarray(0, length), files);
      const expected = wholeBefore(length);
      expect(batches).toEqual(expected.batches);
      expect(report).toEqual({
        records: expected.batches.length,
        samples: expected.batches.flat().length,
        places: 0,
        cutBytes: length - expected.goodEnd,
        cutAtByte: length === expected.goodEnd ? undefined : expected.goodEnd,
      });
      expect((await stat(path)).size).toBe(expected.goodEnd);
      expect(journal.byteLength).toBe(expected.goodEnd);
      await journal.append([sampleOf(1000 + length)]);
      await journal.close();
      const again = await SampleJournal.open({ dir }, files);
      const { batches: after, report: afterReport } = await replayAll(again);
      expect(after).toEqual([...expected.batches, [sampleOf(1000 + length)]]);
      expect(afterReport.cutBytes).toBe(0);
      await again.close();
    }
  }, 120_000);

  it('cuts a record with any flipped byte, and everything after it', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    controls.skipDatasync = true;
    const start = RECORD_ENDS[1]!; // record 3: its length, CRC and payload
    for (let at = start; at < RECORD_ENDS[2]!; at++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const damaged = new Uint8Array(FILE);
        damaged[at]! ^= mask;
        const { journal, batches, report } = await replayBytes(dir, damaged, files);
        expect(batches).toEqual(BATCHES.slice(0, 2));
        expect(report).toMatchObject({ cutAtByte: start, cutBytes: FILE.length - start });
        await journal.close();
      }
    }
  }, 120_000);

  it('keeps a tail of zeros (a reserve), cuts a torn record before zeros and a length that names more bytes than the file has', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    // Zeros after the last record are what a journal left open leaves: its reserve.
    const zeros = new Uint8Array([...FILE, ...new Uint8Array(100)]);
    const kept = await replayBytes(dir, zeros);
    expect(kept.batches).toEqual(BATCHES);
    expect(kept.report).toMatchObject({ cutAtByte: undefined, cutBytes: 0 });
    expect(new Uint8Array(await readFile(path))).toEqual(zeros);
    await kept.journal.close();
    expect(new Uint8Array(await readFile(path))).toEqual(FILE); // closing cuts the reserve

    // Half of a sixth record written into the zeros: a torn write, cut with the zeros after it.
    const sixth = encodeRecordOracle([sampleOf(90), sampleOf(91)]);
    const torn = new Uint8Array(FILE.length + 100);
    torn.set(FILE);
    torn.set(sixth.subarray(0, sixth.length >> 1), FILE.length);
    const first = await replayBytes(dir, torn);
    expect(first.batches).toEqual(BATCHES);
    expect(first.report).toMatchObject({ cutAtByte: FILE.length, cutBytes: 100 });
    await first.journal.close();

    const huge = Buffer.from(FILE);
    huge.writeUInt32LE(0xfffffff0 - ((0xfffffff0 - 4) % 25), RECORD_ENDS[3]!); // a valid-looking length
    const second = await replayBytes(dir, huge);
    expect(second.batches).toEqual(BATCHES.slice(0, 4));
    expect(second.report).toMatchObject({
      cutAtByte: RECORD_ENDS[3],
      cutBytes: FILE.length - RECORD_ENDS[3]!,
    });
    await second.journal.close();
    expect(new Uint8Array(await readFile(join(dir, JOURNAL_FILE_NAME)))).toEqual(
      FILE.subarray(0, RECORD_ENDS[3]!),
    );
  });

  it('streams records across chunk boundaries and records larger than a chunk', async () => {
    const dir = await tempDir();
    // 1 MiB chunks: 120 records of 1,000 samples (25 kB each), one of 60,000 (1.5 MB), more.
    const batches = batchesOf(150, (b) => (b === 100 ? 60_000 : b % 7 === 0 ? 0 : 1_000));
    const bytes = encodeJournalOracle(batches);
    const whole = await replayBytes(dir, bytes);
    expect(whole.report).toMatchObject({ records: 150, cutBytes: 0 });
    expect(whole.batches).toEqual(batches);
    await whole.journal.close();
    // Torn in the middle of the large record.
    const largeStart = encodeJournalOracle(batches.slice(0, 100)).length;
    const torn = await replayBytes(dir, bytes.subarray(0, largeStart + 700_000));
    expect(torn.batches).toEqual(batches.slice(0, 100));
    expect(torn.report).toMatchObject({ cutAtByte: largeStart, cutBytes: 700_000 });
    await torn.journal.close();
  }, 60_000);
});
