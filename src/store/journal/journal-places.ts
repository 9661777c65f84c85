// The places record of journal format version 2 (journal-format.ts): the installations a
// followed source created while the server ran, as JSON after a mark. JSON because an
// installation is a tree of optional strings (address, sponsor, correction) that the store
// validates again at replay; the record is written once per new or changed place, never per
// sample, so its size does not matter.

import { argumentError } from '../../arguments/describe-value.js';
import { crc32 } from '../../http/crc32.js';
import type { PlacedInstallation } from '../placed-installation.js';
import {
  MIN_PLACES_PAYLOAD_BYTES,
  PLACES_RECORD_MARK,
  RECORD_HEADER_BYTES,
} from './journal-format.js';

/**
 * Encodes placed installations (checked by the caller) as one whole places record: header
 * (payload length, CRC-32), the mark and the UTF-8 JSON of `entries`.
 *
 * @param functionName - the public method, for error messages
 * @throws TypeError when `entries` is not an array; RangeError when its JSON does not fit a
 *   record (4 GiB)
 * @example
 * encodePlacesRecord('SampleJournal.appendPlaces', []).length; // 14: 8 header bytes, the mark, `[]`
 */
export function encodePlacesRecord(
  functionName: string,
  entries: readonly PlacedInstallation[],
): Buffer {
  if (!Array.isArray(entries)) {
    throw argumentError(TypeError, functionName, 'entries', 'must be an array', entries);
  }
  const json = Buffer.from(JSON.stringify(entries), 'utf8');
  const payloadLength = 4 + json.length;
  if (payloadLength > 0xffffffff) {
    throw argumentError(
      RangeError,
      functionName,
      'entries',
      'must fit one record (4 GiB of JSON)',
      entries.length,
    );
  }
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + payloadLength);
  record.writeUInt32LE(payloadLength, 0);
  record.writeUInt32LE(PLACES_RECORD_MARK, RECORD_HEADER_BYTES);
  json.copy(record, RECORD_HEADER_BYTES + 4);
  record.writeUInt32LE(crc32(record.subarray(RECORD_HEADER_BYTES)), 4);
  return record;
}

/**
 * Whether a payload (its CRC already checked) is a places payload: it starts with the mark.
 *
 * @example
 * isPlacesPayload(encodePlacesRecord('f', []).subarray(8)); // true
 */
export function isPlacesPayload(payload: Buffer): boolean {
  return (
    payload.length >= MIN_PLACES_PAYLOAD_BYTES && payload.readUInt32LE(0) === PLACES_RECORD_MARK
  );
}

/**
 * The entries of a places payload, or `undefined` when its JSON does not read as an array (a
 * record this code never wrote). The entries are validated by the store that takes them.
 *
 * @example
 * decodePlacesPayload(encodePlacesRecord('f', [placed]).subarray(8)); // [placed]
 */
export function decodePlacesPayload(payload: Buffer): PlacedInstallation[] | undefined {
  try {
    const entries: unknown = JSON.parse(payload.toString('utf8', 4));
    return Array.isArray(entries) ? (entries as PlacedInstallation[]) : undefined;
  } catch {
    return undefined;
  }
}
