import { parseArgs } from 'node:util';
import {
  ASSESSED_POLLUTANTS,
  ASSESSMENT_STANDARDS,
  type AssessedPollutant,
  type Assessment,
  type AssessmentStandard,
  assessSeries,
} from '../assessment/index.js';
import { SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { HOURLY_CSV_HEADER, readAssessInput } from './assess-input.js';
import { formatAssessmentTable } from './assessment-table.js';
import { createProgressBar, PROGRESS_MIN_BYTES } from './progress-bar.js';

/** Exit codes, as main.ts defines them (kept literal here so this file stands alone). */
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

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

/** What `airq assess` talks to (a part of the command line's environment). */
export interface AssessCommandEnvironment {
  readonly argv: readonly string[];
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Raw stderr (no line end added), for the progress bar. */
  readonly writeStderr?: (text: string) => void;
  /** Whether stderr is a terminal. */
  readonly stderrIsTty?: boolean;
}

/** The arguments of `airq assess`, read. */
export type AssessCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'run';
      readonly standard: AssessmentStandard;
      readonly pollutant: AssessedPollutant;
      readonly year: number;
      readonly installationId?: number;
      readonly json: boolean;
      readonly file: string;
    }
  | { readonly kind: 'usage-error'; readonly message: string };

/**
 * Reads the arguments of `airq assess` (after the word `assess`). Pure.
 *
 * @example
 * parseAssessArgs(['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2019', 's.csv']);
 * // { kind: 'run', standard: 'EU_2008', pollutant: 'PM10', year: 2019, json: false, file: 's.csv' }
 */
export function parseAssessArgs(argv: readonly string[]): AssessCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return { kind: 'usage-error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  const usage = (message: string) => ({ kind: 'usage-error', message }) as const;
  const { standard, pollutant } = values;
  if (!(ASSESSMENT_STANDARDS as readonly unknown[]).includes(standard)) {
    return usage(
      `--standard must be one of ${ASSESSMENT_STANDARDS.join(', ')}, got ${quote(standard)}`,
    );
  }
  if (!(ASSESSED_POLLUTANTS as readonly unknown[]).includes(pollutant)) {
    return usage(
      `--pollutant must be one of ${ASSESSED_POLLUTANTS.join(', ')}, got ${quote(pollutant)}`,
    );
  }
  if (values.year === undefined || !/^\d{4}$/.test(values.year)) {
    return usage(`--year must be a four-digit year, got ${quote(values.year)}`);
  }
  const installation = values.installation;
  if (installation !== undefined && !/^[1-9]\d{0,15}$/.test(installation)) {
    return usage(`--installation must be a positive integer, got ${quote(installation)}`);
  }
  if (positionals.length !== 1 || positionals[0] === '') {
    return usage(`name exactly one input file, got ${positionals.length}`);
  }
  return {
    kind: 'run',
    standard: standard as AssessmentStandard,
    pollutant: pollutant as AssessedPollutant,
    year: Number(values.year),
    ...(installation === undefined ? {} : { installationId: Number(installation) }),
    json: values.json === true,
    file: positionals[0]!,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      standard: { type: 'string' },
      pollutant: { type: 'string' },
      year: { type: 'string' },
      installation: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

const quote = (value: string | undefined) =>
  value === undefined ? 'nothing' : JSON.stringify(value);

/**
 * The `airq assess` command: reads the file, assesses the year, prints the table (or the JSON).
 * Resolves with the exit code: 0 after printing, 1 when the file cannot be read or assessed,
 * 2 for bad arguments.
 *
 * @example
 * process.exitCode = await runAssessCommand({ argv: ['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2019', 'samples.csv'], stdout: console.log, stderr: console.error });
 */
export async function runAssessCommand(environment: AssessCommandEnvironment): Promise<number> {
  const { stdout, stderr } = environment;
  const command = parseAssessArgs(environment.argv);
  if (command.kind === 'help') {
    stdout(ASSESS_HELP);
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr(`airq assess: ${command.message}\nRun airq assess --help for the options.`);
    return EXIT_USAGE;
  }
  const bar = createProgressBar({
    write: environment.writeStderr ?? (() => {}),
    isTty: environment.stderrIsTty === true && environment.writeStderr !== undefined,
  });
  let assessment: Assessment;
  let source: string;
  try {
    const input = await readAssessInput(command, bar, (line) => {
      bar.clear();
      stderr(line);
    });
    bar.finish();
    source = input.source;
    assessment = assessSeries(input.series, command);
  } catch (error) {
    bar.finish();
    stderr(`airq assess: ${(error as Error).message}`);
    return EXIT_FAILURE;
  }
  if (command.json) stdout(JSON.stringify(assessment, null, 2));
  else for (const line of formatAssessmentTable(assessment, source)) stdout(line);
  return 0;
}
