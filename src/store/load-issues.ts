/**
 * One problem found while loading store data from text. It points at the file and, where it
 * applies, at the 1-based line (CSV; the header is line 1) or at the array index and field of
 * an installation (JSON).
 */
export interface LoadIssue {
  readonly file: string;
  readonly line?: number;
  readonly index?: number;
  /** Dotted path inside the installation record, e.g. `location.latitude`. */
  readonly field?: string;
  readonly message: string;
}

/** How many issues a {@link StoreLoadError} message spells out; `.issues` has all of them. */
export const LOAD_ISSUE_MESSAGE_LIMIT = 20;

/**
 * Where an issue is, the way an editor or a terminal would show it.
 *
 * @example
 * describeLoadIssue({ file: 'samples.csv', line: 7, message: 'unknown installation 99' });
 * // 'samples.csv:7: unknown installation 99'
 * describeLoadIssue({ file: 'installations.json', index: 3, field: 'vendor', message: 'must be a boolean, got "yes"' });
 * // 'installations.json [3].vendor: must be a boolean, got "yes"'
 */
export function describeLoadIssue(issue: LoadIssue): string {
  if (issue.line !== undefined) return `${issue.file}:${issue.line}: ${issue.message}`;
  if (issue.index !== undefined) {
    const field = issue.field === undefined || issue.field === '' ? '' : `.${issue.field}`;
    return `${issue.file} [${issue.index}]${field}: ${issue.message}`;
  }
  return `${issue.file}: ${issue.message}`;
}

/**
 * The body of an error message listing issues: `N problem(s) <where>:` and then the first
 * {@link LOAD_ISSUE_MESSAGE_LIMIT}, one per indented line, and how many more there are.
 *
 * @example
 * countedIssueList([{ file: 'a.csv', line: 2, message: 'bad' }], 'in the store data');
 * // '1 problem in the store data:\n  a.csv:2: bad'
 */
export function countedIssueList(issues: readonly LoadIssue[], where: string): string {
  const lines = issues
    .slice(0, LOAD_ISSUE_MESSAGE_LIMIT)
    .map((issue) => `  ${describeLoadIssue(issue)}`);
  const more = issues.length - lines.length;
  if (more > 0) lines.push(`  … and ${more} more`);
  const noun = issues.length === 1 ? 'problem' : 'problems';
  return `${issues.length} ${noun} ${where}:\n${lines.join('\n')}`;
}

/**
 * Thrown when store data cannot be loaded. No store is returned, so nothing is ever served
 * half-loaded. `issues` holds every problem; the message spells out the first
 * {@link LOAD_ISSUE_MESSAGE_LIMIT} and says how many more there are.
 *
 * @example
 * try { await loadStoreFromFiles({ installationsPath: 'i.json', samplesPath: 's.csv' }); }
 * catch (error) { (error as StoreLoadError).issues[0]; // { file: 's.csv', line: 7, message: … } }
 */
export class StoreLoadError extends Error {
  readonly issues: readonly LoadIssue[];

  constructor(functionName: string, issues: readonly LoadIssue[]) {
    super(`${functionName}: ${countedIssueList(issues, 'in the store data')}`);
    this.name = 'StoreLoadError';
    this.issues = Object.freeze([...issues]);
  }
}
