// Encoding and decoding of one journal record (the layout is in journal-format.ts). Node's
// Buffer methods write and read little-endian numbers at any offset, which the 25-byte samples
// need (a DataView would do the same with an explicit `true` on every call).

import { argumentError } from '../../arguments/describe-value.js';
import { crc32 } from '../../http/crc32.js';
import type { Sample } from '../ingest-report.js';
import type { PlacedInstallation } from '../placed-installation.js';
import {
  JOURNAL_TYPE_CODES,
  journalTypeCode,
  MAX_RECORD_SAMPLES,
  MIN_PLACES_PAYLOAD_BYTES,
  PAYLOAD_COUNT_BYTES,
  RECORD_HEADER_BYTES,
  SAMPLE_BYTES,
  SAMPLES_ONLY_VERSION,
} from './journal-format.js';
import { decodePlacesPayload, isPlacesPayload } from './journal-places.js';

/** One record read back: the samples of an append, or the places of an appendPlaces. */
export type JournalRecord =
  | { readonly kind: 'samples'; readonly samples: Sample[] }
  | { readonly kind: 'places'; readonly places: PlacedInstallation[] };

/**
 * Encodes `samples` as one whole record: header (payload length, CRC-32) and payload. The
 * samples are expected to be validated by the caller; only what the format cannot hold is
 * refused here.
 *
 * @param functionName - the public method, for error messages
 * @throws TypeError when `samples` is not an array, a sample is not an object, a name has no
 *   type code or a number field is not a number; RangeError above {@link MAX_RECORD_SAMPLES}
 * @example
 * encodeRecord('SampleJournal.append', [{ installationId: 1001, name: 'PM10', atMs: 0, value: 41.3 }]).length;
 * // 37: 8 header bytes, 4 count bytes, 25 sample bytes
 */
export function encodeRecord(functionName: string, samples: readonly Sample[]): Buffer {
  if (!Array.isArray(samples)) {
    throw argumentError(TypeError, functionName, 'samples', 'must be an array', samples);
  }
  if (samples.length > MAX_RECORD_SAMPLES) {
    const expectation = `must hold at most ${MAX_RECORD_SAMPLES} samples`;
    throw argumentError(RangeError, functionName, 'samples.length', expectation, samples.length);
  }
  const payloadLength = PAYLOAD_COUNT_BYTES + samples.length * SAMPLE_BYTES;
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + payloadLength);
  let at = RECORD_HEADER_BYTES;
  at = record.writeUInt32LE(samples.length, at);
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] as unknown;
    if (typeof sample !== 'object' || sample === null) {
      throw argumentError(TypeError, functionName, `samples[${i}]`, 'must be an object', sample);
    }
    const { installationId, name, atMs, value } = sample as Sample;
    const code = journalTypeCode(name);
    if (code === undefined) {
      const expectation = `must be one of ${JOURNAL_TYPE_CODES.join(', ')}`;
      throw argumentError(TypeError, functionName, `samples[${i}].name`, expectation, name);
    }
    checkNumberField(functionName, i, 'installationId', installationId);
    checkNumberField(functionName, i, 'atMs', atMs);
    checkNumberField(functionName, i, 'value', value);
    at = record.writeDoubleLE(installationId, at);
    at = record.writeUInt8(code, at);
    at = record.writeDoubleLE(atMs, at);
    at = record.writeDoubleLE(value, at);
  }
  record.writeUInt32LE(payloadLength, 0);
  record.writeUInt32LE(crc32(record.subarray(RECORD_HEADER_BYTES)), 4);
  return record;
}

// Buffer.writeDoubleLE would turn a string into a number without a word; the journal must
// replay exactly what was appended, so anything but a number is refused.
function checkNumberField(functionName: string, index: number, field: string, value: unknown) {
  if (typeof value !== 'number') {
    const parameter = `samples[${index}].${field}`;
    throw argumentError(TypeError, functionName, parameter, 'must be a number', value);
  }
}

/**
 * Whether a record header's payload length can be a payload: a count and whole samples.
 *
 * @example
 * isPayloadLength(29); // true: one sample
 * isPayloadLength(0); // false: a zero-filled tail
 */
export function isPayloadLength(length: number): boolean {
  return length >= PAYLOAD_COUNT_BYTES && (length - PAYLOAD_COUNT_BYTES) % SAMPLE_BYTES === 0;
}

/**
 * Whether a record header's payload length can be a payload of a file of format `version`:
 * samples ({@link isPayloadLength}), or from version 2 on places as well.
 *
 * @example
 * isRecordLength(6, 2); // true: a places payload may be this short
 * isRecordLength(6, 1); // false
 */
export function isRecordLength(length: number, version: number): boolean {
  if (isPayloadLength(length)) return true;
  return version > SAMPLES_ONLY_VERSION && length >= MIN_PLACES_PAYLOAD_BYTES;
}

/**
 * The record of a payload in a file of format `version`, or `undefined` when it is corrupt
 * (see {@link decodeRecord}; a places payload in a version-1 file, or one whose JSON is not an
 * array, is corrupt too).
 *
 * @example
 * const record = encodeRecord('f', [{ installationId: 7, name: 'NO2', atMs: 0, value: 12 }]);
 * decodeJournalRecord(record.subarray(8), record.readUInt32LE(4), 2);
 * // { kind: 'samples', samples: [{ installationId: 7, name: 'NO2', atMs: 0, value: 12 }] }
 */
export function decodeJournalRecord(
  payload: Buffer,
  storedCrc: number,
  version: number,
): JournalRecord | undefined {
  if (version > SAMPLES_ONLY_VERSION && isPlacesPayload(payload)) {
    if (crc32(payload) !== storedCrc) return undefined;
    const places = decodePlacesPayload(payload);
    return places === undefined ? undefined : { kind: 'places', places };
  }
  const samples = decodeRecord(payload, storedCrc);
  return samples === undefined ? undefined : { kind: 'samples', samples };
}

/**
 * The samples of a record's payload, or `undefined` when the record is corrupt: its CRC does
 * not match `storedCrc`, its count disagrees with its length or a type code is unknown.
 *
 * @param payload - exactly the payload bytes (a view; the samples are copied out of it)
 * @param storedCrc - the CRC-32 from the record header
 * @example
 * const record = encodeRecord('f', [{ installationId: 7, name: 'NO2', atMs: 0, value: 12 }]);
 * decodeRecord(record.subarray(8), record.readUInt32LE(4)); // [{ installationId: 7, name: 'NO2', atMs: 0, value: 12 }]
 */
export function decodeRecord(payload: Buffer, storedCrc: number): Sample[] | undefined {
  if (!isPayloadLength(payload.length) || crc32(payload) !== storedCrc) return undefined;
  const count = payload.readUInt32LE(0);
  if (PAYLOAD_COUNT_BYTES + count * SAMPLE_BYTES !== payload.length) return undefined;
  const samples = new Array<Sample>(count);
  let at = PAYLOAD_COUNT_BYTES;
  for (let i = 0; i < count; i++) {
    const installationId = payload.readDoubleLE(at);
    const name = JOURNAL_TYPE_CODES[payload.readUInt8(at + 8)];
    if (name === undefined) return undefined;
    const atMs = payload.readDoubleLE(at + 9);
    const value = payload.readDoubleLE(at + 17);
    samples[i] = { installationId, name, atMs, value };
    at += SAMPLE_BYTES;
  }
  return samples;
}
