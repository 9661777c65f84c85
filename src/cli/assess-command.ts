import { readFile } from 'node:fs/promises';
import { hourlyMeansOfSeries } from '../assessment/hourly-means.js';
import {
  ASSESSED_POLLUTANTS,
  ASSESSMENT_STANDARDS,
  type AssessedPollutant,
  type AssessmentStandard,
  assessSeries,
  formatAssessmentTable,
  HOURLY_CSV_HEADER,
  type HourlySeries,
  parseHourlyCsv,
} from '../assessment/index.js';
import type { CorrectionOptions } from '../corrections/correction-options.js';
import { correctedAverages } from '../store/corrected-averages.js';
import { parseInstallationsJson } from '../store/installations-json.js';
import { countedIssueList, describeLoadIssue } from '../store/load-issues.js';
import { SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { MS_PER_HOUR } from '../time/instant.js';
import {
  type CliEnvironment,
  invalid,
  oneOf,
  readSubcommand,
  runSubcommand,
  type SubcommandArgs,
  type SubcommandProgress,
  UsageError,
} from './command-line.js';
import { PROGRESS_MIN_BYTES } from './progress-bar.js';
import { linesWithProgress, readInstallationSamples } from './samples-input.js';

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
    const { series, source } = await readInput(command, progress);
    const assessment = assessSeries(series, command);
    if (command.json) return [JSON.stringify(assessment, null, 2)];
    return formatAssessmentTable(assessment, source);
  });
}

type Lines = AsyncGenerator<string>;

// The input, read line by line as it streams in (so the bar moves): a store samples CSV becomes
// the hourly means of one installation over the five years up to the year (only that
// pollutant's samples are kept, whatever the file's size), an hourly CSV its own series. Bad
// rows are reported as FILE:LINE: reason; a file that cannot be used throws.
async function readInput(
  request: AssessRequest,
  { update, report }: SubcommandProgress,
): Promise<{ series: HourlySeries; source: string }> {
  const { file } = request;
  const lines = await linesWithProgress(file, update);
  try {
    const first = await lines.next();
    const header = first.done === true ? '' : first.value.trim();
    if (header === SAMPLES_CSV_HEADER) return await samplesInput(lines, request, report);
    if (header.replaceAll(' ', '') === HOURLY_CSV_HEADER) {
      const rows = [header];
      for await (const line of lines) rows.push(line);
      const { series, issues } = parseHourlyCsv(rows.join('\n'), file);
      for (const issue of issues) report(describeLoadIssue(issue));
      if (series === undefined) throw new Error(`${file}: no valid rows`);
      return { series, source: file };
    }
    // Blank, without a single line end.
    if (header === '' && (await lines.next()).done === true)
      throw new Error(`${file}: the file is empty`);
    throw new Error(
      `${file}:1: the header must be ${SAMPLES_CSV_HEADER} (samples) or ${HOURLY_CSV_HEADER} (hourly), got ${JSON.stringify(header)}`,
    );
  } finally {
    await lines.return(undefined);
  }
}

// The samples CSV: the installation's hourly means of the pollutant (PM25 corrected when
// --installations gives it a correction, which needs its HUMIDITY too).
async function samplesInput(lines: Lines, request: AssessRequest, report: (line: string) => void) {
  const { file, pollutant, year } = request;
  const corrects = pollutant === 'PM25' && request.installations !== undefined;
  const names = corrects ? (['PM25', 'HUMIDITY'] as const) : ([pollutant] as const);
  const samples = await readInstallationSamples(lines, file, names, request.installationId, report);
  // Five years up to the year (the longest statistic, AOT40's), and the first day after it (US
  // 8-hour averages that start late on 31 December).
  const fromMs = Date.UTC(year - 4, 0, 1);
  const hours = (Date.UTC(year + 1, 0, 2) - fromMs) / MS_PER_HOUR;
  const series = hourlyMeansOfSeries(samples.series[pollutant]!, fromMs, hours); // names[0]
  const correction = corrects
    ? await installationCorrection(request.installations!, samples.installationId)
    : undefined;
  if (correction === undefined) return { series, source: samples.source };
  const humidity = hourlyMeansOfSeries(samples.series.HUMIDITY!, fromMs, hours).values;
  // The store's own rule, hour by hour: what the server would serve for each clock hour.
  const values = series.values.map((pm25, hour) => {
    const rh = humidity[hour]!; // the same hours
    if (Number.isNaN(pm25) || Number.isNaN(rh)) return Number.NaN;
    return correctedAverages({ PM25: pm25, HUMIDITY: rh }, correction).PM25 ?? Number.NaN;
  });
  return {
    series: { startMs: series.startMs, values },
    source: `${samples.source}, PM25 corrected with ${correction.method}`,
  };
}

// The correction of one installation of an installations JSON (undefined without one); a file
// the store would refuse is refused here too, with all its problems.
async function installationCorrection(
  file: string,
  installationId: number,
): Promise<CorrectionOptions | undefined> {
  const { installations, issues } = parseInstallationsJson(await readFile(file, 'utf8'), file);
  if (issues.length > 0) throw new Error(countedIssueList(issues, `in ${file}`));
  const installation = installations.find((candidate) => candidate.id === installationId);
  if (installation === undefined) throw new Error(`${file}: no installation ${installationId}`);
  return installation.correction;
}
