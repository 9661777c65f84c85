// SampleJournal on real files: what goes in comes back in order, the bytes are the format's,
// concurrent appends share commits without losing their order, and misuse is refused.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE_NAME, SampleJournal } from '../../../src/store/journal/index.js';
import {
  batchesOf,
  encodeJournalOracle,
  faultyFiles,
  replayAll,
  sampleOf,
  tempDir,
} from './journal-helpers.js';

async function reopen(dir: string, options: { fsync?: 'always' | 'interval' } = {}) {
  const journal = await SampleJournal.open({ dir, ...options });
  const replayed = await replayAll(journal);
  return { journal, ...replayed };
}

describe('SampleJournal round trip', () => {
  it('starts empty, writes the header, and replays nothing', async () => {
    const dir = join(await tempDir(), 'not', 'yet'); // created on open
    const { journal, batches, report } = await reopen(dir);
    expect(batches).toEqual([]);
    expect(report).toEqual({
      records: 0,
      samples: 0,
      places: 0,
      cutBytes: 0,
      cutAtByte: undefined,
    });
    expect(journal.byteLength).toBe(12);
    expect(journal.dir).toBe(dir);
    expect(journal.fsync).toBe('always');
    await journal.close();
    expect(new Uint8Array(await readFile(join(dir, JOURNAL_FILE_NAME)))).toEqual(
      encodeJournalOracle([]),
    );
  });

  it('replays each append as one batch, in order, and the file is the format', async () => {
    const dir = await tempDir();
    const batches = batchesOf(5, (b) => [1, 3, 0, 2, 40][b]!);
    const first = await reopen(dir);
    for (const batch of batches) await first.journal.append(batch);
    const expected = encodeJournalOracle(batches);
    expect(first.journal.byteLength).toBe(expected.length);
    await first.journal.close();
    expect(new Uint8Array(await readFile(join(dir, JOURNAL_FILE_NAME)))).toEqual(expected);

    const second = await reopen(dir);
    expect(second.batches).toEqual(batches);
    expect(second.report).toEqual({
      records: 5,
      samples: 46,
      places: 0,
      cutBytes: 0,
      cutAtByte: undefined,
    });
    await second.journal.append([sampleOf(999)]);
    await second.journal.close();
    const third = await reopen(dir);
    expect(third.batches).toEqual([...batches, [sampleOf(999)]]);
    await third.journal.close();
  });

  it('keeps append order under many appends that are not awaited one by one', async () => {
    const dir = await tempDir();
    const batches = batchesOf(300, (b) => 1 + (b % 4));
    const { journal } = await reopen(dir);
    const settled: number[] = [];
    await Promise.all(batches.map((batch, b) => journal.append(batch).then(() => settled.push(b))));
    expect(settled).toEqual(batches.map((_, b) => b)); // resolved in append order
    await journal.close();
    const { batches: replayed, journal: again } = await reopen(dir);
    expect(replayed).toEqual(batches);
    await again.close();
  });

  it('sends the appends that arrive during an fdatasync out in one write and one fdatasync', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    // Without a reserve, so that every write and fdatasync counted is a commit's.
    const journal = await SampleJournal.open({ dir, reserveBytes: 0 }, files);
    await replayAll(journal);
    let release = () => {};
    controls.datasyncGate = new Promise((resolve) => {
      release = resolve;
    });
    const [writes, syncs] = [controls.writes, controls.datasyncs];
    const first = journal.append([sampleOf(0)]);
    await waitUntil(() => controls.datasyncs === syncs + 1); // the first commit waits in fdatasync
    const rest = Array.from({ length: 50 }, (_, i) => journal.append([sampleOf(i + 1)]));
    controls.datasyncGate = undefined;
    release();
    await Promise.all([first, ...rest]);
    expect(controls.writes - writes).toBe(2);
    expect(controls.datasyncs - syncs).toBe(2);
    await journal.close();
    const { batches, journal: again } = await reopen(dir);
    expect(batches).toEqual(Array.from({ length: 51 }, (_, i) => [sampleOf(i)]));
    await again.close();
  });

  it('lets the appends of one turn of the event loop share a write, on an idle journal too', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const journal = await SampleJournal.open({ dir, reserveBytes: 0 }, files);
    await replayAll(journal);
    const [writes, syncs] = [controls.writes, controls.datasyncs];
    // As requests read in one turn reach the journal: each after a few promise steps of its own.
    const appended: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      appended.push(journal.append([sampleOf(i)]));
      await Promise.resolve();
    }
    await Promise.all(appended);
    expect(controls.writes - writes).toBe(1);
    expect(controls.datasyncs - syncs).toBe(1);
    await journal.close();
    const { batches, journal: again } = await reopen(dir);
    expect(batches).toEqual(Array.from({ length: 20 }, (_, i) => [sampleOf(i)]));
    await again.close();
  });

  it('replays in interval mode too, and fdatasyncs on close', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const journal = await SampleJournal.open(
      { dir, fsync: 'interval', intervalMs: 60_000, reserveBytes: 0 },
      files,
    );
    expect(journal.fsync).toBe('interval');
    expect(journal.intervalMs).toBe(60_000);
    await replayAll(journal);
    const batches = batchesOf(20, (b) => b % 3);
    const syncs = controls.datasyncs;
    await Promise.all(batches.map((batch) => journal.append(batch)));
    expect(controls.datasyncs).toBe(syncs); // resolved without waiting for the disk
    await journal.close();
    expect(controls.datasyncs).toBe(syncs + 1);
    const { batches: replayed, journal: again } = await reopen(dir, { fsync: 'interval' });
    expect(replayed).toEqual(batches);
    await again.close();
  });

  it('fdatasyncs every intervalMs in interval mode when something was written', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const journal = await SampleJournal.open({ dir, fsync: 'interval', intervalMs: 5 }, files);
    await replayAll(journal);
    const syncs = controls.datasyncs;
    await journal.append([sampleOf(1)]);
    await waitUntil(() => controls.datasyncs > syncs);
    await journal.close();
  });

  it('compacts to the samples from the horizon on, dropping emptied records', async () => {
    const dir = await tempDir();
    const batches = batchesOf(6, () => 3); // atMs grows with the sample number
    const { journal } = await reopen(dir);
    for (const batch of batches) await journal.append(batch);
    const horizon = sampleOf(7).atMs;
    expect(await journal.compact(horizon)).toEqual({ keptSamples: 11, removedSamples: 7 });
    const kept = batches.map((b) => b.filter((s) => s.atMs >= horizon)).filter((b) => b.length > 0);
    expect(journal.byteLength).toBe(encodeJournalOracle(kept).length);
    await journal.append([sampleOf(100)]);
    await journal.close();
    expect(new Uint8Array(await readFile(join(dir, JOURNAL_FILE_NAME)))).toEqual(
      encodeJournalOracle([...kept, [sampleOf(100)]]),
    );
    const { batches: replayed, journal: again } = await reopen(dir);
    expect(replayed).toEqual([...kept, [sampleOf(100)]]);
    expect(await again.compact(Number.NEGATIVE_INFINITY)).toEqual({
      keptSamples: 12,
      removedSamples: 0,
    });
    await again.close();
  });

  it('loses no append made while a compaction runs', async () => {
    const dir = await tempDir();
    const { journal } = await reopen(dir);
    const batches = batchesOf(40, () => 2);
    const early = batches.slice(0, 20).map((batch) => journal.append(batch));
    const compaction = journal.compact(sampleOf(10).atMs);
    const late = batches.slice(20).map((batch) => journal.append(batch));
    await Promise.all([...early, compaction, ...late]);
    expect(await compaction).toEqual({ keptSamples: 30, removedSamples: 10 });
    await journal.close();
    const { batches: replayed, journal: again } = await reopen(dir);
    expect(replayed).toEqual(batches.slice(5));
    await again.close();
  });
});

