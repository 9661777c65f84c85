import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PURPLEAIR_PM25_PLANS, purpleAirColumns } from '../../src/import/purpleair-columns.js';
import { purpleAirRow } from '../../src/import/purpleair-history-row.js';
import { RUNS } from '../helpers/property-runs.js';

// purpleAirRow over generated history lines (columns in any order, Unix seconds or ISO times
// with an offset, `null` and empty values, channels that agree or not, values out of range)
// against an oracle written here from PurpleAir's field descriptions and EPA's hourly A/B rule.

const COLUMNS = [
  'humidity',
  'temperature',
  'pressure',
  'voc',
  'pm2.5_atm_a',
  'pm2.5_atm_b',
  'pm2.5_cf_1_a',
  'pm2.5_cf_1_b',
  'pm10.0_atm_a',
  'pm10.0_atm_b',
  'pm1.0_atm_a',
  'pm1.0_atm_b',
] as const;
type Column = (typeof COLUMNS)[number];

/** A decimal text with `digits` decimals between `min` and `max`, or a missing value. */
const decimal = (min: number, max: number, digits: number) =>
  fc
    .oneof(
      { weight: 9, arbitrary: fc.integer({ min: min * 10 ** digits, max: max * 10 ** digits }) },
      { weight: 1, arbitrary: fc.constantFrom('null', '') },
    )
    .map((n) => (typeof n === 'string' ? n : (n / 10 ** digits).toFixed(digits)));

/** A channel pair: mostly close together, sometimes far apart or beyond the plausible range. */
const pair = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: -2_000, max: 2_000 }))
    .map(([a, d]) => [(a / 1000).toFixed(3), (Math.max(0, a + d) / 1000).toFixed(3)] as const),
  fc.tuple(decimal(-1, 2500, 3), decimal(-1, 2500, 3)),
);

const lineArb = fc.record({
  locationType: fc.constantFrom(0 as const, 1 as const),
  order: fc.shuffledSubarray([...COLUMNS], { minLength: COLUMNS.length }),
  seconds: fc.integer({ min: 1_500_000_000, max: 1_900_000_000 }),
  offsetMinutes: fc.option(fc.constantFrom(-300, 0, 60, 330)),
  humidity: decimal(-2, 102, 1),
  temperature: decimal(-140, 160, 1),
  pressure: decimal(250, 1150, 3),
  atm: pair,
  cf1: pair,
  pm10: pair,
  pm1: pair,
});
type Line = typeof lineArb extends fc.Arbitrary<infer T> ? T : never;

function texts(line: Line): Record<Column, string> {
  const [atmA, atmB] = line.atm;
  const [cfA, cfB] = line.cf1;
  return {
    humidity: line.humidity,
    temperature: line.temperature,
    pressure: line.pressure,
    voc: '51.3',
    'pm2.5_atm_a': atmA,
    'pm2.5_atm_b': atmB,
    'pm2.5_cf_1_a': cfA,
    'pm2.5_cf_1_b': cfB,
    'pm10.0_atm_a': line.pm10[0],
    'pm10.0_atm_b': line.pm10[1],
    'pm1.0_atm_a': line.pm1[0],
    'pm1.0_atm_b': line.pm1[1],
  };
}

function isoTime(seconds: number, offsetMinutes: number): string {
  const local = new Date((seconds + offsetMinutes * 60) * 1000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  return `${local}${sign}${hours}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`;
}

const missing = (text: string) => text === '' || text === 'null';

/** The oracle: the values the line gives, in order, or `undefined` when it must be refused. */
function oracle(line: Line): { name: string; value: number }[] | undefined {
  const t = texts(line);
  const values: { name: string; value: number }[] = [];
  const single = (
    text: string,
    name: string,
    low: number,
    high: number,
    convert = (x: number) => x,
  ) => {
    if (missing(text)) return true;
    const value = convert(Number(text));
    if (value < low || value > high) return false;
    values.push({ name, value });
    return true;
  };
  const meanOf = (a: string, b: string, name: string, checked: boolean) => {
    if (!checked && missing(a) && missing(b)) return true;
    if (missing(a) || missing(b)) return false;
    const [x, y] = [Number(a), Number(b)];
    if (x < 0 || y < 0 || x > 2000 || y > 2000) return false;
    const d = Math.abs(x - y);
    if (checked && d > 5 && d / ((x + y) / 2) > 0.7) return false;
    values.push({ name, value: (x + y) / 2 });
    return true;
  };
  const [a, b] = line.locationType === 0 ? line.atm : line.cf1;
  const ok = [
    single(t.humidity, 'HUMIDITY', 0, 100),
    single(t.temperature, 'TEMPERATURE', -90, 65, (f) => (f - 32) / 1.8),
    single(t.pressure, 'PRESSURE', 300, 1100),
    meanOf(a, b, 'PM25', true),
    meanOf(line.pm10[0], line.pm10[1], 'PM10', false),
    meanOf(line.pm1[0], line.pm1[1], 'PM1', false),
  ];
  return ok.every(Boolean) ? values : undefined;
}

describe('purpleAirRow: properties', () => {
  it('gives what the oracle gives for any history line, or refuses it with a reason', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const fahrenheit = Number(line.temperature);
        fc.pre(Math.abs(fahrenheit - 149) > 1e-9 && Math.abs(fahrenheit + 130) > 1e-9);
        const header = [
          'sensor_index',
          ...line.order.slice(0, 6),
          'time_stamp',
          ...line.order.slice(6),
        ];
        const columns = purpleAirColumns(header.join(','));
        if (typeof columns === 'string') throw new Error(columns);
        const t = texts(line);
        const time =
          line.offsetMinutes === null
            ? String(line.seconds)
            : isoTime(line.seconds, line.offsetMinutes);
        const fields = header.map((name) =>
          name === 'sensor_index' ? '4242' : name === 'time_stamp' ? time : t[name as Column],
        );
        const result = purpleAirRow(
          columns,
          fields.join(','),
          () => PURPLEAIR_PM25_PLANS[line.locationType],
        );
        const expected = oracle(line);
        if (expected === undefined) {
          expect(result).toHaveProperty('reason');
          return;
        }
        if (!('values' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
        expect([result.sensorIndex, result.atMs]).toEqual([4242, line.seconds * 1000]);
        expect(result.values.map((v) => v.name)).toEqual(expected.map((v) => v.name));
        result.values.forEach(({ value }, i) => {
          const want = expected[i]!.value;
          expect(Math.abs(value - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
        });
      }),
      RUNS,
    );
  });
});
