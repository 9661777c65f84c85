import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openAqLocation, openAqPage, openAqSample } from '../../src/import/openaq-json.js';
import { normalisedUnits, openAqValue } from '../../src/import/openaq-parameters.js';
import { OPENAQ_TYPES, ppbToUgm3Oracle } from '../helpers/import-oracles.js';

const fixture = (name: string) => readFileSync(`test/fixtures/import/openaq/${name}`, 'utf8');
const HOUR_7 = Date.UTC(2026, 10, 21, 7);

describe('openAqPage', () => {
  it('tells a locations page from a measurements page by its first result', () => {
    const locations = openAqPage(fixture('locations.json'));
    expect(typeof locations !== 'string' && locations.kind).toBe('locations');
    expect(typeof locations !== 'string' && locations.results.length).toBe(2);
    const measurements = openAqPage(`\uFEFF${fixture('sensors-30101-measurements.json')}`);
    expect(typeof measurements !== 'string' && measurements.kind).toBe('measurements');
  });

  it.each([
    ['{"results": [', /^not valid JSON: /],
    ['[1, 2]', /^not an OpenAQ v3 response: no "results" array$/],
    ['{"meta": {}, "results": []}', /^has no results$/],
    ['{"results": [{"id": 1}]}', /^not a v3 locations or sensors\/\{id\}\/measurements response/],
  ])('says why %s is not a page', (text, message) => {
    expect(openAqPage(text)).toMatch(message);
  });
});

describe('openAqLocation', () => {
  const page = openAqPage(fixture('locations.json'));
  const results = typeof page === 'string' ? [] : page.results;

  it('takes id, coordinates, name, locality, country and provider; lists the sensors', () => {
    const location = openAqLocation(results[0]);
    if (typeof location === 'string') throw new Error(location);
    expect(location.sensors).toEqual([
      { id: 30101, parameter: 'co', units: 'ppm' },
      { id: 30102, parameter: 'pm25', units: 'µg/m³' },
      { id: 30103, parameter: 'no2', units: 'ppb' },
    ]);
    expect(location.describe(10512)).toEqual({
      id: 10512,
      location: { latitude: 50.010575, longitude: 19.949189 },
      address: { country: 'Poland', city: 'Kraków', displayAddress1: 'Kraków, ul. Bujaka' },
      elevation: 0,
      vendor: false,
      sponsor: { id: 166, name: 'EEA', link: 'https://openaq.org' },
    });
  });

  it('refuses a mobile location, and names every bad field', () => {
    expect(openAqLocation(results[1])).toBe('a mobile location has no fixed place');
    expect(openAqLocation({ id: 0, coordinates: { latitude: 91 }, sensors: [{ id: 1 }] })).toBe(
      'id must be a positive integer below 1000000000, got 0; coordinates.latitude must be a number in [-90, 90], got 91; coordinates.longitude must be a number in [-180, 180], got undefined; sensors[0] must have an id and a parameter name',
    );
    expect(openAqLocation('x')).toBe('a location must be an object, got "x"');
  });
});

describe('openAqSample', () => {
  const result = (
    value: unknown,
    name: string,
    units: string,
    utc: unknown = '2026-11-21T07:00:00Z',
  ) => ({
    value,
    parameter: { id: 1, name, units },
    period: { datetimeFrom: { utc: '2026-11-21T06:00:00Z' }, datetimeTo: { utc } },
  });

  it('stamps a value with the end of its period and converts ppm and ppb gases at 25 °C', () => {
    expect(openAqSample(result(0.42, 'co', 'ppm'), 10512, 'co')).toEqual({
      installationId: 10512,
      name: 'CO',
      atMs: HOUR_7,
      value: 481.153374233, // 0.42 × 1000 × 28.01 / 24.45, to 12 digits
    });
    const no2 = openAqSample(result(21.7, 'no2', 'ppb'), 10512, 'no2');
    expect(typeof no2 !== 'string' && no2.value).toBeCloseTo((21.7 * 46.0055) / 24.45, 9);
    expect(openAqSample(result(31.4, 'pm25', 'µg/m³'), 7, 'pm25')).toEqual({
      installationId: 7,
      name: 'PM25',
      atMs: HOUR_7,
      value: 31.4,
    });
  });

  it('names every problem of a result', () => {
    expect(openAqSample(result(null, 'pm25', 'µg/m³', 'noon'), 7, 'pm25')).toBe(
      'period.datetimeTo.utc must be an ISO 8601 date-time, got "noon"; value must be a finite number, got null',
    );
    expect(openAqSample(result(1, 'pm10', 'µg/m³'), 7, 'pm25')).toBe(
      `parameter "pm10" is not the sensor's ("pm25")`,
    );
    expect(openAqSample(result(-9999, 'co', 'ppm'), 7, 'co')).toBe(
      'co -11454887.1166 is outside [0, 100000] µg/m³',
    );
    expect(openAqSample(result(1, 'bc', 'µg/m³'), 7, 'bc')).toBe(
      'parameter "bc" has no airq measurement type',
    );
    expect(openAqSample(result(1, 'no', 'ppb'), 7, 'no')).toBe(
      'no in "ppb" cannot be converted to NO',
    );
    expect(openAqSample(3, 7, 'co')).toBe('a measurement must be an object, got 3');
  });
});

describe('openAqValue', () => {
  it('reads the spellings of a unit as one', () => {
    expect(['µg/m³', 'μg/m³', 'ug/m3', 'UG/M3', 'µg/m3'].map(normalisedUnits)).toEqual(
      Array(5).fill('µg/m3'),
    );
    expect(normalisedUnits('°C')).toBe('c');
    expect(normalisedUnits(' hPa ')).toBe('hpa');
  });

  it.each([
    ['temperature', 'f', 98.6, { name: 'TEMPERATURE', value: 37 }],
    ['temperature', '°C', -3.5, { name: 'TEMPERATURE', value: -3.5 }],
    ['relativehumidity', '%', 55, { name: 'HUMIDITY', value: 55 }],
    ['pressure', 'pa', 101325, { name: 'PRESSURE', value: 1013.25 }],
    ['pressure', 'mb', 1002, { name: 'PRESSURE', value: 1002 }],
    ['wind_speed', 'm/s', 2.5, { name: 'WIND_SPEED', value: 9 }],
    ['wind_direction', 'deg', 270, { name: 'WIND_BEARING', value: 270 }],
    ['co', 'mg/m³', 1.2, { name: 'CO', value: 1200 }],
  ])('maps %s in %s', (parameter, units, value, expected) => {
    expect(openAqValue(parameter, units, value)).toEqual(expected);
  });

  it('converts every convertible gas as the reference formula does (1,000 runs)', () => {
    const gases = ['no2', 'o3', 'so2', 'co'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...gases),
        fc.constantFrom('ppb', 'ppm'),
        fc.integer({ min: 0, max: 20_000 }),
        (parameter, units, thousandths) => {
          const raw = units === 'ppm' ? thousandths / 1e6 : thousandths / 100;
          const name = OPENAQ_TYPES[parameter]!;
          const ppb = units === 'ppm' ? raw * 1000 : raw;
          const result = openAqValue(parameter, units, raw);
          if (typeof result === 'string') throw new Error(result);
          expect(result.name).toBe(name);
          const want = ppbToUgm3Oracle(name, ppb);
          expect(Math.abs(result.value - want)).toBeLessThanOrEqual(1e-10 * Math.max(1, want));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
