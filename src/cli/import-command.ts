import { parseArgs } from 'node:util';
import { importOpenData } from '../import/import-open-data.js';
import {
  formatImportIssue,
  formatImportSummary,
  IMPORT_SOURCES,
  ImportError,
  type ImportSource,
} from '../import/import-report.js';
import { EXIT_FAILURE, EXIT_USAGE } from './main.js';
import { createProgressBar, PROGRESS_MIN_BYTES } from './progress-bar.js';

/** The `airq import --help` text. */
export const IMPORT_HELP = `Usage: airq import --from SOURCE --out DIR FILE…

Converts public air quality data into the store's files DIR/installations.json and
DIR/samples.csv, which airq --installations … --samples … serves. A FILE may be a
directory: its .csv (sensor-community) or .json (openaq) files are read, recursively.

Sources:
  sensor-community   archive CSV of archive.sensor.community (one file per sensor and day)
  openaq             saved OpenAQ v3 pages of /v3/locations and /v3/sensors/{id}/measurements;
                     name a measurements page after its sensor: sensors-3917-measurements.json

Options:
  --from SOURCE      ${IMPORT_SOURCES.join(' or ')}
  --out DIR          output directory (created when missing)
  -h, --help         show this text

Bad rows are printed to stderr as FILE:LINE: reason (FILE [N]: reason for a JSON result) and
skipped; the summary counts them. A file with no valid row stops the import and nothing is
written. Inputs over ${PROGRESS_MIN_BYTES / 1024 / 1024} MiB show a progress bar when stderr is a terminal.
`;

/** What `airq import` talks to (a part of the command line's environment). */
export interface ImportCommandEnvironment {
  readonly argv: readonly string[];
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Raw stderr (no line end added), for the progress bar. */
  readonly writeStderr?: (text: string) => void;
  /** Whether stderr is a terminal. */
  readonly stderrIsTty?: boolean;
  /** Resolves when the process is asked to stop; the import is abandoned then. */
  readonly stopRequested: Promise<string>;
}

type ImportCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'run';
      readonly from: ImportSource;
      readonly out: string;
      readonly files: string[];
    }
  | { readonly kind: 'usage-error'; readonly message: string };

/**
 * Reads the arguments of `airq import` (after the word `import`). Pure, like `parseCliArgs`.
 *
 * @example
 * parseImportArgs(['--from', 'openaq', '--out', 'data', 'locations.json']);
 * // { kind: 'run', from: 'openaq', out: 'data', files: ['locations.json'] }
 */
export function parseImportArgs(argv: readonly string[]): ImportCommand {
  let parsed: ReturnType<typeof parseImport>;
  try {
    parsed = parseImport(argv);
  } catch (error) {
    return { kind: 'usage-error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  const from = values.from;
  if (from === undefined || !(IMPORT_SOURCES as readonly string[]).includes(from)) {
    const got = from === undefined ? 'nothing' : JSON.stringify(from);
    return {
      kind: 'usage-error',
      message: `--from must be ${IMPORT_SOURCES.join(' or ')}, got ${got}`,
    };
  }
  if (values.out === undefined || values.out === '') {
    return { kind: 'usage-error', message: '--out DIR is required (where the files are written)' };
  }
  const files = positionals.filter((file) => file !== '');
  if (files.length === 0) {
    return { kind: 'usage-error', message: 'name at least one input file or directory' };
  }
  return { kind: 'run', from: from as ImportSource, out: values.out, files };
}

function parseImport(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      from: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

/**
 * The `airq import` command: converts the files, printing each bad row to stderr as it is
 * found and the summary to stdout. Resolves with the exit code: 0 when the files were written,
 * 1 when nothing was written (a fatal problem, or the process was asked to stop), 2 for bad
 * arguments.
 *
 * @example
 * process.exitCode = await runImportCommand({ argv: ['--from', 'openaq', '--out', 'data', 'pages/'], stdout: console.log, stderr: console.error, stopRequested });
 */
export async function runImportCommand(environment: ImportCommandEnvironment): Promise<number> {
  const { stdout, stderr } = environment;
  const command = parseImportArgs(environment.argv);
  if (command.kind === 'help') {
    stdout(IMPORT_HELP);
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr(`airq import: ${command.message}\nRun airq import --help for the options.`);
    return EXIT_USAGE;
  }
  const bar = createProgressBar({
    write: environment.writeStderr ?? (() => {}),
    isTty: environment.stderrIsTty === true && environment.writeStderr !== undefined,
  });
  const stop = new AbortController();
  void environment.stopRequested.then((signal) => stop.abort(new Error(`${signal} received`)));
  try {
    const summary = await importOpenData({
      from: command.from,
      files: command.files,
      outDir: command.out,
      onIssue: (issue) => {
        bar.clear();
        stderr(formatImportIssue(issue));
      },
      onProgress: (bytesRead, totalBytes) => bar.update(bytesRead, totalBytes),
      signal: stop.signal,
    });
    bar.finish();
    for (const line of formatImportSummary(summary)) stdout(line);
    return 0;
  } catch (error) {
    bar.finish();
    if (error instanceof ImportError) stderr(`airq import: ${error.message.replace(/^\w+: /, '')}`);
    else stderr(`airq import: nothing was written: ${(error as Error).message}`);
    return EXIT_FAILURE;
  }
}
