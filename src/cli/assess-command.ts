import {
  ASSESSED_POLLUTANTS,
  ASSESSMENT_STANDARDS,
  type AssessedPollutant,
  type AssessmentStandard,
  assessSeries,
  formatAssessmentTable,
  HOURLY_CSV_HEADER,
} from '../assessment/index.js';
import { SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { readAssessInput } from './assess-input.js';
import {
  type CliEnvironment,
  EXIT_FAILURE,
  invalid,
  readSubcommand,
  runSubcommand,
  type SubcommandArgs,
  UsageError,
} from './command-line.js';
import { PROGRESS_MIN_BYTES } from './progress-bar.js';

/** The `airq assess --help` text. */
export const ASSESS_HELP = `Usage: airq assess --standard STANDARD --pollutant POLLUTANT --year YEAR [options] FILE

Assesses a year of measurements under an air quality standard and prints one line per metric:
its value, limit, whether it is met, the data capture and the rule (or why it is not assessable).

FILE is either the store's samples CSV (${SAMPLES_CSV_HEADER}; the rows of the
pollutant are averaged per UTC hour) or an hourly CSV (${HOURLY_CSV_HEADER}; one row per
whole UTC hour, an empty value for a missing hour). Multi-year statistics read the years
before YEAR from the same file.

Options:
  --standard STANDARD    ${ASSESSMENT_STANDARDS.join(', ')}
  --pollutant POLLUTANT  ${ASSESSED_POLLUTANTS.join(', ')} (µg/m³ in the file, CO too)
  --year YEAR            the calendar year (UTC)
  --installation ID      the installation of a samples CSV that holds several
  --json                 print the Assessment as JSON instead of the table
  -h, --help             show this text

Bad rows are printed to stderr as FILE:LINE: reason and skipped. Inputs over
${PROGRESS_MIN_BYTES / 1024 / 1024} MiB show a progress bar when stderr is a terminal.
`;

/** The arguments of `airq assess`, checked. */
export type AssessCommand = SubcommandArgs<{
  readonly standard: AssessmentStandard;
  readonly pollutant: AssessedPollutant;
  readonly year: number;
  readonly installationId?: number;
  readonly json: boolean;
  readonly file: string;
}>;

/**
 * Reads the arguments of `airq assess` (after the word `assess`). Pure.
 *
 * @example
 * parseAssessArgs(['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2019', 's.csv']);
 * // { kind: 'run', standard: 'EU_2008', pollutant: 'PM10', year: 2019, json: false, file: 's.csv' }
 */
export function parseAssessArgs(argv: readonly string[]): AssessCommand {
  return readSubcommand(ASSESS_HELP, argv, (line) => {
    const oneOf = <T extends string>(flag: string, names: readonly T[]): T => {
      const name = names.find((known) => known === line.text(flag));
      if (name === undefined)
        throw invalid(`--${flag}`, `must be one of ${names.join(', ')}`, line.text(flag));
      return name;
    };
    const standard = oneOf('standard', ASSESSMENT_STANDARDS);
    const pollutant = oneOf('pollutant', ASSESSED_POLLUTANTS);
    const [year, installation] = [line.text('year'), line.text('installation')];
    if (year === undefined || !/^\d{4}$/.test(year))
      throw invalid('--year', 'must be a four-digit year', year);
    if (installation !== undefined && !/^[1-9]\d{0,15}$/.test(installation))
      throw invalid('--installation', 'must be a positive integer', installation);
    const { positionals } = line;
    if (positionals.length !== 1 || positionals[0] === '')
      throw new UsageError(`name exactly one input file, got ${positionals.length}`);
    return {
      standard,
      pollutant,
      year: Number(year),
      ...(installation === undefined ? {} : { installationId: Number(installation) }),
      json: line.flag('json'),
      file: positionals[0]!,
    };
  });
}

/**
 * The `airq assess` command: reads the file, assesses the year, prints the table (or the JSON).
 * Resolves with the exit code: 0 after printing, 1 when the file cannot be read or assessed,
 * 2 for bad arguments.
 *
 * @example
 * process.exitCode = await runAssessCommand({ argv: ['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2019', 'samples.csv'], env: {}, stdout: console.log, stderr: console.error, stopRequested });
 */
export function runAssessCommand(environment: CliEnvironment): Promise<number> {
  const { stdout, stderr } = environment;
  const args = parseAssessArgs(environment.argv);
  return runSubcommand('assess', ASSESS_HELP, args, environment, async (command, bar) => {
    try {
      const input = await readAssessInput(command, bar, (line) => {
        bar.clear();
        stderr(line);
      });
      bar.finish();
      const assessment = assessSeries(input.series, command);
      if (command.json) stdout(JSON.stringify(assessment, null, 2));
      else for (const line of formatAssessmentTable(assessment, input.source)) stdout(line);
      return 0;
    } catch (error) {
      bar.finish();
      stderr(`airq assess: ${(error as Error).message}`);
      return EXIT_FAILURE;
    }
  });
}
