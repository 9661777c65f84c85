// The sample journal's file format, version 1. Every number is little-endian.
//
//   file    = header record*
//   header  = "AIRQJRNL" (8 ASCII bytes) | u32 version (1)                        12 bytes
//   record  = u32 payloadLength | u32 crc32(payload) | payload                     8 + n bytes
//   payload = u32 sampleCount | sample × sampleCount                               4 + 25·count
//   sample  = f64 installationId | u8 typeCode | f64 atMs | f64 value              25 bytes
//
// One record holds the samples of one `SampleJournal.append` call. The CRC is CRC-32 with the
// gzip polynomial (the one of `src/http/crc32.ts`), over the payload only; the length is
// checked instead by its own rules: at least 4, 4 more than a multiple of 25, agreeing with the
// sample count, and not reaching past the end of the file.
//
// The installation id is a float64 so that every id the store accepts (a positive safe
// integer, up to 2⁵³ − 1) round-trips exactly; timestamps and values are float64 for the same
// reason. The type code is the position of the name in JOURNAL_TYPE_CODES, a table of this
// format's own rather than MEASUREMENT_TYPE_NAMES, so that adding or reordering measurement
// types elsewhere can never change what an existing file means: new types are appended here.
//
// Reading stops at the first record whose length breaks a rule, whose bytes end before its
// length says (a torn write), whose CRC does not match, or whose type code is unknown. That
// record and everything after it are the tail that replay cuts off.

import type { MeasurementTypeName } from '../../meta/measurement-types.js';

/** The first 8 bytes of every journal file, `AIRQJRNL` in ASCII. */
export const JOURNAL_MAGIC = 'AIRQJRNL';

/** The format version this code writes and reads. */
export const JOURNAL_VERSION = 1;

/** Bytes of the file header: the magic and a u32 version. */
export const JOURNAL_HEADER_BYTES = 12;

/** Bytes before each record's payload: u32 payload length, u32 CRC-32 of the payload. */
export const RECORD_HEADER_BYTES = 8;

/** Bytes of a payload's sample count. */
export const PAYLOAD_COUNT_BYTES = 4;

/** Bytes of one encoded sample: f64 installation id, u8 type code, f64 atMs, f64 value. */
export const SAMPLE_BYTES = 25;

/** The most samples one record can hold: its payload length must fit a u32. */
export const MAX_RECORD_SAMPLES = Math.floor((0xffffffff - PAYLOAD_COUNT_BYTES) / SAMPLE_BYTES);

/**
 * Measurement type names by their code in version 1 of the format (the code is the position).
 * Frozen: a file written today must read the same after the list of types grows.
 */
export const JOURNAL_TYPE_CODES: readonly MeasurementTypeName[] = Object.freeze([
  'PM1',
  'PM25',
  'PM10',
  'PRESSURE',
  'HUMIDITY',
  'TEMPERATURE',
  'WIND_SPEED',
  'WIND_BEARING',
  'NO2',
  'O3',
  'SO2',
  'CO',
  'H2S',
  'NO',
]);

// Name → code, built on first use (no work at import time). Every measurement type must have a
// code; a type without one is refused by the encoder with a message naming it.
let codesByName: ReadonlyMap<string, number> | undefined;

/** The code of a measurement type name, or `undefined` for a name the format has no code for. */
export function journalTypeCode(name: string): number | undefined {
  codesByName ??= new Map(JOURNAL_TYPE_CODES.map((typeName, code) => [typeName, code]));
  return codesByName.get(name);
}
