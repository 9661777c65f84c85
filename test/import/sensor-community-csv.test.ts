import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlaceRegistry, SPLIT_ID_STRIDE } from '../../src/import/place-registry.js';
import {
  type SensorCommunityColumns,
  sensorCommunityColumns,
  sensorCommunityRow,
} from '../../src/import/sensor-community-csv.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import { SC_HUNDREDTHS } from '../helpers/import-arbitraries.js';
import { SC_COLUMN_TYPES, shiftDecimal } from '../helpers/import-oracles.js';

const SDS011 = 'sensor_id;sensor_type;location;lat;lon;timestamp;P1;durP1;ratioP1;P2;durP2;ratioP2';
const BME280 =
  'sensor_id;sensor_type;location;lat;lon;timestamp;pressure;altitude;pressure_sealevel;temperature;humidity';
const DHT22 = 'sensor_id;sensor_type;location;lat;lon;timestamp;temperature;humidity';

function columnsOf(header: string): SensorCommunityColumns {
  const columns = sensorCommunityColumns(header);
  if (typeof columns === 'string') throw new Error(columns);
  return columns;
}

describe('sensorCommunityColumns', () => {
  it('finds the key columns and the measurement columns of each sensor type', () => {
    expect(columnsOf(SDS011)).toEqual({
      width: 12,
      location: 2,
      latitude: 3,
      longitude: 4,
      timestamp: 5,
      measurements: [
        { column: 'P1', index: 6, name: 'PM10', divisor: 1 },
        { column: 'P2', index: 9, name: 'PM25', divisor: 1 },
      ],
      unknown: [],
    });
    expect(columnsOf(BME280).measurements.map((m) => [m.column, m.name, m.divisor])).toEqual([
      ['pressure', 'PRESSURE', 100],
      ['temperature', 'TEMPERATURE', 1],
      ['humidity', 'HUMIDITY', 1],
    ]);
    expect(columnsOf(`\uFEFF${DHT22}`).measurements.map((m) => m.name)).toEqual([
      'TEMPERATURE',
      'HUMIDITY',
    ]);
  });

  it('lists columns it does not know, and ignores the known ones it leaves out', () => {
    const columns = columnsOf(`${DHT22};co2_ppm;noise_LAeq`);
    expect(columns.unknown).toEqual(['co2_ppm']);
    expect(columns.width).toBe(10);
  });

  it('refuses a header without the key columns or without any measurement', () => {
    expect(sensorCommunityColumns('installationId,name,timestamp,value')).toMatch(
      /^the header must name the columns sensor_id;sensor_type;location;lat;lon;timestamp and the measurements; missing sensor_id, sensor_type, location, lat, lon, timestamp/,
    );
    expect(
      sensorCommunityColumns('sensor_id;sensor_type;location;lat;lon;timestamp;durP1;N10'),
    ).toMatch(/^the header has no measurement column airq imports \(P0, P1, P2/);
  });
});

describe('sensorCommunityRow', () => {
  const sds = columnsOf(SDS011);
  const at = Date.UTC(2026, 10, 21, 8, 1, 12);

  it('turns an SDS011 row into PM10 (P1) and PM25 (P2) of the location', () => {
    const row = '40112;SDS011;27045;50.062;19.937;2026-11-21T08:01:12;41.30;;;27.10;;';
    expect(sensorCommunityRow(sds, row, new PlaceRegistry())).toEqual({
      samples: [
        { installationId: 27045, name: 'PM10', atMs: at, value: 41.3 },
        { installationId: 27045, name: 'PM25', atMs: at, value: 27.1 },
      ],
    });
  });

  it('keeps pressure in hPa (the archive has Pa), temperature in °C and humidity in %', () => {
    const row = '40113;BME280;27045;50.062;19.937;2026-11-21T08:00:58;98876.50;;;-1.42;87.30';
    const result = sensorCommunityRow(columnsOf(BME280), row, new PlaceRegistry());
    expect(result).toEqual({
      samples: [
        { installationId: 27045, name: 'PRESSURE', atMs: at - 14_000, value: 988.765 },
        { installationId: 27045, name: 'TEMPERATURE', atMs: at - 14_000, value: -1.42 },
        { installationId: 27045, name: 'HUMIDITY', atMs: at - 14_000, value: 87.3 },
      ],
    });
  });

  it('reads the older timestamps with fraction and offset, and skips empty fields', () => {
    const row = '48;DHT22;19;48.722;9.209;2016-08-13T00:00:26.053188+00:00;;63.10';
    expect(sensorCommunityRow(columnsOf(DHT22), row, new PlaceRegistry())).toEqual({
      samples: [
        {
          installationId: 19,
          name: 'HUMIDITY',
          atMs: Date.UTC(2016, 7, 13, 0, 0, 26, 53),
          value: 63.1,
        },
      ],
    });
  });

  it.each([
    [
      '40112;SDS011;27045;50.062;19.937;2026-11-21T08:06:05;n/a;;;25.40;;',
      'P1 must be a decimal number, got "n/a"',
    ],
    [
      '40112;SDS011;27045;50.062;19.937;2026-11-21T25:08:31;40.10;;;25.90;;',
      'timestamp must be an ISO 8601 date-time, got "2026-11-21T25:08:31"',
    ],
    [
      '40112;SDS011;27045;50.062;19.937;2026-11-21T08:11:00;-3.00;;;2.00;;',
      'P1 -3 is outside [0, 2000] µg/m³',
    ],
    [
      '40112;SDS011;27045;50.062;19.937;2026-11-21T08:13:27;44.02;;;28.75;;;7',
      'expected 12 semicolon-separated fields as in the header, got 13',
    ],
    [
      '40112;SDS011;27045;50.062;19.937;2026-11-21T08:13:27;;;;;;',
      'no value in any measurement column',
    ],
    [
      '40112;SDS011;0;91;19.937;2026-11-21T08:13:27;1;;;1;;',
      'location must be a positive integer below 1000000000, got "0"; lat must be a number in [-90, 90], got "91"',
    ],
    [
      '40112;SDS011;x;50;-181;;0x10;;;Infinity;;',
      'location must be a positive integer below 1000000000, got "x"; lon must be a number in [-180, 180], got "-181"; timestamp must be an ISO 8601 date-time, got ""; P1 must be a decimal number, got "0x10"; P2 must be a decimal number, got "Infinity"',
    ],
  ])('refuses %s with every reason', (row, reason) => {
    expect(sensorCommunityRow(sds, row, new PlaceRegistry())).toEqual({ reason });
  });

  it('refuses humidity above 100 % and pressure that is not plausible in hPa', () => {
    const bme = columnsOf(BME280);
    const row = '1;BME280;5;50;19;2026-11-21T08:00:00;1013.25;;;1.0;104.20';
    expect(sensorCommunityRow(bme, row, new PlaceRegistry())).toEqual({
      reason: 'pressure 10.1325 is outside [300, 1100] hPa; humidity 104.2 is outside [0, 100] %',
    });
  });

  it('keeps the installation when the sensor is swapped, and splits a location that moves', () => {
    const places = new PlaceRegistry();
    const row = (sensor: number, lat: string) =>
      sensorCommunityRow(
        sds,
        `${sensor};SDS011;27045;${lat};19.937;2026-11-21T08:00:00;1;;;1;;`,
        places,
      );
    expect(row(40112, '50.062')).toEqual({ samples: expect.any(Array) });
    const swapped = row(41877, '50.062');
    expect('samples' in swapped && swapped.samples[0]?.installationId).toBe(27045);
    const moved = row(41877, '50.071');
    expect(moved).toEqual({
      samples: expect.any(Array),
      note: 'location 27045 moved from (50.062, 19.937) to (50.071, 19.937); from here on its samples go to installation 1000027045 (was 27045)',
    });
    expect('samples' in moved && moved.samples[0]?.installationId).toBe(27045 + SPLIT_ID_STRIDE);
    expect(places.splitCount).toBe(1);
    expect(places.installations().map((i) => [i.id, i.location.latitude])).toEqual([
      [27045, 50.062],
      [1_000_027_045, 50.071],
    ]);
    expect(places.installations()[0]).toEqual({
      id: 27045,
      location: { latitude: 50.062, longitude: 19.937 },
      address: { displayAddress1: 'Sensor.Community location 27045' },
      elevation: 0,
      vendor: false,
      sponsor: { id: 0, name: 'Sensor.Community', link: 'https://sensor.community' },
    });
  });

  it('gives every value of a row in its column unit, as the oracle converts the text (1,000 runs)', () => {
    const layout = ['P1', 'P2', 'P0', 'temperature', 'humidity', 'pressure'] as const;
    const columns = columnsOf(
      `sensor_id;sensor_type;location;lat;lon;timestamp;${layout.join(';')}`,
    );
    fc.assert(
      fc.property(
        fc.tuple(
          ...layout.map((c) =>
            fc.integer({ min: SC_HUNDREDTHS[c]![0], max: SC_HUNDREDTHS[c]![1] }),
          ),
        ),
        fc.integer({ min: 0, max: 86_399 }),
        (values, seconds) => {
          const texts = values.map((v) => (v / 100).toFixed(2));
          const time = new Date(Date.UTC(2026, 10, 21) + seconds * 1000).toISOString().slice(0, 19);
          const result = sensorCommunityRow(
            columns,
            `1;X;9;1;2;${time};${texts.join(';')}`,
            new PlaceRegistry(),
          );
          expect(result).toEqual({
            samples: layout.map((column, i) => ({
              installationId: 9,
              name: SC_COLUMN_TYPES[column],
              atMs: Date.UTC(2026, 10, 21) + seconds * 1000,
              value: column === 'pressure' ? shiftDecimal(texts[i]!, -2) : Number(texts[i]),
            })),
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('PlaceRegistry', () => {
  const describe_ = (id: number): StoredInstallation => ({
    id,
    location: { latitude: 0, longitude: 0 },
    address: {},
    elevation: 0,
    vendor: false,
    sponsor: { id: 0, name: '' },
  });

  it('numbers the places of a location in the order they are seen, also when it moves back', () => {
    const places = new PlaceRegistry();
    expect(places.place(5, 1, 1, describe_)).toEqual({ installationId: 5 });
    expect(places.place(5, 1, 1, describe_)).toEqual({ installationId: 5 });
    expect(places.place(5, 2, 2, describe_)).toEqual({
      installationId: 5 + SPLIT_ID_STRIDE,
      movedFrom: { latitude: 1, longitude: 1, installationId: 5 },
    });
    expect(places.place(5, 1, 1, describe_).installationId).toBe(5);
    expect(places.place(5, 3, 3, describe_).installationId).toBe(5 + 2 * SPLIT_ID_STRIDE);
    expect(places.place(6, 1, 1, describe_)).toEqual({ installationId: 6 });
    expect(places.installations().map((i) => i.id)).toEqual([
      5,
      6,
      5 + SPLIT_ID_STRIDE,
      5 + 2 * SPLIT_ID_STRIDE,
    ]);
    expect(places.splitCount).toBe(1);
  });
});
