import { checkNumberInRange, checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { checkInstant } from '../arguments/time-checks.js';
import {
  DEFAULT_INDEX_TYPE,
  INDEX_TYPE_NAMES,
  type IndexTypeName,
} from '../indexes/index-table.js';
import { LANGUAGES, type Language } from '../model/api-types.js';
import type { MeasurementsRequestOptions } from './measurements-service.js';

// Argument checks of the measurements service, built on the shared checks so that every
// message names the method, the parameter and the value; data outcomes are never thrown.

/** A request's options with the defaults applied. */
export interface ResolvedRequest {
  readonly nowMs: number;
  readonly indexType: IndexTypeName;
  readonly language: Language;
}

/**
 * Validates per-request options and applies the defaults (`VENDOR_CAQI`, `en`).
 *
 * @param functionName - the method named in error messages
 * @throws TypeError / RangeError naming `options.now`, `options.indexType` or `options.language`
 * @example
 * resolveRequest('f', { now: 0 }); // { nowMs: 0, indexType: 'VENDOR_CAQI', language: 'en' }
 */
export function resolveRequest(
  functionName: string,
  options: MeasurementsRequestOptions,
): ResolvedRequest {
  checkObject(functionName, 'options', options);
  const nowMs = checkInstant(functionName, 'options.now', options.now);
  const indexType = options.indexType ?? DEFAULT_INDEX_TYPE;
  checkOneOf(functionName, 'options.indexType', indexType, INDEX_TYPE_NAMES);
  const language = options.language ?? LANGUAGES[0]!;
  checkOneOf(functionName, 'options.language', language, LANGUAGES);
  return { nowMs, indexType, language };
}

/**
 * Throws unless `latitude` is in [-90, 90] and `longitude` in [-180, 180] (finite numbers).
 *
 * @param functionName - the method named in error messages
 * @example
 * checkCoordinates('f', 91, 0); // RangeError: f: latitude must be a finite number in [-90, 90], got 91
 */
export function checkCoordinates(functionName: string, latitude: number, longitude: number): void {
  checkNumberInRange(functionName, 'latitude', latitude, -90, 90);
  checkNumberInRange(functionName, 'longitude', longitude, -180, 180);
}
