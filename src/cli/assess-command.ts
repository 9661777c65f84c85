import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  ASSESSED_POLLUTANTS,
  ASSESSMENT_STANDARDS,
  type AssessedPollutant,
  type Assessment,
  type AssessmentStandard,
  assessSeries,
  type HourlySeries,
} from '../assessment/index.js';
import { hourlyMeansOfSeries } from '../assessment/hourly-means.js';
import { TimeSeries } from '../series/time-series.js';
import { parseDecimal, parseSamplesCsv, SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { MS_PER_HOUR, parseTimestamp } from '../time/instant.js';
import { formatAssessmentTable } from './assessment-table.js';
import { createProgressBar, PROGRESS_MIN_BYTES, type ProgressBar } from './progress-bar.js';

/** Exit codes, as main.ts defines them (kept literal here so this file stands alone). */
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** The header of an hourly CSV: one row per hour start. */
export const HOURLY_CSV_HEADER = 'timestamp,value';

/** The `airq assess --help` text. */
export const ASSESS_HELP = `Usage: airq assess --standard STANDARD --pollutant POLLUTANT --year YEAR [options] FILE
       npm run assess -- --standard STANDARD --pollutant POLLUTANT --year YEAR [options] FILE

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
    const input = await readInput(command, bar, (line) => {
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

type RunCommand = Extract<AssessCommand, { kind: 'run' }>;

// Reads the file line by line as it streams in, so the bar moves and a large file is never
// held twice.
async function readInput(
  command: RunCommand,
  bar: ProgressBar,
  report: (line: string) => void,
): Promise<{ series: HourlySeries; source: string }> {
  const { file } = command;
  const totalBytes = (await stat(file)).size;
  let reader: LineReader | undefined;
  let lineNumber = 0;
  let bytesRead = 0;
  let pending = '';
  const take = (line: string) => {
    lineNumber++;
    if (reader === undefined)
      reader = lineReader(line.replace(/^\uFEFF/, '').trim(), command, report);
    else reader.line(line, lineNumber);
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    bytesRead += Buffer.byteLength(chunk as string);
    const lines = (pending + (chunk as string)).split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) take(line);
    bar.update(bytesRead, totalBytes);
  }
  if (reader === undefined && pending.trim() === '') throw new Error(`${file}: the file is empty`);
  take(pending);
  return (reader as LineReader).finish(file);
}

interface LineReader {
  line(text: string, lineNumber: number): void;
  finish(file: string): { series: HourlySeries; source: string };
}

function lineReader(
  header: string,
  command: RunCommand,
  report: (line: string) => void,
): LineReader {
  if (header === SAMPLES_CSV_HEADER) return samplesReader(command, report);
  if (header.replaceAll(' ', '') === HOURLY_CSV_HEADER) return hourlyReader(command, report);
  throw new Error(
    `${command.file}:1: the header must be ${SAMPLES_CSV_HEADER} (samples) or ${HOURLY_CSV_HEADER} (hourly), got ${JSON.stringify(header)}`,
  );
}

// The samples CSV: rows of the pollutant, kept per installation, then hourly means.
function samplesReader(command: RunCommand, report: (line: string) => void): LineReader {
  const byInstallation = new Map<number, TimeSeries>();
  return {
    line(text, lineNumber) {
      if (text.trim() === '') return;
      const { samples, issues } = parseSamplesCsv(`${SAMPLES_CSV_HEADER}\n${text}`, command.file);
      for (const issue of issues) report(`${command.file}:${lineNumber}: ${issue.message}`);
      for (const sample of samples) {
        if (sample.name !== command.pollutant) continue;
        let series = byInstallation.get(sample.installationId);
        if (series === undefined) {
          series = new TimeSeries();
          byInstallation.set(sample.installationId, series);
        }
        series.add(sample.atMs, sample.value);
      }
    },
    finish(file) {
      const ids = [...byInstallation.keys()].sort((a, b) => a - b);
      const id = command.installationId ?? (ids.length === 1 ? ids[0] : undefined);
      if (id === undefined) {
        throw new Error(
          ids.length === 0
            ? `${file}: no ${command.pollutant} rows`
            : `${file} holds ${command.pollutant} of installations ${ids.join(', ')}: choose one with --installation`,
        );
      }
      const series = byInstallation.get(id);
      if (series === undefined)
        throw new Error(`${file}: no ${command.pollutant} rows of installation ${id}`);
      // Five years up to the year (the longest statistic, AOT40's), and the first day after it
      // (US 8-hour averages that start late on 31 December).
      const fromMs = Date.UTC(command.year - 4, 0, 1);
      const hours = (Date.UTC(command.year + 1, 0, 2) - fromMs) / MS_PER_HOUR;
      return {
        series: hourlyMeansOfSeries(series, fromMs, hours),
        source: `${file}, installation ${id}`,
      };
    },
  };
}

// The hourly CSV: one value per whole UTC hour, in any order; an empty value is a missing hour.
function hourlyReader(command: RunCommand, report: (line: string) => void): LineReader {
  const hours = new Map<number, number>();
  return {
    line(text, lineNumber) {
      if (text.trim() === '') return;
      const fields = text.split(',').map((field) => field.trim());
      const where = `${command.file}:${lineNumber}`;
      if (fields.length !== 2)
        return report(`${where}: expected 2 comma-separated fields, got ${fields.length}`);
      const atMs = parseTimestamp(fields[0]!);
      if (atMs === undefined || atMs % MS_PER_HOUR !== 0) {
        return report(
          `${where}: timestamp must be an ISO 8601 whole UTC hour, got ${JSON.stringify(fields[0])}`,
        );
      }
      const value = fields[1] === '' ? Number.NaN : parseDecimal(fields[1]!);
      if (fields[1] !== '' && !Number.isFinite(value)) {
        return report(
          `${where}: value must be a decimal number or empty, got ${JSON.stringify(fields[1])}`,
        );
      }
      if (hours.has(atMs))
        return report(`${where}: a second row for ${fields[0]}; the first is kept`);
      hours.set(atMs, value);
    },
    finish(file) {
      if (hours.size === 0) throw new Error(`${file}: no valid rows`);
      let first = Number.POSITIVE_INFINITY;
      let last = Number.NEGATIVE_INFINITY;
      for (const atMs of hours.keys()) {
        if (atMs < first) first = atMs;
        if (atMs > last) last = atMs;
      }
      const values = new Float64Array((last - first) / MS_PER_HOUR + 1).fill(Number.NaN);
      for (const [atMs, value] of hours) values[(atMs - first) / MS_PER_HOUR] = value;
      return { series: { startMs: first, values }, source: file };
    },
  };
}
