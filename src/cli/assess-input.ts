import { stat } from 'node:fs/promises';
import { HOURLY_CSV_HEADER, parseHourlyCsv } from '../assessment/hourly-csv.js';
import { hourlyMeansOfSeries } from '../assessment/hourly-means.js';
import type { AssessedPollutant, HourlySeries } from '../assessment/index.js';
import { readLines } from '../import/input-files.js';
import { TimeSeries } from '../series/time-series.js';
import { describeLoadIssue } from '../store/load-issues.js';
import { parseSamplesCsvRow, SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { MS_PER_HOUR } from '../time/instant.js';
import type { ProgressBar } from './progress-bar.js';

/** What `airq assess` reads from its file. */
export interface AssessInputRequest {
  readonly file: string;
  readonly pollutant: AssessedPollutant;
  readonly year: number;
  readonly installationId?: number;
}

type Lines = AsyncGenerator<string>;

/**
 * Reads the input of `airq assess` line by line as it streams in, so the bar moves: a store
 * samples CSV becomes the hourly means of one installation over the five years up to `year`
 * (only that pollutant's samples are kept, whatever the file's size), an hourly CSV becomes its
 * own series. Bad rows go to `report` as `FILE:LINE: reason`; a file that cannot be used throws.
 *
 * @example
 * const { series, source } = await readAssessInput({ file: 'samples.csv', pollutant: 'PM10', year: 2019 }, bar, console.error);
 */
export async function readAssessInput(
  request: AssessInputRequest,
  bar: ProgressBar,
  report: (line: string) => void,
): Promise<{ series: HourlySeries; source: string }> {
  const { file } = request;
  const totalBytes = (await stat(file)).size;
  let bytesRead = 0;
  const lines = readLines(file, (bytes) => {
    bytesRead += bytes;
    bar.update(bytesRead, totalBytes);
  });
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

// The samples CSV: the pollutant's samples, one series per installation, then hourly means.
async function samplesInput(
  lines: Lines,
  request: AssessInputRequest,
  report: (line: string) => void,
) {
  const { file, pollutant, year } = request;
  const byInstallation = new Map<number, TimeSeries>();
  let lineNumber = 1;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const sample = parseSamplesCsvRow(line);
    if (typeof sample === 'string') report(`${file}:${lineNumber}: ${sample}`);
    else if (sample.name === pollutant) {
      const series = byInstallation.get(sample.installationId) ?? new TimeSeries();
      byInstallation.set(sample.installationId, series);
      series.add(sample.atMs, sample.value);
    }
  }
  const ids = [...byInstallation.keys()].sort((a, b) => a - b);
  const id = request.installationId ?? (ids.length === 1 ? ids[0] : undefined);
  const series = id === undefined ? undefined : byInstallation.get(id);
  if (id === undefined && ids.length > 1)
    throw new Error(
      `${file} holds ${pollutant} of installations ${ids.join(', ')}: choose one with --installation`,
    );
  if (series === undefined)
    throw new Error(
      `${file}: no ${pollutant} rows${id === undefined ? '' : ` of installation ${id}`}`,
    );
  // Five years up to the year (the longest statistic, AOT40's), and the first day after it (US
  // 8-hour averages that start late on 31 December).
  const fromMs = Date.UTC(year - 4, 0, 1);
  const hours = (Date.UTC(year + 1, 0, 2) - fromMs) / MS_PER_HOUR;
  return {
    series: hourlyMeansOfSeries(series, fromMs, hours),
    source: `${file}, installation ${id}`,
  };
}
