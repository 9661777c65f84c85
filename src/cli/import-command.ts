import { importOpenData } from '../import/import-open-data.js';
import {
  formatImportIssue,
  formatImportSummary,
  IMPORT_SOURCES,
  ImportError,
  type ImportSource,
} from '../import/import-report.js';
import {
  type CliEnvironment,
  oneOf,
  readSubcommand,
  runSubcommand,
  type SubcommandArgs,
  UsageError,
} from './command-line.js';
import { PROGRESS_MIN_BYTES } from './progress-bar.js';

/** The sources as a sentence names them: `a, b or c`. */
const SOURCE_LIST = `${IMPORT_SOURCES.slice(0, -1).join(', ')} or ${IMPORT_SOURCES.at(-1)}`;

/** The `airq import --help` text. */
export const IMPORT_HELP = `Usage: airq import --from SOURCE --out DIR FILE…

Converts public air quality data into the store's files DIR/installations.json and
DIR/samples.csv, which airq --installations … --samples … serves. A FILE may be a
directory: its .csv (sensor-community), .json (openaq) or .csv and .json (purpleair) files
are read, recursively.

Sources:
  sensor-community   archive CSV of archive.sensor.community (one file per sensor and day)
  openaq             saved OpenAQ v3 pages of /v3/locations and /v3/sensors/{id}/measurements;
                     name a measurements page after its sensor: sensors-3917-measurements.json
  purpleair          saved PurpleAir API v1 answers: history CSV of
                     /v1/sensors/{index}/history/csv and, as *.json, the sensor list of
                     /v1/sensors (fields name,latitude,longitude,location_type,altitude) that
                     places each sensor; PM2.5 is kept only where channels A and B agree

Options:
  --from SOURCE      ${SOURCE_LIST}
  --out DIR          output directory (created when missing)
  -h, --help         show this text

Bad rows are printed to stderr as FILE:LINE: reason (FILE [N]: reason for a JSON result) and
skipped; the summary counts them. A file with no valid row stops the import and nothing is
written. Inputs over ${PROGRESS_MIN_BYTES / 1024 / 1024} MiB show a progress bar when stderr is a terminal.
`;

/** The arguments of `airq import`, checked. */
export type ImportCommand = SubcommandArgs<{
  readonly from: ImportSource;
  readonly out: string;
  readonly files: string[];
}>;

/**
 * Reads the arguments of `airq import` (after the word `import`). Pure, like `parseCliArgs`.
 *
 * @example
 * parseImportArgs(['--from', 'openaq', '--out', 'data', 'locations.json']);
 * // { kind: 'run', from: 'openaq', out: 'data', files: ['locations.json'] }
 */
export function parseImportArgs(argv: readonly string[]): ImportCommand {
  return readSubcommand(IMPORT_HELP, argv, (line) => {
    const expectation = `must be ${SOURCE_LIST}`;
    const from = oneOf('--from', line.text('from'), IMPORT_SOURCES, expectation);
    const out = line.text('out');
    if (out === undefined || out === '')
      throw new UsageError('--out DIR is required (where the files are written)');
    const files = line.positionals.filter((file) => file !== '');
    if (files.length === 0) throw new UsageError('name at least one input file or directory');
    return { from, out, files };
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
export function runImportCommand(environment: CliEnvironment): Promise<number> {
  const args = parseImportArgs(environment.argv);
  return runSubcommand('import', IMPORT_HELP, args, environment, async (command, progress) => {
    const stop = new AbortController();
    void environment.stopRequested.then((signal) => stop.abort(new Error(`${signal} received`)));
    try {
      const summary = await importOpenData({
        from: command.from,
        files: command.files,
        outDir: command.out,
        onIssue: (issue) => progress.report(formatImportIssue(issue)),
        onProgress: progress.update,
        signal: stop.signal,
      });
      return formatImportSummary(summary);
    } catch (error) {
      // An ImportError says itself that nothing was written, after its function's name.
      const message = (error as Error).message;
      if (error instanceof ImportError) throw new Error(message.replace(/^\w+: /, ''));
      throw new Error(`nothing was written: ${message}`);
    }
  });
}
