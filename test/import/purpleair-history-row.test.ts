import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PURPLEAIR_PM25_PLANS,
  type PurpleAirColumns,
  purpleAirColumns,
} from '../../src/import/purpleair-columns.js';
import { type PurpleAirRow, purpleAirRow } from '../../src/import/purpleair-history-row.js';

// purpleAirRow on the lines of the real fixture (a slice of a saved PurpleAir history CSV) and
// on written lines, against an oracle written here from PurpleAir's field descriptions (°F,
// millibars, % and µg/m³ per channel) and EPA's hourly A/B rule (refuse a pair more than both
// 5 µg/m³ and 70 % of their mean apart).

const OUTSIDE = PURPLEAIR_PM25_PLANS[0];
const INSIDE = PURPLEAIR_PM25_PLANS[1];
const lines = readFileSync('test/fixtures/purpleair/sensor-205273-history.csv', 'utf8')
  .trim()
  .split('\n');

function columnsOf(header: string): PurpleAirColumns {
  const columns = purpleAirColumns(header);
  if (typeof columns === 'string') throw new Error(columns);
  return columns;
}

const outside = () => OUTSIDE;
const fixtureColumns = columnsOf(lines[0]!);

/** The oracle's reading of one fixture line, from the raw text. */
function expectedFixtureRow(line: string): PurpleAirRow | 'disagree' | 'out of range' {
  const [time, index, humidity, temperature, pressure, , a, b] = line.split(',').map((f) => f);
  const [pa, pb] = [Number(a), Number(b)];
  if (pa > 2000 || pb > 2000) return 'out of range';
  const difference = Math.abs(pa - pb);
  if (difference > 5 && difference / ((pa + pb) / 2) > 0.7) return 'disagree';
  return {
    sensorIndex: Number(index),
    atMs: new Date(time!).getTime(), // the fixture's times carry their offset
    values: [
      { name: 'HUMIDITY', value: Number(humidity) },
      { name: 'TEMPERATURE', value: (Number(temperature) - 32) / 1.8 },
      { name: 'PRESSURE', value: Number(pressure) },
      { name: 'PM25', value: (pa + pb) / 2 },
    ],
  };
}

