import { describe, expect, it } from 'vitest';
import { purpleAirBatch } from '../../src/follow/purpleair-batch.js';

// The rows of a poll turned into places and samples, for the cases the recorded answers do not
// hold: a row without a time, a sensor the importer would refuse, a value of the wrong type, and
// the other values a row may carry (temperature in °F, pressure, PM10, PM1 as the importer reads
// them from a history line). Rows are objects keyed by PurpleAir's field names.

const box = { minLat: 33, minLng: -118, maxLat: 34, maxLng: -117 };
const row = (change: Record<string, unknown> = {}) => ({
  sensor_index: 131075,
  name: 'Mariners Bluff',
  latitude: 33.51511,
  longitude: -117.67972,
  altitude: 569,
  location_type: 0,
  last_seen: 1667666162,
  humidity: 33,
  'pm2.5_atm_a': 4,
  'pm2.5_atm_b': 5,
  ...change,
});

describe('purpleAirBatch', () => {
  it('keeps a place without samples when last_seen is missing or not Unix seconds', () => {
    for (const last_seen of [null, undefined, '1667666162', 0, 1.5]) {
      const batch = purpleAirBatch([row({ last_seen })], { box, indoor: false });
      expect(batch.places.map((place) => place.sourceId)).toEqual([131075]);
      expect(batch.samples).toEqual([]);
      expect(batch.skipped).toEqual({ 'no time': 1 });
    }
  });

  it('skips a sensor that the importer refuses, and a row that is not an object', () => {
    const rows = [
      row({ sensor_index: -3 }),
      row({ latitude: 95 }),
      row({ location_type: 2 }),
      row({ altitude: 'high' }),
      'not a row',
      null,
    ];
    const batch = purpleAirBatch(rows, { box, indoor: true });
    expect(batch).toEqual({
      places: [],
      samples: [],
      skipped: { 'unreadable sensor': 6 },
    });
  });

  it('refuses all values of a row where one is not a number, as the importer refuses the line', () => {
    const batch = purpleAirBatch([row({ humidity: '33' })], { box, indoor: false });
    expect(batch.places).toHaveLength(1);
    expect(batch.samples).toEqual([]);
    expect(batch.skipped).toEqual({ 'unreadable value': 1 });
  });

  it('reads the other fields a server may add the way a history line is read', () => {
    // 68 °F = 20 °C; PM10 and PM1 are A/B means; pressure in hPa.
    const extra = {
      temperature: 68,
      pressure: 1001.66,
      'pm10.0_atm_a': 6,
      'pm10.0_atm_b': 7,
      'pm1.0_atm_a': 1,
      'pm1.0_atm_b': 2,
    };
    const batch = purpleAirBatch([row(extra)], { box, indoor: false });
    const atMs = 1667666162000;
    expect(batch.samples).toEqual([
      { sourceId: 131075, name: 'HUMIDITY', atMs, value: 33 },
      { sourceId: 131075, name: 'TEMPERATURE', atMs, value: 20 },
      { sourceId: 131075, name: 'PRESSURE', atMs, value: 1001.66 },
      { sourceId: 131075, name: 'PM25', atMs, value: 4.5 },
      { sourceId: 131075, name: 'PM10', atMs, value: 6.5 },
      { sourceId: 131075, name: 'PM1', atMs, value: 1.5 },
    ]);
  });

  it('refuses a PM2.5 channel the sensor did not report: both must be checked', () => {
    const batch = purpleAirBatch([row({ 'pm2.5_atm_b': null })], { box, indoor: false });
    expect(batch.samples).toEqual([]);
    expect(batch.skipped).toEqual({ 'unreadable value': 1 });
  });

  it('gives a sensor without name or altitude the importer address and elevation 0', () => {
    const batch = purpleAirBatch([row({ name: null, altitude: null })], { box, indoor: false });
    expect(batch.places[0]!.installation.address).toEqual({
      displayAddress1: 'PurpleAir sensor 131075',
    });
    expect(batch.places[0]!.installation.elevation).toBe(0);
  });
});
