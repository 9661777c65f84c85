// parseHourlyCsv: the text form of an HourlySeries, checked against the hours a test wrote out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOURLY_CSV_HEADER, parseHourlyCsv } from '../../src/assessment/index.js';
import { RUNS } from '../helpers/property-runs.js';

const H = 3_600_000;
const START = Date.UTC(2019, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

describe('parseHourlyCsv', () => {
  it('reads one value per hour, an empty value or a missing row being NaN', () => {
    const text =
      '\uFEFFtimestamp, value\r\n2019-01-01T02:00:00Z,38\r\n\r\n2019-01-01T00:00:00Z , 41.3\n2019-01-01T01:00:00Z,\n';
    const { series, issues } = parseHourlyCsv(text, 'h.csv');
    expect(issues).toEqual([]);
    expect(series?.startMs).toBe(START);
    expect([...(series?.values ?? [])]).toEqual([41.3, Number.NaN, 38]);
    expect(HOURLY_CSV_HEADER).toBe('timestamp,value');
  });

  it('reports each bad row with its line and keeps the first row of an hour', () => {
    const text = [
      'timestamp,value',
      '2019-01-01T00:30:00Z,5',
      '2019-01-01T00:00:00Z,x',
      '2019-01-01T01:00:00Z,1',
      '2019-01-01T01:00:00Z,2',
      'a,b,c',
      'tomorrow,3',
    ].join('\n');
    const { series, issues } = parseHourlyCsv(text, 'h.csv');
    expect(issues).toEqual([
      {
        file: 'h.csv',
        line: 2,
        message: 'timestamp must be an ISO 8601 whole UTC hour, got "2019-01-01T00:30:00Z"',
      },
      { file: 'h.csv', line: 3, message: 'value must be a decimal number or empty, got "x"' },
      {
        file: 'h.csv',
        line: 5,
        message: 'a second row for 2019-01-01T01:00:00Z; the first is kept',
      },
      { file: 'h.csv', line: 6, message: 'expected 2 comma-separated fields, got 3' },
      {
        file: 'h.csv',
        line: 7,
        message: 'timestamp must be an ISO 8601 whole UTC hour, got "tomorrow"',
      },
    ]);
    expect(series).toEqual({ startMs: START + H, values: new Float64Array([1]) });
  });

  it('gives no series for a wrong header or no valid row', () => {
    expect(parseHourlyCsv('when,what\n2019-01-01T00:00:00Z,1', 'h.csv')).toEqual({
      series: undefined,
      issues: [
        { file: 'h.csv', line: 1, message: 'the header must be timestamp,value, got "when,what"' },
      ],
    });
    expect(parseHourlyCsv('timestamp,value\n', 'h.csv')).toEqual({ series: undefined, issues: [] });
  });

  it('names the function, the parameter and the value for bad arguments', () => {
    expect(() => parseHourlyCsv(3 as never, 'h.csv')).toThrow(
      new TypeError('parseHourlyCsv: text must be a string, got 3'),
    );
    expect(() => parseHourlyCsv('', '')).toThrow(/^parseHourlyCsv: file must be/);
  });

  it('gives back the hours written, in any row order (property)', () => {
    const hour = fc.oneof(
      fc.constant(Number.NaN),
      fc.integer({ min: -50, max: 500 }).map((v) => v / 4),
    );
    fc.assert(
      fc.property(
        fc.array(hour, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (values, offsetHours, noise) => {
          const startMs = START + offsetHours * H;
          // The first and last hours carry a value, so the file spans exactly these hours.
          values[0] = 1;
          values[values.length - 1] = 2;
          const rows = values.map((v, h) => ({
            row: `${iso(startMs + h * H)},${Number.isNaN(v) ? '' : v}`,
            key: noise.next().value,
          }));
          rows.sort((a, b) => a.key - b.key);
          const text = [HOURLY_CSV_HEADER, ...rows.map(({ row }) => row)].join('\n');
          const { series, issues } = parseHourlyCsv(text, 'p.csv');
          expect(issues).toEqual([]);
          expect(series?.startMs).toBe(startMs);
          expect([...(series?.values ?? [])]).toEqual(values);
        },
      ),
      RUNS,
    );
  });
});
