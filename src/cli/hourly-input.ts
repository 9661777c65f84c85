import { readFile } from 'node:fs/promises';
import type { HourlySeries } from '../assessment/assessment-types.js';
import { HOURLY_CSV_HEADER, parseHourlyCsv } from '../assessment/hourly-csv.js';
import { type HourlyMeans, hourlyMeansOfSeries } from '../assessment/hourly-means.js';
import type { CorrectionOptions } from '../corrections/correction-options.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { correctedAverages } from '../store/corrected-averages.js';
import { parseInstallationsJson } from '../store/installations-json.js';
import { countedIssueList, describeLoadIssue } from '../store/load-issues.js';
import { SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { floorHourMs, MS_PER_HOUR } from '../time/instant.js';
import type { SubcommandProgress } from './command-line.js';
import { linesWithProgress, readInstallationSamples } from './samples-input.js';

// How `airq assess`, `airq calibrate` and `airq trend` read their measurements: a store samples
// CSV (averaged per UTC hour, PM25 corrected as the server serves it) or an hourly CSV, told
// apart by the header, streamed line by line so that the progress bar moves and memory holds
// only the wanted types. One reader, so the commands cannot disagree on what an hour holds.

/** The readers of the kinds of CSV a command accepts, by header; at least one. */
export interface CsvReaders<T> {
  /** A store samples CSV: its data lines (line 2 on). */
  readonly samples?: (lines: AsyncIterable<string>) => Promise<T>;
  /** An hourly CSV: the whole text, header included. */
  readonly hourly?: (text: string) => T;
}

/**
 * Opens `file`, reads its header and hands the rest to the reader of that kind. A byte order
 * mark and spaces around the header are ignored (and spaces inside an hourly header).
 *
 * @param update - moves the progress bar by the bytes read (`() => {}` for none)
 * @throws Error naming the file when it is empty or its header is none of the accepted ones
 * @example
 * await readCsvInput('h.csv', progress.update, { hourly: (text) => text.length });
 */
export async function readCsvInput<T>(
  file: string,
  update: (bytesRead: number, totalBytes: number) => void,
  readers: CsvReaders<T>,
): Promise<T> {
  const lines = await linesWithProgress(file, update);
  try {
    const first = await lines.next();
    const header = first.done === true ? '' : first.value.trim(); // trim() drops a BOM too
    if (readers.samples !== undefined && header === SAMPLES_CSV_HEADER)
      return await readers.samples(lines);
    if (readers.hourly !== undefined && header.replaceAll(' ', '') === HOURLY_CSV_HEADER) {
      const rows = [header];
      for await (const line of lines) rows.push(line);
      return readers.hourly(rows.join('\n'));
    }
    // Blank, without a single line end.
    if (first.done === true || (header === '' && (await lines.next()).done === true))
      throw new Error(`${file}: the file is empty`);
    const wanted =
      readers.samples === undefined
        ? HOURLY_CSV_HEADER
        : readers.hourly === undefined
          ? SAMPLES_CSV_HEADER
          : `${SAMPLES_CSV_HEADER} (samples) or ${HOURLY_CSV_HEADER} (hourly)`;
    throw new Error(`${file}:1: the header must be ${wanted}, got ${JSON.stringify(header)}`);
  } finally {
    await lines.return(undefined);
  }
}

/**
 * The series of an hourly CSV's text, its bad rows reported as `FILE:LINE: reason`.
 *
 * @throws Error naming the file when no row is valid
 * @example
 * hourlySeriesOfCsv('timestamp,value\n2019-01-01T00:00:00Z,41.3', 'h.csv', report);
 * // { startMs: 1546300800000, values: Float64Array [41.3] }
 */
export function hourlySeriesOfCsv(
  text: string,
  file: string,
  report: (line: string) => void,
): HourlyMeans {
  const { series, issues } = parseHourlyCsv(text, file);
  for (const issue of issues) report(describeLoadIssue(issue));
  if (series === undefined) throw new Error(`${file}: no valid rows`);
  return series;
}

/** The hourly means of some types of one installation of a samples CSV. */
export interface InstallationHours<Name extends MeasurementTypeName> {
  readonly installationId: number;
  /** `FILE, installation ID`. */
  readonly source: string;
  /** How many samples of each type the installation has. */
  readonly sampleCounts: Readonly<Record<Name, number>>;
  /** One hourly series per type, all over the same hours. */
  readonly means: Readonly<Record<Name, HourlyMeans>>;
}

/** A range of whole UTC hours: `count` hours from `fromMs`. */
export interface HourRange {
  readonly fromMs: number;
  readonly count: number;
}

/**
 * The installation's samples of `names` (see `readInstallationSamples`), averaged per UTC hour
 * over `range`, or by default from the hour of the first sample of `names[0]` to that of its
 * last.
 *
 * @example
 * const { means } = await installationHours(lines, 's.csv', ['PM25', 'HUMIDITY'], undefined, report);
 * means.PM25.values.length; // e.g. 8760
 */
export async function installationHours<Name extends MeasurementTypeName>(
  lines: AsyncIterable<string>,
  file: string,
  names: readonly [Name, ...Name[]],
  installationId: number | undefined,
  report: (line: string) => void,
  range?: HourRange,
): Promise<InstallationHours<Name>> {
  const read = await readInstallationSamples(lines, file, names, installationId, report);
  const first = read.series[names[0]];
  // readInstallationSamples makes sure the first type has rows.
  const fromMs = range?.fromMs ?? floorHourMs(first.firstAtMs!);
  const count = range?.count ?? (floorHourMs(first.lastAtMs!) - fromMs) / MS_PER_HOUR + 1;
  const entries = names.map((name) => [name, read.series[name]] as const);
  return {
    installationId: read.installationId,
    source: read.source,
    sampleCounts: Object.fromEntries(entries.map(([name, s]) => [name, s.length])) as Record<
      Name,
      number
    >,
    means: Object.fromEntries(
      entries.map(([name, s]) => [name, hourlyMeansOfSeries(s, fromMs, count)]),
    ) as Record<Name, HourlyMeans>,
  };
}

/** What {@link readHourlyInput} reads. */
export interface HourlyInputRequest {
  readonly file: string;
  /** The type read from a samples CSV (an hourly CSV holds one series, whatever it is). */
  readonly pollutant: MeasurementTypeName;
  /** The installation of a samples CSV that holds several. */
  readonly installationId?: number;
  /** An installations JSON: PM25 of a samples CSV is then corrected with the installation's. */
  readonly installations?: string;
  /** The hours averaged from a samples CSV; default: from its first to its last sample's hour. */
  readonly range?: HourRange;
}

/** Hourly means and the words naming where they came from, for a command's first line. */
export interface HourlyInput {
  readonly series: HourlySeries & { readonly values: Float64Array };
  readonly source: string;
}

/**
 * Reads a samples CSV or an hourly CSV into hourly means, as `airq assess` and `airq trend`
 * take them: a samples CSV gives the installation's hourly means of the pollutant (PM25
 * corrected hour by hour with the installation's correction when `installations` names one,
 * an hour without HUMIDITY then missing), an hourly CSV its own series. Bad rows are reported.
 *
 * @throws Error naming the file when it cannot be used
 * @example
 * const { series, source } = await readHourlyInput({ file: 'samples.csv', pollutant: 'PM10' }, progress);
 */
export function readHourlyInput(
  request: HourlyInputRequest,
  { update, report }: SubcommandProgress,
): Promise<HourlyInput> {
  const { file } = request;
  return readCsvInput<HourlyInput>(file, update, {
    samples: (lines) => samplesInput(lines, request, report),
    hourly: (text) => ({ series: hourlySeriesOfCsv(text, file, report), source: file }),
  });
}

async function samplesInput(
  lines: AsyncIterable<string>,
  request: HourlyInputRequest,
  report: (line: string) => void,
): Promise<HourlyInput> {
  const { file, pollutant, installationId, range } = request;
  if (pollutant !== 'PM25' || request.installations === undefined) {
    const hours = await installationHours(lines, file, [pollutant], installationId, report, range);
    return { series: hours.means[pollutant], source: hours.source };
  }
  const names = ['PM25', 'HUMIDITY'] as const;
  const hours = await installationHours(lines, file, names, installationId, report, range);
  const correction = await installationCorrection(request.installations, hours.installationId);
  const { PM25: pm25, HUMIDITY: humidity } = hours.means;
  if (correction === undefined) return { series: pm25, source: hours.source };
  // The store's own rule, hour by hour: what the server would serve for each clock hour.
  const values = pm25.values.map((value, hour) => {
    const rh = humidity.values[hour]!; // the same hours
    if (Number.isNaN(value) || Number.isNaN(rh)) return Number.NaN;
    return correctedAverages({ PM25: value, HUMIDITY: rh }, correction).PM25 ?? Number.NaN;
  });
  return {
    series: { startMs: pm25.startMs, values },
    source: `${hours.source}, PM25 corrected with ${correction.method}`,
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
