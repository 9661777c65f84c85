// readAirRohrPush: worked examples of every row and source of the reference table (§2), the
// order of precedence, and which values are readable.
import { describe, expect, it } from 'vitest';
import { AIRROHR_MEASUREMENTS, airRohrSource } from '../../src/live/airrohr-value-types.js';
import { REFERENCE_TABLE } from './airrohr-oracle.js';
import { accepted, push } from './airrohr-push.js';

describe('readAirRohrPush table (§2)', () => {
  it('holds the reference table as frozen data, and finds each source with its rank', () => {
    expect(AIRROHR_MEASUREMENTS).toEqual(
      REFERENCE_TABLE.map(({ name, sources, divisor }) => ({ name, sources, divisor })),
    );
    expect(Object.isFrozen(AIRROHR_MEASUREMENTS)).toBe(true);
    AIRROHR_MEASUREMENTS.forEach((row, ordinal) => {
      expect(Object.isFrozen(row) && Object.isFrozen(row.sources)).toBe(true);
      row.sources.forEach((source, rank) => {
        const label = `${source} as ${REFERENCE_TABLE[ordinal]!.name}`;
        expect(airRohrSource(source)).toEqual({ measurement: row, ordinal, rank, label });
      });
    });
    expect(airRohrSource('signal')).toBeUndefined();
    expect(airRohrSource('sds_p1')).toBeUndefined();
  });

  it('reads every source of every row alone, converted to airq units', () => {
    for (const row of REFERENCE_TABLE) {
      for (const source of row.sources) {
        const pushed = row.divisor === 100 ? '98765.43' : '42.10';
        const result = accepted(push([[source, pushed]]));
        const value = row.divisor === 100 ? 987.6543 : 42.1;
        expect(result.readings, source).toEqual([{ name: row.name, value, source }]);
        expect(result.ignored).toEqual([]);
        expect(result.skipped).toEqual([]);
      }
    }
  });

  it('gives each measurement to its first source in table order, wherever it sits in the body', () => {
    for (const row of REFERENCE_TABLE) {
      const pushed = row.divisor === 100 ? '100000' : '10';
      // Every source, worst first: the best one still wins, the others are listed as ignored.
      const body = push([...row.sources].reverse().map((source) => [source, pushed] as const));
      const result = accepted(body);
      expect(result.readings).toEqual([
        { name: row.name, value: row.divisor === 100 ? 1000 : 10, source: row.sources[0] },
      ]);
      expect(result.ignored).toEqual([...row.sources].reverse().slice(0, -1));
    }
  });

  it('passes over a better source whose value is unreadable', () => {
    const result = accepted(
      push([
        ['SDS_P1', 'nan'],
        ['PMS_P1', '12.00'],
        ['BME280_temperature', '-128.00'],
        ['temperature', '3.40'],
        ['BME280_humidity', ''],
        ['humidity', '-1'],
        ['SHT3X_humidity', '55.50'],
      ]),
    );
    expect(result.readings).toEqual([
      { name: 'PM10', value: 12, source: 'PMS_P1' },
      { name: 'TEMPERATURE', value: 3.4, source: 'temperature' },
      { name: 'HUMIDITY', value: 55.5, source: 'SHT3X_humidity' },
    ]);
    expect(result.ignored).toEqual([]);
    expect(result.skipped).toEqual([
      { valueType: 'SDS_P1', value: 'nan', reason: 'not a decimal number' },
      {
        valueType: 'BME280_temperature',
        value: '-128.00',
        reason: 'BME280_temperature as TEMPERATURE -128 is outside [-90, 65] °C',
      },
      { valueType: 'BME280_humidity', value: '', reason: 'empty value' },
      {
        valueType: 'humidity',
        value: '-1',
        reason: 'humidity as HUMIDITY -1 is outside [0, 100] %',
      },
    ]);
  });

  it('keeps the first readable value of a value type sent twice and skips the later one', () => {
    const result = accepted(
      push([
        ['SDS_P2', 'nan'],
        ['SDS_P2', '7.00'],
        ['SDS_P2', '8.00'],
      ]),
    );
    expect(result.readings).toEqual([{ name: 'PM25', value: 7, source: 'SDS_P2' }]);
    expect(result.skipped).toEqual([
      { valueType: 'SDS_P2', value: 'nan', reason: 'not a decimal number' },
      { valueType: 'SDS_P2', value: '8.00', reason: 'an earlier SDS_P2 value was read' },
    ]);
  });

  it('ignores every value type outside the table, each name once, in body order', () => {
    const result = accepted(
      push([
        ['signal', '-59 dBm'],
        ['samples', '316274'],
        ['SPS30_P4', '24.96'],
        ['signal', '-60'],
        ['pressure_at_sealevel', '101325'],
        ['P1', '5'],
      ]),
    );
    expect(result.readings).toEqual([{ name: 'PM10', value: 5, source: 'P1' }]);
    expect(result.ignored).toEqual(['signal', 'samples', 'SPS30_P4', 'pressure_at_sealevel']);
  });

  it('lists readings in table order, not body order', () => {
    const result = accepted(
      push([
        ['pressure', '99000'],
        ['P0', '1'],
        ['humidity', '50'],
        ['P2', '2'],
        ['temperature', '20'],
        ['P1', '3'],
      ]),
    );
    expect(result.readings.map((r) => r.name)).toEqual([
      'PM10',
      'PM25',
      'PM1',
      'TEMPERATURE',
      'HUMIDITY',
      'PRESSURE',
    ]);
  });
});

