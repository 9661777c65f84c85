import { writeFile } from 'node:fs/promises';
import { HOURLY_CSV_HEADER } from '../assessment/hourly-csv.js';
import type { HourlyMeans } from '../assessment/hourly-means.js';
import { SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { MS_PER_HOUR, parseTimestamp } from '../time/instant.js';
import { calibrationReport, type PairedHours } from './calibration-report.js';
import {
  type CliEnvironment,
  invalid,
  readSubcommand,
  runSubcommand,
  type SubcommandArgs,
  type SubcommandProgress,
  UsageError,
} from './command-line.js';
import { hourlySeriesOfCsv, installationHours, readCsvInput } from './hourly-input.js';
import { PROGRESS_MIN_BYTES } from './progress-bar.js';

/** Paired hours a fit needs unless `--min-pairs` says otherwise (`fitLinearCorrection`'s default). */
const DEFAULT_MIN_PAIRS = 24;

/** The `airq calibrate --help` text. */
export const CALIBRATE_HELP = `Usage: airq calibrate --samples FILE --reference FILE [options]

Fits a LINEAR correction of a low-cost sensor's PM2.5 on a reference monitor beside it,
reference = intercept + pm25 × PM25 + rh × HUMIDITY (least squares over the paired hours),
and prints the coefficients and how the raw and the corrected hours agree with the reference.

The samples FILE is the store's samples CSV (${SAMPLES_CSV_HEADER}): the
installation's PM25 and HUMIDITY rows are averaged per UTC hour as airq assess does (an hour
with a sample has a mean). The reference FILE is an hourly CSV (${HOURLY_CSV_HEADER}) of PM2.5
in µg/m³, as airq assess reads it: one row per whole UTC hour, stamped with the hour's START
(shift a file that stamps hour ends back by an hour); an empty value is a missing hour. An
hour is paired when the sensor's PM25 and HUMIDITY means and the reference value all exist.

Options:
  --samples FILE         the sensor's samples CSV
  --reference FILE       the reference monitor's hourly CSV
  --installation ID      the installation of a samples CSV that holds several
  --min-pairs N          fewest usable paired hours to fit on, at least 3 (default ${DEFAULT_MIN_PAIRS})
  --test-from ISO        fit on the hours that end by this instant, and compare the hours that
                         start from it on as a held-out test
  --out FILE             write the correction as JSON: an installation's "correction"
  -h, --help             show this text

The statistics (openair's modStats) compare the raw and the corrected hours with the
reference over the same hours: those whose corrected value exists (PM25 ≥ 0, HUMIDITY within
0–100 %), a negative one counting as 0 as the store serves it. Bad rows are printed to stderr as FILE:LINE: reason and skipped. Too few paired
hours or a fit that PM25 and HUMIDITY cannot determine exit with 1, bad flags with 2. Inputs
over ${PROGRESS_MIN_BYTES / 1024 / 1024} MiB show a progress bar when stderr is a terminal.
`;

interface CalibrateRequest {
  readonly samples: string;
  readonly reference: string;
  readonly installationId?: number;
  readonly minPairs: number;
  readonly testFromMs?: number;
  readonly out?: string;
}

/** The arguments of `airq calibrate`, checked. */
export type CalibrateCommand = SubcommandArgs<CalibrateRequest>;

/**
 * Reads the arguments of `airq calibrate` (after the word `calibrate`). Pure. `--min-pairs`
 * defaults to 24; `--test-from` becomes `testFromMs` (epoch ms; without a zone the ISO time is
 * UTC).
 *
 * @example
 * parseCalibrateArgs(['--samples', 's.csv', '--reference', 'r.csv', '--test-from', '2024-03-01']);
 * // { kind: 'run', samples: 's.csv', reference: 'r.csv', minPairs: 24, testFromMs: 1709251200000 }
 */
export function parseCalibrateArgs(argv: readonly string[]): CalibrateCommand {
  return readSubcommand(CALIBRATE_HELP, argv, (line) => {
    const file = (flag: string, text: string | undefined) => {
      if (text === undefined || text === '') throw invalid(flag, 'must name a file', text);
      return text;
    };
    const samples = file('--samples', line.text('samples'));
    const reference = file('--reference', line.text('reference'));
    const [installation, minPairs] = [line.text('installation'), line.text('min-pairs')];
    const [testFrom, out] = [line.text('test-from'), line.text('out')];
    if (installation !== undefined && !/^[1-9]\d{0,15}$/.test(installation))
      throw invalid('--installation', 'must be a positive integer', installation);
    if (minPairs !== undefined && !(/^\d{1,9}$/.test(minPairs) && Number(minPairs) >= 3))
      throw invalid('--min-pairs', 'must be an integer ≥ 3', minPairs);
    const testFromMs = testFrom === undefined ? undefined : parseTimestamp(testFrom);
    if (testFrom !== undefined && testFromMs === undefined)
      throw invalid('--test-from', 'must be an ISO 8601 date-time', testFrom);
    if (line.positionals.length > 0)
      throw new UsageError(
        `name the files with --samples and --reference, got ${JSON.stringify(line.positionals[0])}`,
      );
    return {
      samples,
      reference,
      ...(installation === undefined ? {} : { installationId: Number(installation) }),
      minPairs: minPairs === undefined ? DEFAULT_MIN_PAIRS : Number(minPairs),
      ...(testFromMs === undefined ? {} : { testFromMs }),
      ...(out === undefined ? {} : { out: file('--out', out) }),
    };
  });
}

/**
 * The `airq calibrate` command: reads both files, pairs the hours, fits the correction, prints
 * the coefficients and the agreement tables, and writes `--out`. Resolves with the exit code: 0
 * after printing, 1 when a file cannot be read or the hours cannot be fitted, 2 for bad
 * arguments.
 *
 * @example
 * process.exitCode = await runCalibrateCommand({ argv: ['--samples', 'samples.csv', '--reference', 'reference.csv'], env: {}, stdout: console.log, stderr: console.error, stopRequested });
 */
export function runCalibrateCommand(environment: CliEnvironment): Promise<number> {
  const args = parseCalibrateArgs(environment.argv);
  return runSubcommand(
    'calibrate',
    CALIBRATE_HELP,
    args,
    environment,
    async (command, progress) => {
      // A reference file is hours, small: no bar of its own.
      const reference = await readCsvInput(command.reference, () => {}, {
        hourly: (text) => hourlySeriesOfCsv(text, command.reference, progress.report),
      });
      const sensor = await readSensor(command, progress);
      const { coefficients, lines } = calibrationReport(pairHours(sensor, reference), command);
      const out = [`${sensor.source} against ${command.reference}`, ...lines];
      if (command.out !== undefined) {
        const correction = { method: 'LINEAR', coefficients };
        await writeFile(command.out, `${JSON.stringify(correction, null, 2)}\n`);
        out.push('', `correction written to ${command.out}`);
      }
      return out;
    },
  );
}

// The hours where the sensor's PM25 and HUMIDITY means and the reference all exist.
function pairHours({ pm25, rh }: SensorHours, reference: HourlyMeans): PairedHours {
  const paired: { [K in keyof PairedHours]: number[] } = {
    atMs: [],
    pm25: [],
    rh: [],
    reference: [],
  };
  for (let i = 0; i < pm25.values.length; i++) {
    const atMs = pm25.startMs + i * MS_PER_HOUR;
    const value = reference.values[(atMs - reference.startMs) / MS_PER_HOUR] ?? Number.NaN;
    const [sensor, humidity] = [pm25.values[i]!, rh.values[i]!];
    if (Number.isNaN(sensor) || Number.isNaN(humidity) || Number.isNaN(value)) continue;
    paired.atMs.push(atMs);
    paired.pm25.push(sensor);
    paired.rh.push(humidity);
    paired.reference.push(value);
  }
  return paired;
}

interface SensorHours {
  /** Hourly means over the same hours, from the first PM25 sample's hour to the last's. */
  readonly pm25: HourlyMeans;
  readonly rh: HourlyMeans;
  readonly source: string;
}

// The samples CSV, streamed so that the bar moves: the installation's PM25 and HUMIDITY, read
// the way airq assess reads its sensor.
function readSensor(
  { samples: file, installationId }: CalibrateRequest,
  { update, report }: SubcommandProgress,
): Promise<SensorHours> {
  return readCsvInput(file, update, {
    samples: async (lines) => {
      const names = ['PM25', 'HUMIDITY'] as const;
      const sensor = await installationHours(lines, file, names, installationId, report);
      if (sensor.sampleCounts.HUMIDITY === 0)
        throw new Error(`${file}: no HUMIDITY rows of installation ${sensor.installationId}`);
      return { pm25: sensor.means.PM25, rh: sensor.means.HUMIDITY, source: sensor.source };
    },
  });
}
