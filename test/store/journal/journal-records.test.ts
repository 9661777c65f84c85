// The record codec against an encoder written from the format description (DataView, zlib's
// CRC-32): byte-exact examples, a property over any samples, and the corrupt records that
// decoding must refuse.
import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEASUREMENT_TYPE_NAMES } from '../../../src/meta/measurement-types.js';
import type { Sample } from '../../../src/store/ingest-report.js';
import { JOURNAL_TYPE_CODES } from '../../../src/store/journal/journal-format.js';
import { decodeRecord, encodeRecord } from '../../../src/store/journal/journal-records.js';
import { RUNS } from '../../helpers/property-runs.js';
import { encodeRecordOracle, V1_TYPE_NAMES } from './journal-helpers.js';

const FN = 'SampleJournal.append';
const decode = (record: Buffer) => decodeRecord(record.subarray(8), record.readUInt32LE(4));

const sampleArb: fc.Arbitrary<Sample> = fc.record({
  installationId: fc.oneof(
    fc.integer({ min: 1, max: 100_000 }),
    fc.constant(Number.MAX_SAFE_INTEGER),
  ),
  name: fc.constantFrom(...V1_TYPE_NAMES),
  atMs: fc.oneof(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.double({ noNaN: true })),
  value: fc.double({ noNaN: true }),
});

describe('journal record codec', () => {
  it('writes one sample as the format describes it, byte for byte', () => {
    const sample = {
      installationId: 1001,
      name: 'PM10',
      atMs: Date.UTC(2026, 10, 21, 9),
      value: 41.3,
    };
    const record = encodeRecord(FN, [sample]);
    expect(record.length).toBe(8 + 4 + 25);
    expect(record.readUInt32LE(0)).toBe(29);
    expect(record.readUInt32LE(8)).toBe(1);
    expect(record.readDoubleLE(12)).toBe(1001);
    expect(record[20]).toBe(2); // PM10 is the third code
    expect(record.readDoubleLE(21)).toBe(Date.UTC(2026, 10, 21, 9));
    expect(record.readDoubleLE(29)).toBe(41.3);
    expect(new Uint8Array(record)).toEqual(encodeRecordOracle([sample]));
    expect(decode(record)).toEqual([sample]);
  });

  it('writes an empty batch as a record of count 0', () => {
    const record = encodeRecord(FN, []);
    expect(new Uint8Array(record)).toEqual(encodeRecordOracle([]));
    expect(decode(record)).toEqual([]);
  });

  it('keeps the version-1 type codes, and has a code for every measurement type', () => {
    expect(JOURNAL_TYPE_CODES).toEqual(V1_TYPE_NAMES);
    expect(Object.isFrozen(JOURNAL_TYPE_CODES)).toBe(true);
    for (const name of MEASUREMENT_TYPE_NAMES) expect(JOURNAL_TYPE_CODES).toContain(name);
  });

  it('matches the oracle and decodes back exactly for any samples', () => {
    fc.assert(
      fc.property(fc.array(sampleArb, { maxLength: 20 }), (samples) => {
        const record = encodeRecord(FN, samples);
        expect(new Uint8Array(record)).toEqual(encodeRecordOracle(samples));
        expect(decode(record)).toEqual(samples);
      }),
      RUNS,
    );
  });

  it('refuses what the format cannot hold, naming the sample and field', () => {
    const ok = { installationId: 1, name: 'PM25', atMs: 0, value: 1 };
    expect(() => encodeRecord(FN, 'x' as never)).toThrow(
      new TypeError('SampleJournal.append: samples must be an array, got "x"'),
    );
    expect(() => encodeRecord(FN, [ok, null as never])).toThrow(
      new TypeError('SampleJournal.append: samples[1] must be an object, got null'),
    );
    expect(() => encodeRecord(FN, [{ ...ok, name: 'PM2.5' }])).toThrow(
      new TypeError(
        `SampleJournal.append: samples[0].name must be one of ${V1_TYPE_NAMES.join(', ')}, got "PM2.5"`,
      ),
    );
    expect(() => encodeRecord(FN, [{ ...ok, atMs: '0' as never }])).toThrow(
      new TypeError('SampleJournal.append: samples[0].atMs must be a number, got "0"'),
    );
    expect(() => encodeRecord(FN, [{ ...ok, value: undefined as never }])).toThrow(
      new TypeError('SampleJournal.append: samples[0].value must be a number, got undefined'),
    );
    expect(() => encodeRecord(FN, [{ ...ok, installationId: 1n as never }])).toThrow(
      new TypeError('SampleJournal.append: samples[0].installationId must be a number, got 1n'),
    );
  });

  it('refuses a record whose CRC, count or type code is wrong', () => {
    const samples = [
      { installationId: 7, name: 'NO2', atMs: 0, value: 12 },
      { installationId: 8, name: 'O3', atMs: 1, value: 13 },
    ];
    const record = encodeRecord(FN, samples);
    const payload = record.subarray(8);
    const crc = record.readUInt32LE(4);
    expect(decodeRecord(payload, crc)).toEqual(samples);
    expect(decodeRecord(payload, (crc ^ 1) >>> 0)).toBeUndefined();
    expect(decodeRecord(payload.subarray(0, payload.length - 1), crc)).toBeUndefined();
    // A count that disagrees with the length, with a CRC that matches it.
    const miscounted = Buffer.from(payload);
    miscounted.writeUInt32LE(1, 0);
    expect(decodeRecord(miscounted, zlibCrc32(miscounted))).toBeUndefined();
    // A type code past the table, with a CRC that matches it.
    const unknownType = Buffer.from(payload);
    unknownType[4 + 8] = V1_TYPE_NAMES.length;
    expect(decodeRecord(unknownType, zlibCrc32(unknownType))).toBeUndefined();
  });
});
