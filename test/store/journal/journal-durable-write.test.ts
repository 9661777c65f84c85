// The one-call group commit: on the real file layer a commit under `fsync: 'always'` is one
// write through an O_DSYNC descriptor (no separate fdatasync), and a failure of that call
// counts as a failed fdatasync unless the disk was full.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../../src/model/dependency-unavailable.js';
import {
  JOURNAL_FILE_NAME,
  type JournalFile,
  type JournalFiles,
  openJournalFile,
  SampleJournal,
  syncDirectory,
} from '../../../src/store/journal/index.js';
import {
  encodeJournalOracle,
  replayAll,
  sampleOf,
  systemError,
  tempDir,
} from './journal-helpers.js';

// Linux's O_DSYNC in the octal `flags:` line of /proc/self/fdinfo (asm-generic/fcntl.h).
const LINUX_O_DSYNC = 0o10000;

/** The open-file flags of every descriptor of this process on `path`. */
async function descriptorFlags(path: string): Promise<number[]> {
  const flags: number[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target !== path) continue;
    const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '');
    const line = /^flags:\s*([0-7]+)$/m.exec(info);
    if (line !== null) flags.push(Number.parseInt(line[1]!, 8));
  }
  return flags;
}

/** The real file layer, counting calls, with a switch that makes the durable write fail. */
function countingFiles() {
  const counts = { durableWrites: 0, writes: 0, datasyncs: 0 };
  const failure: { error: Error | undefined } = { error: undefined };
  const files: JournalFiles = {
    async openFile(path) {
      const real = await openJournalFile(path);
      const file: JournalFile = {
        path: real.path,
        size: () => real.size(),
        readAt: (buffer, offset, length, position) => real.readAt(buffer, offset, length, position),
        writeAt(bytes, position) {
          counts.writes++;
          return real.writeAt(bytes, position);
        },
        async writeDurablyAt(bytes, position) {
          counts.durableWrites++;
          if (failure.error !== undefined) throw failure.error;
          await real.writeDurablyAt!(bytes, position);
        },
        datasync() {
          counts.datasyncs++;
          return real.datasync();
        },
        truncate: (length) => real.truncate(length),
        close: () => real.close(),
      };
      return file;
    },
    syncDirectory,
  };
  return { files, counts, failure };
}

describe('the durable write of a group commit', () => {
  it('holds an O_DSYNC descriptor on the journal beside the read-write one', async () => {
    const dir = await tempDir();
    const journal = await SampleJournal.open({ dir });
    const flags = await descriptorFlags(join(dir, JOURNAL_FILE_NAME));
    expect(flags).toHaveLength(2);
    expect(flags.filter((flag) => (flag & LINUX_O_DSYNC) !== 0)).toHaveLength(1);
    await journal.close();
    expect(await descriptorFlags(join(dir, JOURNAL_FILE_NAME))).toEqual([]);
  });

  it('commits with one durable write and no fdatasync, and the file is the format', async () => {
    const dir = await tempDir();
    const { files, counts } = countingFiles();
    const journal = await SampleJournal.open({ dir }, files);
    await replayAll(journal);
    const opened = { ...counts };
    await journal.append([sampleOf(0)]);
    // The first commit writes the reserve's zeros and fdatasyncs them first.
    expect(counts.writes - opened.writes).toBe(1);
    expect(counts.datasyncs - opened.datasyncs).toBe(1);
    expect(counts.durableWrites - opened.durableWrites).toBe(1);
    const before = { ...counts };
    await Promise.all([journal.append([sampleOf(1)]), journal.append([sampleOf(2)])]);
    await journal.append([sampleOf(3)]);
    expect(counts.durableWrites - before.durableWrites).toBe(2); // two commits
    expect(counts.writes - before.writes).toBe(0);
    expect(counts.datasyncs - before.datasyncs).toBe(0);
    await journal.close();
    expect(new Uint8Array(await readFile(join(dir, JOURNAL_FILE_NAME)))).toEqual(
      encodeJournalOracle([[sampleOf(0)], [sampleOf(1)], [sampleOf(2)], [sampleOf(3)]]),
    );
  });

  it('takes writes again after a full disk, but not after another failure', async () => {
    const dir = await tempDir();
    const { files, failure } = countingFiles();
    const journal = await SampleJournal.open({ dir }, files);
    await replayAll(journal);
    failure.error = systemError('ENOSPC', 'no space left on device, write');
    const full = await journal.append([sampleOf(1)]).catch((error: unknown) => error);
    expect(full).toBeInstanceOf(DependencyUnavailableError);
    expect((full as Error).message).toMatch(/: write failed \(ENOSPC/);
    failure.error = undefined;
    await journal.append([sampleOf(2)]);
    failure.error = systemError('EIO', 'i/o error, write');
    const broken = await journal.append([sampleOf(3)]).catch((error: unknown) => error);
    expect((broken as Error).message).toMatch(/: durable write failed \(EIO/);
    failure.error = undefined;
    expect(await journal.append([sampleOf(4)]).catch((error: unknown) => error)).toBe(broken);
    await journal.close();
    const reopened = await SampleJournal.open({ dir });
    expect((await replayAll(reopened)).batches).toEqual([[sampleOf(2)]]);
    await reopened.close();
  });
});
