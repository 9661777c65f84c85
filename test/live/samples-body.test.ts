// readSamplesBody: worked examples of every reason a body or a row is refused, in JSON and CSV.
import { describe, expect, it } from 'vitest';
import { readSamplesBody } from '../../src/live/samples-body.js';

const NOW_MS = Date.UTC(2026, 10, 21, 10);
const AT_MS = Date.UTC(2026, 10, 21, 9, 5);
const HEADER = 'installationId,name,timestamp,value';

const good = { installationId: 1001, name: 'PM10', timestamp: '2026-11-21T09:05:00Z', value: 41.3 };
const sample = { installationId: 1001, name: 'PM10', atMs: AT_MS, value: 41.3 };

const json = (elements: unknown[]) => readSamplesBody(JSON.stringify(elements), 'json', NOW_MS);
const csv = (lines: string[]) => readSamplesBody(lines.join('\n'), 'csv', NOW_MS);

/** The reason of a one-element JSON body. */
function jsonReason(element: unknown): string | undefined {
  const result = json([element]);
  if (!result.ok) throw new Error(result.message);
  return result.rejected[0]?.reason;
}

describe('readSamplesBody json: the body as a whole', () => {
  it('refuses text that is not JSON, with the parser message', () => {
    const result = readSamplesBody('[{"installationId":1001,', 'json', NOW_MS);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^not JSON: /);
    expect(readSamplesBody('', 'json', NOW_MS).ok).toBe(false);
  });

  it('refuses JSON that is not an array, naming what it is', () => {
    const cases = [
      ['{"installationId":1001}', 'an object'],
      ['null', 'null'],
      ['"[]"', 'a string'],
      ['41.3', 'a number'],
      ['true', 'a boolean'],
    ] as const;
    for (const [text, kind] of cases) {
      expect(readSamplesBody(text, 'json', NOW_MS)).toEqual({
        ok: false,
        message: `must be a JSON array of samples, got ${kind}`,
      });
    }
  });

  it('reads an empty array as no rows, and tolerates a byte order mark', () => {
    expect(readSamplesBody(' [ ] ', 'json', NOW_MS)).toEqual({ ok: true, rows: [], rejected: [] });
    expect(readSamplesBody(`\uFEFF${JSON.stringify([good])}`, 'json', NOW_MS)).toEqual({
      ok: true,
      rows: [{ row: 0, sample }],
      rejected: [],
    });
  });
});

describe('readSamplesBody json: rows', () => {
  it('reads the samples with their array index, keeping the refused ones apart', () => {
    const result = json([good, { ...good, value: -3 }, { ...good, name: 'PM25', value: 7 }]);
    expect(result).toEqual({
      ok: true,
      rows: [
        { row: 0, sample },
        { row: 2, sample: { ...sample, name: 'PM25', value: 7 } },
      ],
      rejected: [{ row: 1, reason: 'PM10 value -3 is outside [0, 2000] µg/m³' }],
    });
  });

  it('reads a timestamp with an offset, or without a zone as UTC', () => {
    const result = json([
      { ...good, timestamp: '2026-11-21T10:05:00+01:00' },
      { ...good, timestamp: '2026-11-21T09:05:00' },
    ]);
    expect(result.ok && result.rows.map((r) => r.sample.atMs)).toEqual([AT_MS, AT_MS]);
  });

  it('gives one reason for each thing wrong with an element', () => {
    expect(jsonReason(7)).toBe(
      'sample must be an object with installationId, name, timestamp, value, got 7',
    );
    expect(jsonReason([1001, 'PM10'])).toBe(
      'sample must be an object with installationId, name, timestamp, value, got [1001,"PM10"]',
    );
    expect(jsonReason(null)).toMatch(/^sample must be an object .*, got null$/);
    expect(jsonReason({ ...good, installationId: 0 })).toBe(
      'installationId must be a positive integer, got 0',
    );
    expect(jsonReason({ ...good, installationId: 1.5 })).toBe(
      'installationId must be a positive integer, got 1.5',
    );
    expect(jsonReason({ ...good, installationId: '1001' })).toBe(
      'installationId must be a positive integer, got "1001"',
    );
    expect(jsonReason({ ...good, name: 25 })).toBe('name must be a string, got 25');
    expect(jsonReason({ ...good, name: '' })).toBe('name must not be empty');
    expect(jsonReason({ ...good, name: 'PM2.5' })).toBe('unknown measurement type "PM2.5"');
    expect(jsonReason({ ...good, timestamp: 'later' })).toBe(
      'timestamp must be an ISO 8601 date-time, got "later"',
    );
    expect(jsonReason({ ...good, timestamp: AT_MS })).toBe(
      `timestamp must be an ISO 8601 date-time, got ${AT_MS}`,
    );
    expect(jsonReason({ ...good, value: '41.3' })).toBe(
      'value must be a finite JSON number, got "41.3"',
    );
    expect(jsonReason({ ...good, value: null })).toBe(
      'value must be a finite JSON number, got null',
    );
    expect(jsonReason({ ...good, timestamp: '2026-11-21T10:05:00.001Z' })).toBe(
      'timestamp 2026-11-21T10:05:00.001Z is more than 5 minutes after the server time 2026-11-21T10:00:00.000Z',
    );
    expect(jsonReason({ ...good, timestamp: '2026-11-21T10:05:00.000Z' })).toBeUndefined();
  });

  it('refuses a number too large for a double (JSON.parse makes it Infinity)', () => {
    const text = `[{"installationId":1001,"name":"PM10","timestamp":"2026-11-21T09:05:00Z","value":1e400}]`;
    expect(readSamplesBody(text, 'json', NOW_MS)).toEqual({
      ok: true,
      rows: [],
      rejected: [{ row: 0, reason: 'value must be a finite JSON number, got Infinity' }],
    });
  });

  it('refuses fields the format does not have, so a misspelling cannot pass', () => {
    expect(jsonReason({ ...good, unit: 'µg/m³' })).toBe('unknown field "unit"');
    const { value: _value, ...noValue } = good;
    expect(jsonReason({ ...noValue, Value: 41.3, at: 1 })).toBe(
      'value must be a finite JSON number, got undefined; unknown fields "Value", "at"',
    );
  });

  it('joins every reason of a row with "; ", shape before range (a malformed row is not range checked)', () => {
    expect(jsonReason({ installationId: -1, name: 'PM10', timestamp: 'x', value: 5000 })).toBe(
      'installationId must be a positive integer, got -1; timestamp must be an ISO 8601 date-time, got "x"',
    );
    expect(
      jsonReason({ ...good, name: 'HUMIDITY', value: 101, timestamp: '2026-11-22T00:00:00Z' }),
    ).toBe(
      'HUMIDITY value 101 is outside [0, 100] %; timestamp 2026-11-22T00:00:00.000Z is more than 5 minutes after the server time 2026-11-21T10:00:00.000Z',
    );
  });
});

