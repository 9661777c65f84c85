// readSamplesBody over generated input: the JSON and the CSV rendering of the same rows read
// the same (JSON index i is CSV line i + 2), accepted rows meet an oracle written from the
// spec, and no text at all makes it throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSamplesBody, type SamplesBody } from '../../src/live/samples-body.js';
import { RUNS } from '../helpers/property-runs.js';

const NOW_MS = Date.UTC(2026, 10, 21, 10);
const DAY_MS = 86_400_000;
const HEADER = 'installationId,name,timestamp,value';
const ALL_NAMES = [
  'PM1',
  'PM25',
  'PM10',
  'PRESSURE',
  'HUMIDITY',
  'TEMPERATURE',
  'WIND_SPEED',
].concat(['WIND_BEARING', 'NO2', 'O3', 'SO2', 'CO', 'H2S', 'NO']);

const KNOWN = ['PM1', 'PM25', 'PM10', 'PRESSURE', 'HUMIDITY', 'TEMPERATURE', 'WIND_SPEED', 'NO2'];
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  PM1: [0, 2000],
  PM25: [0, 2000],
  PM10: [0, 2000],
  PRESSURE: [300, 1100],
  HUMIDITY: [0, 100],
  TEMPERATURE: [-90, 65],
  WIND_SPEED: [0, 400],
  NO2: [0, 100_000],
};

/** A row both formats can carry: no commas, quotes or surrounding spaces in its fields. */
const row = fc.record({
  installationId: fc.integer({ min: 1, max: 2 ** 40 }),
  name: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...KNOWN) },
    { weight: 1, arbitrary: fc.constantFrom('PM2.5', 'pm10', 'CO2', 'X', '') },
  ),
  timestamp: fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.integer({ min: -30 * DAY_MS, max: DAY_MS }),
          fc.constantFrom('Z', '+01:00', 'none'),
        )
        .map(([offsetMs, zone]) => {
          const iso = new Date(NOW_MS + offsetMs).toISOString();
          if (zone === 'Z') return iso;
          if (zone === 'none') return iso.slice(0, -1);
          const shifted = new Date(NOW_MS + offsetMs + 3_600_000).toISOString();
          return `${shifted.slice(0, -1)}+01:00`;
        }),
    },
    { weight: 1, arbitrary: fc.constantFrom('later', '', '2026-13-01T00:00:00Z', '21.11.2026') },
  ),
  value: fc.oneof(
    fc.double({ min: -200, max: 2500, noNaN: true }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -5, max: 120_000 }),
  ),
});

type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

const toCsv = (rows: readonly Row[]) =>
  [HEADER, ...rows.map((r) => `${r.installationId},${r.name},${r.timestamp},${r.value}`)].join(
    '\n',
  );

function rowsOf(result: SamplesBody) {
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('readSamplesBody properties', () => {
  it('reads the JSON and the CSV rendering of the same rows alike', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const fromJson = rowsOf(readSamplesBody(JSON.stringify(rows), 'json', NOW_MS));
        const fromCsv = rowsOf(readSamplesBody(toCsv(rows), 'csv', NOW_MS));
        expect(fromJson.rows.map((r) => ({ ...r, row: r.row + 2 }))).toEqual(fromCsv.rows);
        expect(fromJson.rejected.map((r) => ({ ...r, row: r.row + 2 }))).toEqual(fromCsv.rejected);
        // Every row lands on exactly one side.
        const seen = [...fromJson.rows.map((r) => r.row), ...fromJson.rejected.map((r) => r.row)];
        expect(seen.sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
      }),
      RUNS,
    );
  });

  it('accepts exactly the rows an oracle written from the spec accepts', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const result = rowsOf(readSamplesBody(JSON.stringify(rows), 'json', NOW_MS));
        const expected = rows.flatMap((r, index) => {
          const atMs = Date.parse(
            /Z$|[+-]\d\d:\d\d$/.test(r.timestamp) ? r.timestamp : `${r.timestamp}Z`,
          );
          const range = RANGES[r.name];
          // JSON.stringify writes -0 as 0.
          const value = r.value === 0 ? 0 : r.value;
          const fine =
            /^\d{4}-\d\d-\d\dT/.test(r.timestamp) &&
            range !== undefined &&
            value >= range[0] &&
            value <= range[1] &&
            atMs <= NOW_MS + 5 * 60_000;
          return fine
            ? [
                {
                  row: index,
                  sample: { installationId: r.installationId, name: r.name, atMs, value },
                },
              ]
            : [];
        });
        expect(result.rows).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('never throws on arbitrary text: either unreadable with a message, or rows', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.json(),
      fc.array(fc.jsonValue(), { maxLength: 5 }).map((a) => JSON.stringify(a)),
      fc.array(fc.string(), { maxLength: 5 }).map((lines) => [HEADER, ...lines].join('\n')),
    );
    fc.assert(
      fc.property(text, fc.constantFrom('json' as const, 'csv' as const), (body, format) => {
        const result = readSamplesBody(body, format, NOW_MS);
        if (!result.ok) return typeof result.message === 'string' && result.message !== '';
        // Plain checks rather than expect(): this runs for every row of a thousand bodies.
        const rowsFine = result.rows.every(
          ({ sample }) =>
            Number.isSafeInteger(sample.installationId) &&
            sample.installationId > 0 &&
            ALL_NAMES.includes(sample.name) &&
            Number.isFinite(sample.value) &&
            sample.atMs <= NOW_MS + 300_000,
        );
        return rowsFine && result.rejected.every(({ reason }) => reason.length > 0);
      }),
      RUNS,
    );
  });
});
