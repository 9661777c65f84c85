import { checkFiniteNumber, isNumberArrayLike } from '../arguments/argument-checks.js';
import { argumentError, describeValue } from '../arguments/describe-value.js';
import { checkWindows } from '../arguments/time-checks.js';
import { isMeasurementTypeName, type MeasurementTypeName } from '../meta/measurement-types.js';
import { formatTimestamp } from '../time/instant.js';
import type { TimeWindow } from '../time/windows.js';
import type { IngestContext } from './ingest-plan.js';
import type { IngestOptions } from './ingest-report.js';

// The argument checks that every MeasurementStore implementation makes at its boundary, so
// that each store refuses misuse with the same error type and wording (its own name first).

/**
 * Throws a TypeError unless `id` is a number other than NaN. Any other number is a valid
 * question (1.5 or an unknown id answers `missing`).
 *
 * @example
 * checkLookupId('InMemoryStore.findInstallation', '1');
 * // TypeError: InMemoryStore.findInstallation: id must be a number, got "1"
 */
export function checkLookupId(functionName: string, id: unknown): asserts id is number {
  if (typeof id !== 'number' || Number.isNaN(id)) {
    throw argumentError(TypeError, functionName, 'id', 'must be a number', id);
  }
}

/**
 * Checks the arguments of `windowAverages`: a number for the installation, then every window.
 *
 * @throws TypeError when `installationId` is not a number; TypeError / RangeError naming the
 *   first bad window
 * @example
 * checkWindowAveragesArguments('InMemoryStore.windowAverages', '11', []);
 * // TypeError: InMemoryStore.windowAverages: installationId must be a number, got "11"
 */
export function checkWindowAveragesArguments(
  functionName: string,
  installationId: unknown,
  windows: readonly TimeWindow[],
): void {
  checkInstallationId(functionName, installationId);
  checkWindows(functionName, windows);
}

/**
 * Checks the arguments of `ingest`: an array of samples (each sample is judged by the ingest
 * plan, not here) and an optional boolean `atomic`.
 *
 * @example
 * checkIngestArguments('InMemoryStore.ingest', 'x', {});
 * // TypeError: InMemoryStore.ingest: samples must be an array, got "x"
 */
export function checkIngestArguments(
  functionName: string,
  samples: unknown,
  options: IngestOptions,
): void {
  if (!Array.isArray(samples)) {
    throw argumentError(TypeError, functionName, 'samples', 'must be an array', samples);
  }
  if (options.atomic !== undefined && typeof options.atomic !== 'boolean') {
    throw argumentError(
      TypeError,
      functionName,
      'options.atomic',
      'must be a boolean',
      options.atomic,
    );
  }
}

/**
 * Checks the arguments of `firstSampleTimes`: a number for the installation and an array of
 * finite instants.
 *
 * @example
 * checkFirstSampleTimesArguments('InMemoryStore.firstSampleTimes', 11, [Number.NaN]);
 * // RangeError: InMemoryStore.firstSampleTimes: instantsMs[0] must be a finite number, got NaN
 */
export function checkFirstSampleTimesArguments(
  functionName: string,
  installationId: unknown,
  instantsMs: unknown,
): void {
  checkInstallationId(functionName, installationId);
  if (!Array.isArray(instantsMs)) {
    throw argumentError(TypeError, functionName, 'instantsMs', 'must be an array', instantsMs);
  }
  for (const [i, atMs] of instantsMs.entries()) {
    checkFiniteNumber(functionName, `instantsMs[${i}]`, atMs);
  }
}

/**
 * Checks the arguments of `ingestColumns`: an installation the store knows (active, replaced or
 * removed), a measurement type name, two arrays of one length, and no timestamp before what the
 * store still keeps.
 *
 * @param context - the store's installations and retention horizon (epoch ms), as `planIngest`
 *   judges samples against them
 * @example
 * const context = { isKnownInstallation: (id: number) => id === 1001, retainedFromMs: 0 };
 * checkIngestColumnsArguments('InMemoryStore.ingestColumns', 1001, 'PM10', [0], [], context);
 * // RangeError: InMemoryStore.ingestColumns: atMs and values must be arrays of the same length, got lengths 1 and 0
 */
export function checkIngestColumnsArguments(
  functionName: string,
  installationId: number,
  name: string,
  atMs: ArrayLike<number>,
  values: ArrayLike<number>,
  context: IngestContext,
): asserts name is MeasurementTypeName {
  if (!context.isKnownInstallation(installationId)) {
    const expectation = 'must be a known installation';
    throw argumentError(RangeError, functionName, 'installationId', expectation, installationId);
  }
  if (!isMeasurementTypeName(name)) {
    throw argumentError(RangeError, functionName, 'name', 'must be a measurement type name', name);
  }
  if (!isNumberArrayLike(atMs) || !isNumberArrayLike(values) || atMs.length !== values.length) {
    throw new RangeError(
      `${functionName}: atMs and values must be arrays of the same length, got lengths ${describeValue(atMs?.length)} and ${describeValue(values?.length)}`,
    );
  }
  const { retainedFromMs } = context;
  for (let i = 0; i < atMs.length; i++) {
    if (atMs[i]! < retainedFromMs) {
      throw new RangeError(
        `${functionName}: atMs[${i}] = ${atMs[i]} is before the retention horizon ${formatTimestamp(retainedFromMs)}`,
      );
    }
  }
}

/**
 * Checks `options.retentionMs` of a store: absent, or a positive finite number of ms.
 *
 * @example
 * checkRetentionMs('InMemoryStore', 0);
 * // RangeError: InMemoryStore: options.retentionMs must be a positive finite number of milliseconds, got 0
 */
export function checkRetentionMs(functionName: string, retentionMs: unknown): void {
  if (
    retentionMs !== undefined &&
    !(typeof retentionMs === 'number' && retentionMs > 0 && Number.isFinite(retentionMs))
  ) {
    const expectation = 'must be a positive finite number of milliseconds';
    throw argumentError(RangeError, functionName, 'options.retentionMs', expectation, retentionMs);
  }
}

/**
 * Checks the optional samples of `putInstallations`: absent or an array (each sample is judged
 * by the ingest plan).
 *
 * @example
 * checkOptionalSamples('InMemoryStore.putInstallations', {});
 * // TypeError: InMemoryStore.putInstallations: samples must be an array when given, got {}
 */
export function checkOptionalSamples(functionName: string, samples: unknown): void {
  if (samples !== undefined && !Array.isArray(samples)) {
    throw argumentError(TypeError, functionName, 'samples', 'must be an array when given', samples);
  }
}

// The installation of a query is any number (an unknown one answers empty), never another type.
function checkInstallationId(functionName: string, installationId: unknown): void {
  if (typeof installationId !== 'number') {
    throw argumentError(
      TypeError,
      functionName,
      'installationId',
      'must be a number',
      installationId,
    );
  }
}
