import {
  checkFunction,
  checkNonEmptyString,
  checkObject,
  checkOneOf,
} from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { ImportContext } from './import-context.js';
import { importOpenAqFiles } from './import-openaq.js';
import { ImportOutput } from './import-output.js';
import { importPurpleAirFiles } from './import-purpleair.js';
import {
  IMPORT_SOURCES,
  ImportError,
  type ImportIssue,
  type ImportSource,
  type ImportSummary,
} from './import-report.js';
import { importSensorCommunityFiles } from './import-sensor-community.js';
import { inputFiles } from './input-files.js';
import { PlaceRegistry } from './place-registry.js';

/** The files of a directory that each source reads. */
const INPUT_EXTENSIONS: Readonly<Record<ImportSource, readonly string[]>> = Object.freeze({
  'sensor-community': Object.freeze(['.csv']),
  openaq: Object.freeze(['.json']),
  purpleair: Object.freeze(['.csv', '.json']),
});

/** Input of {@link importOpenData}. */
export interface ImportOptions {
  /** The format of the input files. */
  readonly from: ImportSource;
  /**
   * Files, or directories whose `.csv` (Sensor.Community), `.json` (OpenAQ) or `.csv` and
   * `.json` (PurpleAir) files are read, recursively in name order.
   */
  readonly files: readonly string[];
  /** Where `installations.json` and `samples.csv` are written; created when missing. */
  readonly outDir: string;
  /** Receives each rejected row and each note as it is found; default: ignore them. */
  readonly onIssue?: (issue: ImportIssue) => void;
  /** Told the bytes read so far and the total, after every chunk read. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Stops the import; nothing is written then and the promise rejects with the reason. */
  readonly signal?: AbortSignal;
}

/**
 * Converts public air quality data into the store's files: `installations.json` and
 * `samples.csv` in `outDir`, which `loadStoreFromFiles` and `npm start -- --installations …
 * --samples …` read.
 *
 * - `sensor-community`: the archive CSV of archive.sensor.community (one file per sensor and
 *   day). An installation per `location`, split when its coordinates change; P1 → PM10, P2 →
 *   PM25, P0 → PM1, temperature, humidity, and pressure from Pa to hPa.
 * - `openaq`: saved OpenAQ v3 pages of /v3/locations and /v3/sensors/{id}/measurements (name
 *   the latter after the sensor, e.g. `sensors-3917-measurements.json`). The time of a sample
 *   is the end of its period; gases in ppm or ppb become µg/m³ at 25 °C.
 * - `purpleair`: saved PurpleAir API v1 answers: history CSV of
 *   /v1/sensors/{sensor_index}/history/csv and the sensor list JSON of /v1/sensors (or
 *   /v1/sensors/{sensor_index}), which places each sensor. PM25 is the A/B mean of the channels
 *   its correction expects (`pm2.5_atm` outside, `pm2.5_cf_1` inside), kept only when the
 *   channels agree, and the installation records that correction (`AIRNOW_2021` outside,
 *   `EPA_2022` inside); temperature from °F to °C.
 *
 * CSV is streamed line by line and samples are written as they come, so memory does not grow
 * with the input; an OpenAQ page is read whole (one page is at most 1000 results). Bad rows are
 * reported through `onIssue` and skipped. Both files are written under temporary names and
 * renamed at the end, so nothing is half-written.
 *
 * @returns the counts of what was read, kept, rejected and written
 * @throws TypeError / RangeError for bad options; {@link ImportError} when a file cannot be
 *   read, is not in the source's format or has no valid row (nothing is written then)
 * @example
 * const summary = await importOpenData({ from: 'sensor-community', files: ['archive/2026-02-22'], outDir: 'data' });
 * summary.samplesWritten; // e.g. 2876
 */
export async function importOpenData(options: ImportOptions): Promise<ImportSummary> {
  const fn = 'importOpenData';
  checkObject(fn, 'options', options);
  checkOneOf(fn, 'options.from', options.from, IMPORT_SOURCES);
  if (!Array.isArray(options.files) || options.files.length === 0) {
    const expectation = 'must be a non-empty array of paths';
    throw argumentError(TypeError, fn, 'options.files', expectation, options.files);
  }
  for (const [i, file] of options.files.entries()) {
    checkNonEmptyString(fn, `options.files[${i}]`, file);
  }
  checkNonEmptyString(fn, 'options.outDir', options.outDir, 'a directory path');
  if (options.onIssue !== undefined) checkFunction(fn, 'options.onIssue', options.onIssue);
  if (options.onProgress !== undefined) checkFunction(fn, 'options.onProgress', options.onProgress);
  const { signal } = options;
  signal?.throwIfAborted();

  const inputs = await inputFiles(options.files, INPUT_EXTENSIONS[options.from]);
  if (inputs.issues.length > 0) throw new ImportError(fn, inputs.issues);
  const totalBytes = inputs.files.reduce((sum, file) => sum + file.bytes, 0);
  let bytesRead = 0;
  const onProgress = options.onProgress;
  const output = await ImportOutput.open(options.outDir);
  const context: ImportContext = {
    output,
    places: new PlaceRegistry(),
    counts: { rowsRead: 0, rowsKept: 0, rowsRejected: 0 },
    fatal: [],
    report: options.onIssue ?? (() => {}),
    progress: (bytes) => {
      bytesRead += bytes;
      onProgress?.(bytesRead, totalBytes);
    },
    signal,
  };
  try {
    if (options.from === 'openaq') await importOpenAqFiles(inputs.files, context);
    else if (options.from === 'purpleair') await importPurpleAirFiles(inputs.files, context);
    else await importSensorCommunityFiles(inputs.files, context);
    if (context.fatal.length > 0) throw new ImportError(fn, context.fatal);
    const installations = context.places.installations();
    await output.commit(installations);
    return {
      source: options.from,
      files: inputs.files.length,
      ...context.counts,
      samplesWritten: output.samplesWritten,
      installations: installations.length,
      splitLocations: context.places.splitCount,
      installationsPath: output.installationsPath,
      samplesPath: output.samplesPath,
    };
  } catch (error) {
    await output.discard();
    throw error;
  }
}
