// parseSamplesCsvRow: one row of the samples format, for readers that stream a large file.
import { describe, expect, it } from 'vitest';
import { parseSamplesCsv, parseSamplesCsvRow } from '../../src/store/samples-csv.js';

describe('parseSamplesCsvRow', () => {
  it('reads a row into a sample', () => {
    expect(parseSamplesCsvRow(' 1001 ,"PM10",2026-11-21T09:05:00Z,41.3')).toEqual({
      installationId: 1001,
      name: 'PM10',
      atMs: Date.UTC(2026, 10, 21, 9, 5),
      value: 41.3,
    });
  });

  it('gives every reason a row is refused, as parseSamplesCsv reports it', () => {
    expect(parseSamplesCsvRow('0,,later,0x10')).toBe(
      'installationId must be a positive integer, got "0"; name must not be empty; timestamp must be an ISO 8601 date-time, got "later"; value must be a finite decimal number, got "0x10"',
    );
    expect(parseSamplesCsvRow('1,PM10,2026-11-21T09:05:00Z')).toBe(
      'expected 4 comma-separated fields, got 3',
    );
    const { issues } = parseSamplesCsv(
      'installationId,name,timestamp,value\n0,,later,0x10\n',
      's.csv',
    );
    expect(issues).toEqual([
      { file: 's.csv', line: 2, message: parseSamplesCsvRow('0,,later,0x10') },
    ]);
  });
});
