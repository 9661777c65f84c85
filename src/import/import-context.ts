import { sampleProblem } from '../series/sample-problem.js';
import type { Sample } from '../store/ingest-report.js';
import type { LoadIssue } from '../store/load-issues.js';
import type { ImportOutput } from './import-output.js';
import type { ImportIssue } from './import-report.js';
import type { PlaceRegistry } from './place-registry.js';

/** Row counts of an import, updated as it reads. */
export interface ImportCounts {
  rowsRead: number;
  rowsKept: number;
  rowsRejected: number;
}

/** What the readers of each source share while an import runs. */
export interface ImportContext {
  readonly output: ImportOutput;
  readonly places: PlaceRegistry;
  readonly counts: ImportCounts;
  /** Problems that stop the import: nothing is written when there is one. */
  readonly fatal: LoadIssue[];
  /** Receives each rejected row and each note as it is found (they are not kept). */
  readonly report: (issue: ImportIssue) => void;
  /** Told how many more input bytes were read. */
  readonly progress: (bytes: number) => void;
  readonly signal: AbortSignal | undefined;
}

/** Where an issue is: a CSV line or a JSON result position. */
export type IssuePlace = Pick<LoadIssue, 'file' | 'line' | 'index'>;

/**
 * Counts a refused row and reports it.
 *
 * @example
 * rejectRow(context, { file: 'day.csv', line: 7 }, 'P1 must be a decimal number, got "n/a"');
 */
export function rejectRow(context: ImportContext, where: IssuePlace, message: string): void {
  context.counts.rowsRejected++;
  context.report({ ...where, kind: 'rejected', message });
}

/**
 * Writes the samples of one row and counts it as kept, after the store's own check of every
 * sample (`sampleProblem`: a whole number of milliseconds inside the `Date` range, a finite
 * value). A row with a sample the store would refuse is refused whole, so the output always
 * loads.
 *
 * @returns whether the row was kept
 */
export async function keepRow(
  context: ImportContext,
  where: IssuePlace,
  samples: readonly Sample[],
): Promise<boolean> {
  for (const sample of samples) {
    const problem = sampleProblem(sample.atMs, sample.value);
    if (problem !== undefined) {
      rejectRow(context, where, problem);
      return false;
    }
  }
  for (const sample of samples) await context.output.write(sample);
  context.counts.rowsKept++;
  return true;
}
