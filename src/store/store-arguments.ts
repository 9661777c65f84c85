import { argumentError } from '../arguments/describe-value.js';
import { checkWindows } from '../arguments/time-checks.js';
import type { TimeWindow } from '../time/windows.js';
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
  if (typeof installationId !== 'number') {
    throw argumentError(
      TypeError,
      functionName,
      'installationId',
      'must be a number',
      installationId,
    );
  }
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