describe('readSamplesBody csv', () => {
  it('needs the header, and names it when it is missing or wrong', () => {
    const message = (got: string) =>
      `the header must be installationId,name,timestamp,value, got ${JSON.stringify(got)}`;
    expect(readSamplesBody('', 'csv', NOW_MS)).toEqual({ ok: false, message: message('') });
    expect(csv(['1001,PM10,2026-11-21T09:05:00Z,41.3'])).toEqual({
      ok: false,
      message: message('1001,PM10,2026-11-21T09:05:00Z,41.3'),
    });
    expect(csv(['installationId,name,time,value', ''])).toEqual({
      ok: false,
      message: message('installationId,name,time,value'),
    });
  });

  it('reads a body with only the header as no rows', () => {
    expect(csv([HEADER])).toEqual({ ok: true, rows: [], rejected: [] });
    expect(csv([HEADER, '', ''])).toEqual({ ok: true, rows: [], rejected: [] });
  });

  it('numbers rows by line, the header being line 1, blank lines counted', () => {
    const text = `\uFEFF${HEADER}\r\n1001,PM10,2026-11-21T09:05:00Z,41.3\r\n\r\n1001,PM25,2026-11-21T09:05:00Z,7\r\n`;
    expect(readSamplesBody(text, 'csv', NOW_MS)).toEqual({
      ok: true,
      rows: [
        { row: 2, sample },
        { row: 4, sample: { ...sample, name: 'PM25', value: 7 } },
      ],
      rejected: [],
    });
  });

  it('refuses rows that do not parse and rows that fail the live checks, in line order', () => {
    const result = csv([
      HEADER,
      '1001,PM10,2026-11-21T09:05:00Z,41.3',
      '1001,PM10,2026-11-21T09:05:00Z',
      '1001,CO2,2026-11-21T09:05:00Z,400',
      '0,,later,0x10',
      '1001,PM10,2026-11-21T11:00:00Z,2001',
      '"1001","PM10","2026-11-21T09:05:00Z","41.3"',
    ]);
    expect(result).toEqual({
      ok: true,
      rows: [
        { row: 2, sample },
        { row: 7, sample },
      ],
      rejected: [
        { row: 3, reason: 'expected 4 comma-separated fields, got 3' },
        { row: 4, reason: 'unknown measurement type "CO2"' },
        {
          row: 5,
          reason:
            'installationId must be a positive integer, got "0"; name must not be empty; timestamp must be an ISO 8601 date-time, got "later"; value must be a finite decimal number, got "0x10"',
        },
        {
          row: 6,
          reason:
            'PM10 value 2001 is outside [0, 2000] µg/m³; timestamp 2026-11-21T11:00:00.000Z is more than 5 minutes after the server time 2026-11-21T10:00:00.000Z',
        },
      ],
    });
  });
});

describe('readSamplesBody misuse', () => {
  it('throws on arguments of the wrong kind, never on the body', () => {
    expect(() => readSamplesBody(7 as unknown as string, 'json', NOW_MS)).toThrow(
      'readSamplesBody: text must be a string, got 7',
    );
    expect(() => readSamplesBody('[]', 'xml' as 'json', NOW_MS)).toThrow(
      'readSamplesBody: format must be one of csv, json, got "xml"',
    );
    expect(() => readSamplesBody('[]', 'json', Number.POSITIVE_INFINITY)).toThrow(
      'readSamplesBody: nowMs must be a finite number, got Infinity',
    );
  });

  it('returns frozen results', () => {
    const result = json([good, 7]);
    expect(Object.isFrozen(result)).toBe(true);
    if (!result.ok) return;
    expect(Object.isFrozen(result.rows)).toBe(true);
    expect(Object.isFrozen(result.rows[0])).toBe(true);
    expect(Object.isFrozen(result.rows[0]?.sample)).toBe(true);
    expect(Object.isFrozen(result.rejected)).toBe(true);
  });
});
