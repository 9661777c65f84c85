import {
  DEFAULT_INDEX_TYPE,
  INDEX_TYPE_NAMES,
  type IndexTypeName,
  isIndexTypeName,
} from '../indexes/index.js';
import { LANGUAGES, type Language } from '../model/api-types.js';
import { describeValue, toEpochMs } from '../time/instant.js';
import type { MeasurementsRequestOptions } from './measurements-service.js';

// Argument checks of the measurements service. Each throws once, at the boundary, naming the
// method, the parameter and the value; data outcomes are never thrown.

/** A request's options with the defaults applied. */
export interface ResolvedRequest {
  readonly nowMs: number;
  readonly indexType: IndexTypeName;
  readonly language: Language;
}

/**
 * Validates per-request options and applies the defaults (`VENDOR_CAQI`, `en`).
 *
 * @param where - the method named in error messages
 * @throws TypeError / RangeError naming `options.now`, `options.indexType` or `options.language`
 * @example
 * resolveRequest({ now: 0 }, 'f'); // { nowMs: 0, indexType: 'VENDOR_CAQI', language: 'en' }
 */
export function resolveRequest(
  options: MeasurementsRequestOptions,
  where: string,
): ResolvedRequest {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${where}: options must be an object, got ${describeValue(options)}`);
  }
  const nowMs = toEpochMs(options.now, where, 'options.now');
  const indexType = options.indexType ?? DEFAULT_INDEX_TYPE;
  if (!isIndexTypeName(indexType)) {
    throw new RangeError(
      `${where}: options.indexType must be one of ${INDEX_TYPE_NAMES.join(', ')}, got ${describeValue(indexType)}`,
    );
  }
  const language = options.language ?? LANGUAGES[0]!;
  if (!LANGUAGES.includes(language)) {
    throw new RangeError(
      `${where}: options.language must be one of ${LANGUAGES.join(', ')}, got ${describeValue(language)}`,
    );
  }
  return { nowMs, indexType, language };
}

/**
 * Throws unless `latitude` is in [-90, 90] and `longitude` in [-180, 180] (finite numbers).
 *
 * @example
 * checkCoordinates(91, 0, 'f'); // RangeError: f: latitude must be a finite number in [-90, 90], got 91
 */
export function checkCoordinates(latitude: number, longitude: number, where: string): void {
  checkRange(latitude, -90, 90, 'latitude', where);
  checkRange(longitude, -180, 180, 'longitude', where);
}

/**
 * Throws unless `id` is a safe integer.
 *
 * @example
 * checkInstallationId(1.5, 'f'); // RangeError: f: installationId must be an integer, got 1.5
 */
export function checkInstallationId(id: number, where: string): void {
  if (typeof id !== 'number') {
    throw new TypeError(`${where}: installationId must be a number, got ${describeValue(id)}`);
  }
  if (!Number.isSafeInteger(id)) {
    throw new RangeError(`${where}: installationId must be an integer, got ${describeValue(id)}`);
  }
}

function checkRange(value: number, min: number, max: number, name: string, where: string): void {
  if (typeof value !== 'number') {
    throw new TypeError(`${where}: ${name} must be a number, got ${describeValue(value)}`);
  }
  // Written so that NaN fails too.
  if (!(value >= min && value <= max)) {
    throw new RangeError(
      `${where}: ${name} must be a finite number in [${min}, ${max}], got ${describeValue(value)}`,
    );
  }
}
