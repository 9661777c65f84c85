import { countedIssueList, describeLoadIssue, type LoadIssue } from '../store/load-issues.js';

/** The public data sources `importOpenData` reads. */
export const IMPORT_SOURCES = Object.freeze(['sensor-community', 'openaq', 'purpleair'] as const);

/** One of {@link IMPORT_SOURCES}. */
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * Something an import found in a row, a result or a file, where it is (file and 1-based line
 * for CSV, file and result position for JSON) and whether data was refused because of it.
 * - `rejected`: the row or result was not imported, for the reason given.
 * - `note`: everything was imported, but the reader should know (a location that moved and was
 *   split, a column airq has no measurement type for).
 */
export interface ImportIssue extends LoadIssue {
  readonly kind: 'rejected' | 'note';
}

/** What an import wrote, with its counts. */
export interface ImportSummary {
  readonly source: ImportSource;
  /** Input files read. */
  readonly files: number;
  /** Data rows (CSV) or results (JSON) read, header lines and blank lines not counted. */
  readonly rowsRead: number;
  /** Rows that gave samples or installations. */
  readonly rowsKept: number;
  /** Rows refused; each one was reported as a `rejected` {@link ImportIssue}. */
  readonly rowsRejected: number;
  /** Lines written to the samples CSV. */
  readonly samplesWritten: number;
  /** Installations written to the installations JSON. */
  readonly installations: number;
  /** Locations that moved and were split into one installation per place. */
  readonly splitLocations: number;
  /** The installations JSON written (see `airq/store`). */
  readonly installationsPath: string;
  /** The samples CSV written (see `airq/store`). */
  readonly samplesPath: string;
}

/**
 * Thrown when an import cannot produce its output: an input file cannot be read, has no valid
 * row, is not in the source's format, or the output cannot be written. Nothing is left in the
 * output directory then (the files are written under temporary names and renamed only at the
 * end). `issues` lists every such problem; the message spells out the first twenty.
 *
 * @example
 * try { await importOpenData({ from: 'openaq', files: ['empty.json'], outDir: 'out' }); }
 * catch (error) { (error as ImportError).issues[0]; // { file: 'empty.json', message: 'has no results' } }
 */
export class ImportError extends Error {
  readonly issues: readonly LoadIssue[];

  constructor(functionName: string, issues: readonly LoadIssue[]) {
    super(`${functionName}: nothing was written, ${countedIssueList(issues, 'in the input')}`);
    this.name = 'ImportError';
    this.issues = Object.freeze([...issues]);
  }
}

/**
 * One issue as the command line prints it: its kind, where it is and what it says.
 *
 * @example
 * formatImportIssue({ kind: 'rejected', file: 'day.csv', line: 4, message: 'P1 must be a decimal number, got "n/a"' });
 * // 'rejected: day.csv:4: P1 must be a decimal number, got "n/a"'
 */
export function formatImportIssue(issue: ImportIssue): string {
  return `${issue.kind}: ${describeLoadIssue(issue)}`;
}

/**
 * The summary as the command line prints it, one line per fact.
 *
 * @example
 * formatImportSummary(summary);
 * // ['Read 3 files: 1440 rows, 1438 kept, 2 rejected.', 'Wrote 2876 samples to out/samples.csv …', …]
 */
export function formatImportSummary(summary: ImportSummary): string[] {
  const files = summary.files === 1 ? '1 file' : `${summary.files} files`;
  const unit = summary.source === 'openaq' ? 'results' : 'rows';
  const lines = [
    `Read ${files}: ${summary.rowsRead} ${unit}, ${summary.rowsKept} kept, ${summary.rowsRejected} rejected.`,
    `Wrote ${summary.samplesWritten} samples to ${summary.samplesPath}`,
    `  and ${summary.installations} installations to ${summary.installationsPath}.`,
  ];
  const moved = summary.splitLocations;
  if (moved > 0) {
    const what = moved === 1 ? '1 location changed its' : `${moved} locations changed their`;
    lines.push(`${what} coordinates; each place became an installation of its own.`);
  }
  return lines;
}
