import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatSamplesCsvRow,
  parseDecimal,
  parseSamplesCsv,
  SAMPLES_CSV_HEADER,
} from '../../src/store/samples-csv.js';

const HEADER = 'installationId,name,timestamp,value';

describe('parseSamplesCsv', () => {
  it('parses rows into samples and remembers their lines', () => {
    const text = `${HEADER}\n1001,PM10,2026-11-21T09:05:00.000Z,41.3\n1002,TEMPERATURE,2026-11-21T10:05:00+01:00,-1.5e0\n`;
    expect(parseSamplesCsv(text, 's.csv')).toEqual({
      samples: [
        { installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9, 5), value: 41.3 },
        {
          installationId: 1002,
          name: 'TEMPERATURE',
          atMs: Date.UTC(2026, 10, 21, 9, 5),
          value: -1.5,
        },
      ],
      lines: [2, 3],
      issues: [],
    });
  });

  it('reads a timestamp without a zone as UTC', () => {
    const { samples } = parseSamplesCsv(`${HEADER}\n1,PM10,2026-11-21T09:00:00,1`, 's.csv');
    expect(samples[0]?.atMs).toBe(Date.UTC(2026, 10, 21, 9));
  });

  it('tolerates a BOM, CRLF, blank lines, spaces and quoted fields', () => {
    const text = `\uFEFF${HEADER}\r\n\r\n 1001 ,"PM10", 2026-11-21T09:05:00Z ,"41.3"\r\n\r\n`;
    const parsed = parseSamplesCsv(text, 's.csv');
    expect(parsed.issues).toEqual([]);
    expect(parsed.samples).toEqual([
      { installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9, 5), value: 41.3 },
    ]);
    expect(parsed.lines).toEqual([3]);
  });

  it('accepts a file with only the header', () => {
    expect(parseSamplesCsv(`${HEADER}\n`, 's.csv')).toEqual({ samples: [], lines: [], issues: [] });
  });

  it('requires the header on line 1', () => {
    expect(
      parseSamplesCsv('id,name,time,value\n1,PM10,2026-11-21T09:00:00Z,1\n', 's.csv').issues,
    ).toEqual([
      {
        file: 's.csv',
        line: 1,
        message: `the header must be ${SAMPLES_CSV_HEADER}, got "id,name,time,value"`,
      },
    ]);
    expect(parseSamplesCsv('', 'empty.csv').issues).toEqual([
      { file: 'empty.csv', line: 1, message: `the header must be ${SAMPLES_CSV_HEADER}, got ""` },
    ]);
  });

  it('reports every bad row with its line and every reason', () => {
    const text = [
      HEADER,
      '1001,PM10,2026-11-21T09:05:00Z,40',
      '1001,PM10,yesterday,50',
      '',
      'x,,2026-11-21T09:05:00Z,0x10',
      '1001,PM10,2026-11-21T09:05:00Z',
      '1001,PM10,2026-11-21T09:05:00Z,1e999',
      '-3,PM10,2026-11-21T09:05:00Z,Infinity',
    ].join('\n');
    const { samples, issues } = parseSamplesCsv(text, 'bad.csv');
    expect(samples).toHaveLength(1);
    expect(issues).toEqual([
      {
        file: 'bad.csv',
        line: 3,
        message: 'timestamp must be an ISO 8601 date-time, got "yesterday"',
      },
      {
        file: 'bad.csv',
        line: 5,
        message:
          'installationId must be a positive integer, got "x"; name must not be empty; value must be a finite decimal number, got "0x10"',
      },
      { file: 'bad.csv', line: 6, message: 'expected 4 comma-separated fields, got 3' },
      { file: 'bad.csv', line: 7, message: 'value must be a finite decimal number, got "1e999"' },
      {
        file: 'bad.csv',
        line: 8,
        message:
          'installationId must be a positive integer, got "-3"; value must be a finite decimal number, got "Infinity"',
      },
    ]);
  });

  it('round-trips any well-formed row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('PM1', 'PM25', 'PM10', 'NO2', 'ANY_NAME'),
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2999, 0, 1) }),
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.boolean(),
        (installationId, name, atMs, value, crlf) => {
          const eol = crlf ? '\r\n' : '\n';
          const row = `${installationId},${name},${new Date(atMs).toISOString()},${value}`;
          const parsed = parseSamplesCsv(`${HEADER}${eol}${row}${eol}`, 'p.csv');
          expect(parsed.issues).toEqual([]);
          expect(parsed.samples).toEqual([{ installationId, name, atMs, value: value + 0 }]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('formatSamplesCsvRow / parseDecimal', () => {
  it('writes a row that parses back to the same sample (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('PM25', 'PRESSURE', 'NO'),
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2999, 0, 1) }),
        fc.double({ min: -1e15, max: 1e15, noNaN: true }),
        (installationId, name, atMs, value) => {
          const sample = { installationId, name, atMs, value: value + 0 };
          const row = formatSamplesCsvRow(sample);
          expect(parseSamplesCsv(`${HEADER}\n${row}\n`, 'r.csv').samples).toEqual([sample]);
        },
      ),
      { numRuns: 1000 },
    );
    expect(
      formatSamplesCsvRow({
        installationId: 7,
        name: 'PM10',
        atMs: Date.UTC(2026, 10, 21, 9, 5),
        value: 1e-7,
      }),
    ).toBe('7,PM10,2026-11-21T09:05:00.000Z,1e-7');
  });

  it('reads plain decimals only', () => {
    expect(['1', '-1.5e3', '.5', '+2.'].map(parseDecimal)).toEqual([1, -1500, 0.5, 2]);
    expect(['', '0x10', 'Infinity', '1,5', ' 1', 'NaN'].map(parseDecimal)).toEqual(
      Array(6).fill(Number.NaN),
    );
  });
});
