// I/O errors: an append that cannot be made durable rejects with DependencyUnavailableError
// (the adapter's 503), the file keeps only whole records, and later appends either work again
// (a write error, once the disk has room) or fail clearly (a failed fdatasync). Never a hang:
// every promise here is awaited.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../../src/model/dependency-unavailable.js';
import { JOURNAL_FILE_NAME, SampleJournal } from '../../../src/store/journal/index.js';
import {
  encodeJournalOracle,
  faultyFiles,
  replayAll,
  sampleOf,
  systemError,
  tempDir,
} from './journal-helpers.js';

async function openFaulty(fsync: 'always' | 'interval' = 'always', intervalMs = 1000) {
  const dir = await tempDir();
  const { files, controls } = faultyFiles();
  const journal = await SampleJournal.open({ dir, fsync, intervalMs }, files);
  await replayAll(journal);
  await journal.append([sampleOf(0)]);
  return { dir, path: join(dir, JOURNAL_FILE_NAME), journal, controls };
}

/** The rejection of `promise`, which must be a DependencyUnavailableError of the store. */
async function unavailable(promise: Promise<unknown>): Promise<DependencyUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DependencyUnavailableError);
  expect((error as DependencyUnavailableError).dependency).toBe('store');
  return error as DependencyUnavailableError;
}

async function replayedBatches(dir: string) {
  const journal = await SampleJournal.open({ dir });
  const { batches, report } = await replayAll(journal);
  await journal.close();
  return { batches, report };
}

describe('SampleJournal I/O errors', () => {
  it('rejects an append the disk has no room for (ENOSPC from /dev/full), then works again', async () => {
    const { dir, path, journal, controls } = await openFaulty();
    controls.writesToDevFull = true;
    const batch = Array.from({ length: 3 }, (_, i) => journal.append([sampleOf(i + 1)]));
    for (const append of batch) {
      const error = await unavailable(append);
      expect(error.message).toMatch(
        new RegExp(`^store unavailable: journal ${path}: write failed \\(.*ENOSPC`),
      );
    }
    // The failed write is cut back to the last whole record, the reserve with it.
    expect(new Uint8Array(await readFile(path))).toEqual(encodeJournalOracle([[sampleOf(0)]]));
    controls.writesToDevFull = false;
    await journal.append([sampleOf(9)]);
    await journal.close();
    expect((await replayedBatches(dir)).batches).toEqual([[sampleOf(0)], [sampleOf(9)]]);
  });

  it('cuts a write that failed half-way back to the last whole record', async () => {
    const { dir, path, journal, controls } = await openFaulty();
    controls.tornWriteError = systemError('EIO', 'i/o error, write');
    await unavailable(journal.append([sampleOf(1), sampleOf(2)]));
    controls.tornWriteError = undefined;
    await journal.append([sampleOf(3)]);
    await journal.close();
    expect(new Uint8Array(await readFile(path))).toEqual(
      encodeJournalOracle([[sampleOf(0)], [sampleOf(3)]]),
    );
    expect((await replayedBatches(dir)).report.cutBytes).toBe(0);
  });

  it('fails every later append clearly after a failed fdatasync, and reopens whole', async () => {
    const { dir, path, journal, controls } = await openFaulty();
    controls.datasyncError = systemError('EIO', 'i/o error, fdatasync');
    const error = await unavailable(journal.append([sampleOf(1)]));
    expect(error.message).toBe(
      `store unavailable: journal ${path}: fdatasync failed (EIO: i/o error, fdatasync)`,
    );
    controls.datasyncError = undefined;
    expect(await unavailable(journal.append([sampleOf(2)]))).toBe(error);
    expect(await unavailable(journal.compact(0))).toBe(error);
    await journal.close(); // releases the lock all the same
    const { batches, report } = await replayedBatches(dir);
    expect(batches).toEqual([[sampleOf(0)]]);
    expect(report.cutBytes).toBe(0);
  });

  it('turns broken when a failed write cannot be cut back', async () => {
    const { dir, journal, controls } = await openFaulty();
    controls.tornWriteError = systemError('EIO', 'i/o error, write');
    controls.truncateError = systemError('EIO', 'i/o error, truncate');
    const error = await unavailable(journal.append([sampleOf(1), sampleOf(2)]));
    controls.tornWriteError = undefined;
    controls.truncateError = undefined;
    expect(await unavailable(journal.append([sampleOf(3)]))).toBe(error);
    await journal.close();
    // The torn half-record is cut at the next replay.
    const { batches, report } = await replayedBatches(dir);
    expect(batches).toEqual([[sampleOf(0)]]);
    expect(report.cutBytes).toBeGreaterThan(0);
  });

  it('fails later appends when the interval fdatasync fails', async () => {
    const { journal, controls } = await openFaulty('interval', 5);
    controls.datasyncError = systemError('EIO', 'i/o error, fdatasync');
    await journal.append([sampleOf(1)]); // written: resolves before any fdatasync
    await new Promise<void>((resolve) => {
      const poll = () =>
        journal.append([sampleOf(2)]).then(
          () => setTimeout(poll, 5),
          (error: unknown) => {
            expect(error).toBeInstanceOf(DependencyUnavailableError);
            resolve();
          },
        );
      poll();
    });
    await journal.close();
  });

  it('rejects a compaction whose new file cannot be written and keeps the old journal', async () => {
    const { dir, path, journal, controls } = await openFaulty();
    await journal.append([sampleOf(1)]);
    controls.writesToDevFull = true;
    const error = await unavailable(journal.compact(sampleOf(1).atMs));
    expect(error.message).toMatch(/compaction failed .*ENOSPC/);
    controls.writesToDevFull = false;
    await journal.append([sampleOf(2)]);
    await journal.close();
    expect(new Uint8Array(await readFile(path))).toEqual(
      encodeJournalOracle([[sampleOf(0)], [sampleOf(1)], [sampleOf(2)]]),
    );
    expect((await replayedBatches(dir)).batches).toHaveLength(3);
  });

  it('fdatasyncs the cut of a torn tail at replay', async () => {
    const { dir, path, journal } = await openFaulty();
    await journal.close();
    const torn = Buffer.concat([await readFile(path), Buffer.from([1, 2, 3])]);
    await writeFile(path, torn);
    const { files, controls } = faultyFiles();
    const again = await SampleJournal.open({ dir }, files);
    const syncs = controls.datasyncs;
    expect((await replayAll(again)).report.cutBytes).toBe(3);
    expect(controls.datasyncs).toBe(syncs + 1);
    await again.close();
  });
});