/** Same sensor, time and names; values equal to 1e-9 relative (the importer keeps 12 digits). */
function expectCloseRow(actual: PurpleAirRow, expected: PurpleAirRow): void {
  if (!('values' in expected) || !('values' in actual)) {
    expect(actual).toEqual(expected);
    return;
  }
  expect([actual.sensorIndex, actual.atMs]).toEqual([expected.sensorIndex, expected.atMs]);
  expect(actual.values.map((v) => v.name)).toEqual(expected.values.map((v) => v.name));
  actual.values.forEach(({ value }, i) => {
    const want = expected.values[i]!.value;
    expect(Math.abs(value - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  });
}

describe('purpleAirRow: the real fixture', () => {
  it('gives humidity, °C, hPa and the pm2.5_atm A/B mean of each line whose channels agree', () => {
    const kept = lines.slice(1).filter((line) => typeof expectedFixtureRow(line) !== 'string');
    expect(kept).toHaveLength(7);
    for (const line of kept) {
      expectCloseRow(
        purpleAirRow(fixtureColumns, line, outside),
        expectedFixtureRow(line) as PurpleAirRow,
      );
    }
  });

  it('reads a worked line exactly: 66.4 °F is 19.111… °C, (2.798 + 2.498) / 2 is 2.648', () => {
    expect(purpleAirRow(fixtureColumns, lines[2]!, outside)).toEqual({
      sensorIndex: 205273,
      atMs: Date.UTC(2024, 9, 2, 14, 0),
      values: [
        { name: 'HUMIDITY', value: 25.4 },
        { name: 'TEMPERATURE', value: 19.1111111111 },
        { name: 'PRESSURE', value: 977.73 },
        { name: 'PM25', value: 2.648 },
      ],
    });
  });

  it('refuses the line where channel A fails (1866.188 against 6.678), and the ones out of range', () => {
    expect(expectedFixtureRow(lines[8]!)).toBe('disagree');
    expect(purpleAirRow(fixtureColumns, lines[8]!, outside)).toEqual({
      reason:
        'pm2.5_atm_a 1866.188 and pm2.5_atm_b 6.678 disagree: they are 1859.51 µg/m³ and 199 % of their mean apart, more than both 5 µg/m³ and 70 % (the A/B channel check)',
    });
    expect(purpleAirRow(fixtureColumns, lines[9]!, outside)).toEqual({
      reason: 'pm2.5_atm_a 3332.04 is outside [0, 2000] µg/m³',
    });
  });
});

describe('purpleAirRow: written lines', () => {
  const header =
    'sensor_index,time_stamp,pm2.5_cf_1_b,pm2.5_cf_1_a,pm2.5_atm_a,pm2.5_atm_b,pm10.0_atm_a,pm10.0_atm_b,pm1.0_atm_a,pm1.0_atm_b,humidity,temperature,pressure';
  const columns = columnsOf(header);
  const inside = () => INSIDE;
  const row = (fields: string) => purpleAirRow(columns, `7,1727877600,${fields}`, inside);

  it('inside: PM2.5 from the cf_1 channels, PM10 and PM1 from atm; Unix seconds; null is no value', () => {
    expect(row('8.5,9.5,20,2,12,13,5.5,6.5,40,74.3,null')).toEqual({
      sensorIndex: 7,
      atMs: Date.UTC(2024, 9, 2, 14),
      values: [
        { name: 'HUMIDITY', value: 40 },
        { name: 'TEMPERATURE', value: 23.5 },
        { name: 'PM25', value: 9 },
        { name: 'PM10', value: 12.5 },
        { name: 'PM1', value: 6 },
      ],
    });
    // The atm pair (20, 2) disagrees, but an indoor sensor's check is on its cf_1 pair.
    const outsideRow = purpleAirRow(columns, '7,1727877600,8.5,9.5,20,2,,,,,40,74.3,', outside);
    expect(outsideRow).toEqual({
      reason: expect.stringMatching(/^pm2\.5_atm_a 20 and pm2\.5_atm_b 2 disagree/),
    });
  });

  it('names the agreement limits exactly: 5 µg/m³ apart passes, 5.5 and 70 % apart does not', () => {
    expect(row('1,6,,,,,,,50,68,')).toMatchObject({
      values: [{}, {}, { name: 'PM25', value: 3.5 }],
    });
    expect(row('6.5,13.5,,,,,,,50,68,')).toMatchObject({ values: [{}, {}, { value: 10 }] });
    expect(row('6.25,13.75,,,,,,,50,68,')).toEqual({
      reason: expect.stringMatching(/disagree: they are 7\.5 µg\/m³ and 75 %/),
    });
  });

  it.each([
    ['8.5,9.5,,,,,,,n/a,74.3,', 'humidity must be a decimal number, got "n/a"'],
    ['8.5,9.5,,,,,,,104.2,74.3,', 'humidity 104.2 is outside [0, 100] %'],
    ['8.5,9.5,,,,,,,40,-235,', 'temperature -235 °F is -148.333333333 °C, outside [-90, 65] °C'],
    ['8.5,9.5,,,,,,,40,74.3,96913', 'pressure 96913 is outside [300, 1100] hPa'],
    [
      'null,9.5,,,,,,,40,74.3,',
      'pm2.5_cf_1_b is empty: PM2.5 is imported only when both channels can be checked against each other',
    ],
    [
      ',,,,,,,,40,74.3,',
      'pm2.5_cf_1_a and pm2.5_cf_1_b are empty: PM2.5 is imported only when both channels can be checked against each other',
    ],
    ['8.5,-1,,,,,,,40,74.3,', 'pm2.5_cf_1_a -1 is outside [0, 2000] µg/m³'],
    [
      '8.5,9.5,,,12,,,,40,74.3,',
      'pm10.0_atm_b is empty while pm10.0_atm_a is not: PM10 is the mean of both',
    ],
    ['8.5,9.5,,,12,13,2500,1,40,74.3,', 'pm1.0_atm_a 2500 is outside [0, 2000] µg/m³'],
    ['8.5,9.5,,,,,,,40,74.3', 'expected 13 comma-separated fields as in the header, got 12'],
  ])('refuses %j: %s', (fields, reason) => {
    expect(row(fields)).toEqual({ reason });
  });

  it('refuses a line without a time stamp or sensor, naming every problem', () => {
    const line = 'x,,8.5,9.5,,,,,,,40,74.3,';
    expect(purpleAirRow(columns, line, inside)).toEqual({
      reason:
        'sensor_index must be a positive integer below 1000000000, got "x"; time_stamp must be Unix seconds or an ISO 8601 date-time, got ""',
    });
    expect(purpleAirRow(columns, '7,yesterday,8.5,9.5,,,,,,,40,74.3,', inside)).toEqual({
      reason: 'time_stamp must be Unix seconds or an ISO 8601 date-time, got "yesterday"',
    });
  });

  it('stops at a sensor the caller has no plan for', () => {
    expect(purpleAirRow(columns, '7,1727877600,8.5,9.5,,,,,,,40,74.3,', () => undefined)).toEqual({
      withoutPlan: 7,
    });
  });
});