describe('SampleJournal misuse and foreign files', () => {
  it('refuses bad options naming the option', async () => {
    const dir = await tempDir();
    await expect(SampleJournal.open({ dir: '' })).rejects.toThrow(
      new TypeError('SampleJournal.open: options.dir must be a directory path, got ""'),
    );
    await expect(SampleJournal.open({ dir, fsync: 'never' as never })).rejects.toThrow(
      new RangeError(
        'SampleJournal.open: options.fsync must be one of always, interval, got "never"',
      ),
    );
    await expect(SampleJournal.open({ dir, intervalMs: 0 })).rejects.toThrow(
      new RangeError(
        'SampleJournal.open: options.intervalMs must be a finite number in [1, 2147483647], got 0',
      ),
    );
    await expect(SampleJournal.open({ dir, reserveBytes: 1.5 })).rejects.toThrow(
      new RangeError('SampleJournal.open: options.reserveBytes must be an integer, got 1.5'),
    );
    await expect(SampleJournal.open({ dir, reserveBytes: -1 })).rejects.toThrow(
      new RangeError(
        'SampleJournal.open: options.reserveBytes must be a finite number in [0, 1073741824], got -1',
      ),
    );
    await expect(SampleJournal.open({ dir, fsnyc: 'always' } as never)).rejects.toThrow(
      new TypeError(
        'SampleJournal.open: options key must be one of dir, fsync, intervalMs, reserveBytes, got "fsnyc"',
      ),
    );
  });

  it('refuses appends before replay and after close, and a second replay', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    const journal = await SampleJournal.open({ dir });
    await expect(journal.append([sampleOf(0)])).rejects.toThrow(
      `SampleJournal.append: the journal ${path} must be replayed first (call replay() once)`,
    );
    await expect(journal.compact(0)).rejects.toThrow('must be replayed first');
    await replayAll(journal);
    await expect(journal.replay(() => {})).rejects.toThrow(
      `SampleJournal.replay: ${path} was already replayed (or closed)`,
    );
    await expect(journal.compact(Number.NaN)).rejects.toThrow(
      new RangeError('SampleJournal.compact: keepFromMs must not be NaN, got NaN'),
    );
    await expect(journal.append([{ ...sampleOf(0), name: 'PM2.5' }])).rejects.toThrow(TypeError);
    const closing = journal.close();
    expect(journal.close()).toBe(closing);
    await closing;
    await expect(journal.append([sampleOf(0)])).rejects.toThrow(
      `SampleJournal.append: the journal ${path} is closed`,
    );
  });

  it('refuses a file that is not a journal, or of another version, and releases the lock', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    await writeFile(path, 'installationId,name,timestamp,value\n');
    await expect(SampleJournal.open({ dir })).rejects.toThrow(
      `SampleJournal.open: ${path} is not an airq sample journal (it does not start with AIRQJRNL); move it away or choose another directory`,
    );
    const future = Buffer.from(encodeJournalOracle([]));
    future.writeUInt32LE(3, 8);
    await writeFile(path, future);
    await expect(SampleJournal.open({ dir })).rejects.toThrow(
      `SampleJournal.open: ${path} is a sample journal of format version 3; this airq reads versions 1 to 2`,
    );
  });

  it('finishes a header whose creation was cut short', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    for (const length of [0, 1, 5, 11]) {
      await writeFile(path, encodeJournalOracle([]).subarray(0, length));
      const { journal, batches } = await reopen(dir);
      expect(batches).toEqual([]);
      await journal.append([sampleOf(length)]);
      await journal.close();
      expect((await stat(path)).size).toBe(encodeJournalOracle([[sampleOf(length)]]).length);
    }
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}
