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
import { MS_PER_HOUR } from '../time/instant.js';
import {
  type CliEnvironment,
  invalid,
  oneOf,
  readSubcommand,
  runSubcommand,
  type SubcommandArgs,
  UsageError,
} from './command-line.js';
import { readHourlyInput } from './hourly-input.js';
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
  --installations FILE   the store's installations JSON: PM25 of a samples CSV is then
                         corrected per hour with the installation's "correction", as the
                         server serves it (an hour without HUMIDITY has no PM25)
  --json                 print the Assessment as JSON instead of the table
  -h, --help             show this text

Bad rows are printed to stderr as FILE:LINE: reason and skipped. Inputs over
${PROGRESS_MIN_BYTES / 1024 / 1024} MiB show a progress bar when stderr is a terminal.
`;

interface AssessRequest {
  readonly standard: AssessmentStandard;
  readonly pollutant: AssessedPollutant;
  readonly year: number;
  readonly installationId?: number;
  readonly installations?: string;
  readonly json: boolean;
  readonly file: string;
}

/** The arguments of `airq assess`, checked. */
export type AssessCommand = SubcommandArgs<AssessRequest>;

/**
 * Reads the arguments of `airq assess` (after the word `assess`). Pure.
 *
 * @example
 * parseAssessArgs(['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2019', 's.csv']);
 * // { kind: 'run', standard: 'EU_2008', pollutant: 'PM10', year: 2019, json: false, file: 's.csv' }
 */
export function parseAssessArgs(argv: readonly string[]): AssessCommand {
  return readSubcommand(ASSESS_HELP, argv, (line) => {
    const standard = oneOf('--standard', line.text('standard'), ASSESSMENT_STANDARDS);
    const pollutant = oneOf('--pollutant', line.text('pollutant'), ASSESSED_POLLUTANTS);
    const [year, installation] = [line.text('year'), line.text('installation')];
    const installations = line.text('installations');
    if (installations === '') throw invalid('--installations', 'must name a file', installations);
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
      ...(installations === undefined ? {} : { installations }),
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
  const args = parseAssessArgs(environment.argv);
  return runSubcommand('assess', ASSESS_HELP, args, environment, async (command, progress) => {
    const { year } = command;
    // Five years up to the year (the longest statistic, AOT40's), and the first day after it
    // (US 8-hour averages that start late on 31 December).
    const fromMs = Date.UTC(year - 4, 0, 1);
    const range = { fromMs, count: (Date.UTC(year + 1, 0, 2) - fromMs) / MS_PER_HOUR };
    const { series, source } = await readHourlyInput({ ...command, range }, progress);
    const assessment = assessSeries(series, command);
    if (command.json) return [JSON.stringify(assessment, null, 2)];
    return formatAssessmentTable(assessment, source);
  });
}
