import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PURPLEAIR_PM25_PLANS } from '../../src/import/purpleair-columns.js';
import {
  type PurpleAirSensor,
  purpleAirSensor,
  purpleAirSensorEntries,
} from '../../src/import/purpleair-sensors-json.js';

// The sensor list JSON of PurpleAir's API v1 (GET /v1/sensors: "fields" once, each sensor an
// array of values; GET /v1/sensors/{sensor_index}: one "sensor" object), read into sensors with
// their installation and PM2.5 plan.

const list = readFileSync('test/fixtures/purpleair/sensors.json', 'utf8');

function sensorOf(entry: unknown): PurpleAirSensor {
  const sensor = purpleAirSensor(entry);
  if (typeof sensor === 'string') throw new Error(sensor);
  return sensor;
}

describe('purpleAirSensorEntries', () => {
  it('turns each array of a GET /v1/sensors answer into an object keyed by the fields', () => {
    expect(purpleAirSensorEntries(list)).toEqual([
      {
        sensor_index: 205273,
        name: 'Illustrative outdoor sensor',
        location_type: 0,
        latitude: 44.9778,
        longitude: -93.265,
        altitude: 853,
      },
      {
        sensor_index: 900001,
        name: 'Illustrative indoor sensor',
        location_type: 1,
        latitude: 44.9801,
        longitude: -93.2702,
        altitude: 870,
      },
    ]);
  });

  it('reads the one sensor of a GET /v1/sensors/{sensor_index} answer, with a byte order mark', () => {
    const single = { api_version: 'V1.0.14', time_stamp: 1727888400, sensor: { sensor_index: 3 } };
    expect(purpleAirSensorEntries(`\uFEFF${JSON.stringify(single)}`)).toEqual([
      { sensor_index: 3 },
    ]);
  });

  it.each([
    ['{"fields": [', /^not valid JSON: /],
    [
      '{"api_version": "V1.0.14", "error": "PaymentRequiredError", "description": "Payment is required to make this api call."}',
      /^is a PurpleAir error answer, not a sensor list: PaymentRequiredError \(Payment is required to make this api call\.\)$/,
    ],
    ['[[1, 2]]', /^not a PurpleAir sensor list: expected "fields" and "data" arrays/],
    [
      '{"fields": ["sensor_index", "name", "latitude"], "data": [[1, "a", 2]]}',
      /^the sensor list lacks the fields longitude, location_type, which place each sensor and choose its correction; ask for them with fields=name,latitude,longitude,location_type,altitude$/,
    ],
    [
      '{"fields": ["sensor_index", "latitude", "longitude", "location_type"], "data": []}',
      /^has no sensors$/,
    ],
  ])('says why %s is not a sensor list', (text, message) => {
    expect(purpleAirSensorEntries(text)).toMatch(message);
  });
});

describe('purpleAirSensor', () => {
  const [outdoor, indoor] = purpleAirSensorEntries(list) as unknown[];

  it('outside: the installation has the name, the altitude in metres and AIRNOW_2021', () => {
    const sensor = sensorOf(outdoor);
    expect(sensor.plan).toBe(PURPLEAIR_PM25_PLANS[0]);
    expect(sensor.plan.channels).toEqual(['pm2.5_atm_a', 'pm2.5_atm_b']);
    expect(sensor.describe(205273)).toEqual({
      id: 205273,
      location: { latitude: 44.9778, longitude: -93.265 },
      address: {
        displayAddress1: 'Illustrative outdoor sensor',
        displayAddress2: 'PurpleAir sensor 205273',
      },
      elevation: 259.9944, // 853 ft × 0.3048 m/ft
      vendor: false,
      sponsor: { id: 0, name: 'PurpleAir', link: 'https://www.purpleair.com' },
      correction: { method: 'AIRNOW_2021' },
    });
  });

  it('inside: the cf_1 channels and EPA_2022; every installation has its own correction object', () => {
    const sensor = sensorOf(indoor);
    expect(sensor.plan.channels).toEqual(['pm2.5_cf_1_a', 'pm2.5_cf_1_b']);
    const first = sensor.describe(900001);
    expect(first.correction).toEqual({ method: 'EPA_2022' });
    expect(first.correction).not.toBe(PURPLEAIR_PM25_PLANS[1].correction);
    expect(sensor.describe(1_000_900_001)).toMatchObject({ id: 1_000_900_001, elevation: 265.176 });
  });

  it('names a sensor without a name by its index, and without an altitude puts it at 0 m', () => {
    const sensor = sensorOf({
      sensor_index: 8,
      latitude: 0,
      longitude: 0,
      location_type: 0,
      altitude: null,
      name: ' ',
    });
    expect(sensor.describe(8)).toMatchObject({
      address: { displayAddress1: 'PurpleAir sensor 8' },
      elevation: 0,
    });
  });

  it('names every bad field of a sensor', () => {
    expect(
      purpleAirSensor({
        sensor_index: 0,
        latitude: 91,
        longitude: '19.9',
        location_type: 2,
        altitude: 'high',
      }),
    ).toBe(
      'sensor_index must be a positive integer below 1000000000, got 0; latitude must be a number in [-90, 90], got 91; longitude must be a number in [-180, 180], got "19.9"; location_type must be 0 (outside) or 1 (inside), got 2; altitude must be a number of feet when present, got "high"',
    );
    expect(purpleAirSensor({ sensor_index: 5, latitude: 1, longitude: 2 })).toBe(
      'location_type must be 0 (outside) or 1 (inside), got undefined',
    );
    expect(purpleAirSensor(7)).toBe(
      "a sensor must be an array of the fields' values or an object, got 7",
    );
  });
});
