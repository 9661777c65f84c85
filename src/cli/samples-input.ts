import { stat } from 'node:fs/promises';
import { readLines } from '../import/input-files.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { TimeSeries } from '../series/time-series.js';
import { parseSamplesCsvRow } from '../store/samples-csv.js';

/** Some measurement types of one installation, read from the store's samples CSV. */
export interface InstallationSamples<Name extends MeasurementTypeName> {
  readonly installationId: number;
  /** One series per wanted type; empty when the file has no row of that type for it. */
  readonly series: Readonly<Record<Name, TimeSeries>>;
  /** `FILE, installation ID`, for the first line of a command's output. */
  readonly source: string;
}

/**
 * The samples of the wanted types from the data lines of a store samples CSV (its header
 * already read), kept per installation; then the installation asked for, or the only one.
 * Rows of other types are not kept, so memory holds only what the command reads, whatever the
 * file's size. Bad rows (and samples a series refuses) are reported as `FILE:LINE: reason` and
 * skipped. `airq assess` and `airq calibrate` both read their sensor this way.
 *
 * @param lines - the file's lines after the header (line 2 on)
 * @param file - the name used in reports and errors
 * @param names - the measurement types to keep; the first one must have rows
 * @param installationId - the installation to return; absent: the file must hold only one
 * @throws Error naming the file when no installation has rows of `names[0]`, or several do
 *   and none was chosen
 * @example
 * const { series } = await readInstallationSamples(lines, 's.csv', ['PM25', 'HUMIDITY'], undefined, report);
 * series.PM25.length; // e.g. 8760
 */
export async function readInstallationSamples<Name extends MeasurementTypeName>(
  lines: AsyncIterable<string>,
  file: string,
  names: readonly [Name, ...Name[]],
  installationId: number | undefined,
  report: (line: string) => void,
): Promise<InstallationSamples<Name>> {
  const byInstallation = new Map<number, Record<Name, TimeSeries>>();
  let lineNumber = 1;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const sample = parseSamplesCsvRow(line);
    if (typeof sample === 'string') {
      report(`${file}:${lineNumber}: ${sample}`);
      continue;
    }
    if (!(names as readonly string[]).includes(sample.name)) continue;
    let series = byInstallation.get(sample.installationId);
    if (series === undefined) {
      series = Object.fromEntries(names.map((name) => [name, new TimeSeries()])) as Record<
        Name,
        TimeSeries
      >;
      byInstallation.set(sample.installationId, series);
    }
    try {
      series[sample.name as Name].add(sample.atMs, sample.value);
    } catch (error) {
      report(`${file}:${lineNumber}: ${(error as Error).message}`);
    }
  }
  const [first] = names;
  const ids = [...byInstallation.keys()].filter((id) => byInstallation.get(id)![first].length > 0);
  ids.sort((a, b) => a - b);
  const id = installationId ?? (ids.length === 1 ? ids[0] : undefined);
  if (id === undefined && ids.length > 1)
    throw new Error(
      `${file} holds ${first} of installations ${ids.join(', ')}: choose one with --installation`,
    );
  const series = id === undefined ? undefined : byInstallation.get(id);
  if (id === undefined || series === undefined || series[first].length === 0)
    throw new Error(`${file}: no ${first} rows${id === undefined ? '' : ` of installation ${id}`}`);
  return { installationId: id, series, source: `${file}, installation ${id}` };
}

/**
 * The lines of a file as they stream in, moving a subcommand's progress bar by the bytes read
 * (so a large input shows how far it got). Close it with `return()` when stopping early.
 *
 * @param update - the progress callback, `(bytesRead, totalBytes)`
 * @example
 * const lines = await linesWithProgress('samples.csv', progress.update);
 * const header = await lines.next();
 */
export async function linesWithProgress(
  file: string,
  update: (bytesRead: number, totalBytes: number) => void,
): Promise<AsyncGenerator<string>> {
  const totalBytes = (await stat(file)).size;
  let bytesRead = 0;
  return readLines(file, (bytes) => {
    bytesRead += bytes;
    update(bytesRead, totalBytes);
  });
}
