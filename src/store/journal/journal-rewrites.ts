// The two tasks that rewrite the journal file instead of appending to it: the header turned to
// version 2 before the first places record (journal-format.ts says why), and compaction
// (journal-compaction.ts). Both run with the file to themselves, inside a task of the
// `JournalWriter` (`exclusive`), refuse to start once the writer is broken, and decide whether
// their failure breaks it: one after which what the disk holds is unknown (a failed fdatasync,
// a rename that may not be durable) stops every later append, one that wrote nothing (a full
// disk) does not. Kept apart from the class (sample-journal.ts), which says when they run.

import { type CompactionJob, compactJournal } from './journal-compaction.js';
import type { JournalFile } from './journal-file.js';
import { upgradeHeader } from './journal-header.js';
import type { JournalCompactionReport } from './journal-options.js';
import { isDiskFull, type JournalWriter, journalUnavailable } from './journal-writer.js';

/**
 * What {@link compactInTurn} rewrites: a `CompactionJob` without the two parts it adds itself,
 * the new file's path and what happens at the rename.
 *
 * @example
 * const target: CompactionTarget = { source, sourceLength, journalPath, dir, files, keepFromMs, version: 2 };
 */
export type CompactionTarget = Omit<CompactionJob, 'tempPath' | 'onReplaced'>;

/**
 * Where a compaction of the journal at `journalPath` writes its new file (removed at open when
 * a compaction never finished).
 *
 * @example
 * compactionPath('/var/lib/airq/samples.journal'); // '/var/lib/airq/samples.journal.compacting'
 */
export function compactionPath(journalPath: string): string {
  return `${journalPath}.compacting`;
}

/**
 * From inside an `exclusive` task of `writer`: rewrites the header of `file` to version 2.
 *
 * @throws (rejects) the writer's first failure when it is broken; DependencyUnavailableError
 *   when the rewrite fails (the writer broken too, unless the disk was full)
 * @example
 * await writer.exclusive((file) => upgradeHeaderInTurn(writer, file));
 */
export async function upgradeHeaderInTurn(writer: JournalWriter, file: JournalFile): Promise<void> {
  const broken = writer.broken;
  if (broken !== undefined) throw broken;
  try {
    await upgradeHeader(file);
  } catch (error) {
    const failure = journalUnavailable(file.path, 'rewriting the header', error);
    // A full disk wrote nothing; any other failure may be a failed fdatasync, after
    // which what the disk holds is unknown (journal-writer.ts).
    if (!isDiskFull(error)) writer.fail(failure);
    throw failure;
  }
}

/**
 * From inside an `exclusive` task of `writer`: compacts the journal (`compactJournal`) and
 * makes the new file the writer's once it is renamed over the old one.
 *
 * @throws (rejects) the writer's first failure when it is broken; DependencyUnavailableError
 *   when the compaction fails (the writer broken too when that was after the rename)
 * @example
 * await writer.exclusive((source, sourceLength) =>
 *   compactInTurn(writer, { source, sourceLength, journalPath, dir, files, keepFromMs, version: 2 }),
 * ); // { keptSamples: 4100, removedSamples: 950 }
 */
export async function compactInTurn(
  writer: JournalWriter,
  target: CompactionTarget,
): Promise<JournalCompactionReport> {
  const broken = writer.broken;
  if (broken !== undefined) throw broken;
  const { source, journalPath } = target;
  let replaced = false;
  try {
    return await compactJournal({
      ...target,
      tempPath: compactionPath(journalPath),
      onReplaced: (file, length) => {
        replaced = true;
        writer.replaceFile(file, length);
        void source.close().catch(() => undefined);
      },
    });
  } catch (error) {
    const failure = journalUnavailable(journalPath, 'compaction', error);
    // After the rename the new file is the journal, but the rename may not be durable.
    if (replaced) writer.fail(failure);
    throw failure;
  }
}
