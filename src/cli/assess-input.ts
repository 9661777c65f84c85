import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { hourlyMeansOfSeries } from '../assessment/hourly-means.js';
import type { AssessedPollutant, HourlySeries } from '../assessment/index.js';
import { TimeSeries } from '../series/time-series.js';
import { parseDecimal, parseSamplesCsv, SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { MS_PER_HOUR, parseTimestamp } from '../time/instant.js';
import type { ProgressBar } from './progress-bar.js';

/** The header of an hourly CSV: one row per hour start. */
export const HOURLY_CSV_HEADER = 'timestamp,value';

/** What `airq assess` reads from its file. */
export interface AssessInputRequest {
  readonly file: string;
  readonly pollutant: AssessedPollutant;
  readonly year: number;
  readonly installationId?: number;
}

/**
 * Reads the input of `airq assess` line by line as it streams in (so the bar moves and a large
 * file is never held twice): a store samples CSV becomes the hourly means of one installation
 * over the five years up to `year`, an hourly CSV becomes its own series. Bad rows go to
 * `report` as `FILE:LINE: reason`; a file that cannot be used throws.
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
  let reader: LineReader | undefined;
  let lineNumber = 0;
  let bytesRead = 0;
  let pending = '';
  const take = (line: string) => {
    lineNumber++;
    if (reader === undefined)
      reader = lineReader(line.replace(/^\uFEFF/, '').trim(), request, report);
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
  command: AssessInputRequest,
  report: (line: string) => void,
): LineReader {
  if (header === SAMPLES_CSV_HEADER) return samplesReader(command, report);
  if (header.replaceAll(' ', '') === HOURLY_CSV_HEADER) return hourlyReader(command, report);
  throw new Error(
    `${command.file}:1: the header must be ${SAMPLES_CSV_HEADER} (samples) or ${HOURLY_CSV_HEADER} (hourly), got ${JSON.stringify(header)}`,
  );
}

// The samples CSV: rows of the pollutant, kept per installation, then hourly means.
function samplesReader(command: AssessInputRequest, report: (line: string) => void): LineReader {
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
function hourlyReader(command: AssessInputRequest, report: (line: string) => void): LineReader {
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
