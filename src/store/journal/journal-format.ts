// The sample journal's file format, versions 1 and 2. Every number is little-endian.
//
//   file    = header record*
//   header  = "AIRQJRNL" (8 ASCII bytes) | u32 version (1 or 2)                   12 bytes
//   record  = u32 payloadLength | u32 crc32(payload) | payload                     8 + n bytes
//   payload = samples | places (version 2 only)
//   samples = u32 sampleCount | sample × sampleCount                               4 + 25·count
//   sample  = f64 installationId | u8 typeCode | f64 atMs | f64 value              25 bytes
//   places  = u32 0xFFFFFFFF | UTF-8 JSON array of { place, installation }        4 + n bytes
//
// One samples record holds the samples of one `SampleJournal.append` call, one places record
// the installations of one `SampleJournal.appendPlaces` call: those a followed source created
// while the server ran (`place` is { source, sourceId, k }, `installation` the installation as
// the store keeps it). The CRC is CRC-32 with the gzip polynomial (the one of
// `src/http/crc32.ts`), over the payload only; the length is checked instead by its own rules:
// for samples at least 4, 4 more than a multiple of 25, agreeing with the sample count; for
// places at least 6; in both cases not reaching past the end of the file.
//
// Version 2 only adds the places record: a version-1 record is a version-2 record unchanged, and
// a sample count can never be 0xFFFFFFFF (MAX_RECORD_SAMPLES is far below it), so the mark never
// reads as samples. A journal is created as version 1 and stays so while it holds samples
// only, for any airq to read. Before its first places record is written its header's version
// is rewritten to 2 and synced: an airq that reads version 1 only would take the places record
// for a corrupt tail and cut it with everything after it, so it must refuse the file instead.
//
// The installation id is a float64 so that every id the store accepts (a positive safe
// integer, up to 2⁵³ − 1) round-trips exactly; timestamps and values are float64 for the same
// reason. The type code is the position of the name in JOURNAL_TYPE_CODES, a table of this
// format's own rather than MEASUREMENT_TYPE_NAMES, so that adding or reordering measurement
// types elsewhere can never change what an existing file means: new types are appended here.
//
// Reading stops at the first record whose length breaks a rule, whose bytes end before its
// length says (a torn write), whose CRC does not match, whose type code is unknown, or whose
// places are not a JSON array (or appear in a version-1 file). That record and everything
// after it are the tail that replay cuts off, unless every byte from it to the end is zero: a
// payload length of 0 is no record's, and zeros there are the reserve a writer keeps ahead of
// its records while it runs (journal-writer.ts), which replay keeps.

import type { MeasurementTypeName } from '../../meta/measurement-types.js';

/** The first 8 bytes of every journal file, `AIRQJRNL` in ASCII. */
export const JOURNAL_MAGIC = 'AIRQJRNL';

/**
 * The newest format version this code reads and writes: 2, the version of a journal that holds
 * places. A journal of samples only is version 1 (see the file comment).
 */
export const JOURNAL_VERSION = 2;

/** The version of a new journal, and of one that holds samples only. */
export const SAMPLES_ONLY_VERSION = 1;

/** The first u32 of a places payload, where a samples payload has its count. */
export const PLACES_RECORD_MARK = 0xffffffff;

/** Bytes of the shortest places payload: the mark and `[]`. */
export const MIN_PLACES_PAYLOAD_BYTES = 6;

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
