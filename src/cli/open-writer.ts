import { existsSync } from 'node:fs';
import type { InMemoryStore } from '../store/in-memory-store.js';
import { JournaledStore, type JournalStartReport } from '../store/journaled-store.js';
import type { PostgresStore } from '../store/postgres/postgres-store.js';
import type { SampleWriter } from '../store/sample-writer.js';
import type { ServeOptions } from './parse-args.js';

// Where `airq` stores live writes: PostgreSQL with `--database` (a commit is durable), else the
// journal under `--data-dir` beside the in-memory store. The journal is opened when there are
// write keys, when `--data-dir` is given, or when the directory exists from an earlier run, so
// a restart without write keys still serves what was acknowledged before; and whenever open data
// are followed (--follow), so that what a source no longer serves survives a restart.

/** The writer of a server, and the journal's own part when there is one. */
export interface OpenedWriter {
  readonly writer: SampleWriter | undefined;
  /** The journal with the store it feeds; `undefined` with a database or without writes. */
  readonly journaled: JournaledStore | undefined;
}

/**
 * Opens the writer that `options` ask for and, for the journal, replays it into `memory` and
 * reports what it found (a cut tail, refused samples) on `report`.
 *
 * @throws Error when another process holds the journal's directory
 * @example
 * const { writer } = await openWriter(options, memory, undefined, console.error);
 */
export async function openWriter(
  options: ServeOptions,
  memory: InMemoryStore | undefined,
  database: PostgresStore | undefined,
  report: (line: string) => void,
): Promise<OpenedWriter> {
  if (database !== undefined) return { writer: database, journaled: undefined };
  const wanted =
    options.writeKeys !== undefined ||
    options.follow !== undefined ||
    options.dataDirGiven ||
    existsSync(options.dataDir);
  if (memory === undefined || !wanted) return { writer: undefined, journaled: undefined };
  const opened = await JournaledStore.open(memory, { dir: options.dataDir, fsync: options.fsync });
  for (const line of journalLines(options.dataDir, opened.report)) report(line);
  return { writer: opened.store, journaled: opened.store };
}

function journalLines(dir: string, found: JournalStartReport): string[] {
  const lines = [`journal ${dir}: ${found.samples} samples in ${found.records} writes replayed`];
  if (found.cutBytes > 0) {
    lines.push(
      `journal ${dir}: a torn or corrupt tail of ${found.cutBytes} bytes at byte ${found.cutAtByte} was cut (never acknowledged, or damaged on disk)`,
    );
  }
  if (found.refused > 0) {
    lines.push(
      `journal ${dir}: ${found.refused} samples were not served (the first because: ${found.firstRefusal})`,
    );
  }
  return lines;
}