describe('readAirRohrPush values', () => {
  it('reads decimals with a unit after spaces, and JSON numbers', () => {
    const result = accepted(
      push([
        ['SDS_P1', '18.83 µg/m³'],
        ['SDS_P2', ' 10.60  '],
        ['PMS_P0', 3.5],
        ['temperature', '-4.5 °C'],
        ['humidity', '66.66\t%'],
        ['pressure', 101001.28],
      ]),
    );
    expect(result.readings).toEqual([
      { name: 'PM10', value: 18.83, source: 'SDS_P1' },
      { name: 'PM25', value: 10.6, source: 'SDS_P2' },
      { name: 'PM1', value: 3.5, source: 'PMS_P0' },
      { name: 'TEMPERATURE', value: -4.5, source: 'temperature' },
      { name: 'HUMIDITY', value: 66.66, source: 'humidity' },
      { name: 'PRESSURE', value: 1010.0128, source: 'pressure' },
    ]);
  });

  it('skips anything else that is not a decimal number, with the value as pushed', () => {
    const unreadable = ['nan', 'NaN', 'inf', '12,5', '0x10', '12 34', '5 -3', '1e999', 'dBm -59'];
    const odd = [null, true, { v: 1 }, undefined];
    const result = accepted(
      push([...unreadable, ...odd].map((value) => ['SDS_P1', value] as const)),
    );
    expect(result.readings).toEqual([]);
    expect(result.skipped.map((s) => s.value)).toEqual([...unreadable, ...odd]);
    expect(new Set(result.skipped.map((s) => s.reason))).toEqual(new Set(['not a decimal number']));
  });

  it('skips the firmware failure values and pressure outside the range after conversion', () => {
    const result = accepted(
      push([
        ['SDS_P1', '-1.00'],
        ['BME280_pressure', '98765'],
        ['BMP_pressure', '987.65'],
        ['pressure', '29999'],
        ['BMP280_pressure', '30000'],
      ]),
    );
    expect(result.readings).toEqual([
      { name: 'PRESSURE', value: 987.65, source: 'BME280_pressure' },
    ]);
    expect(result.ignored).toEqual(['BMP280_pressure']);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      'SDS_P1 as PM10 -1 is outside [0, 2000] µg/m³',
      'BMP_pressure as PRESSURE 9.8765 is outside [300, 1100] hPa',
      'pressure as PRESSURE 299.99 is outside [300, 1100] hPa',
    ]);
    // The bounds themselves are inside: 30000 Pa and 110000 Pa.
    expect(accepted(push([['BMP280_pressure', '30000']])).readings).toEqual([
      { name: 'PRESSURE', value: 300, source: 'BMP280_pressure' },
    ]);
    expect(accepted(push([['BMP280_pressure', '110000.00']])).readings).toEqual([
      { name: 'PRESSURE', value: 1100, source: 'BMP280_pressure' },
    ]);
  });
});
