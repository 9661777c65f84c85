import { describe, expect, it } from 'vitest';
import {
  PURPLEAIR_PM25_PLANS,
  type PurpleAirColumns,
  purpleAirColumns,
  purpleAirMissingColumns,
} from '../../src/import/purpleair-columns.js';

// The header of a PurpleAir history CSV, and which columns a sensor's correction needs.

function columnsOf(header: string): PurpleAirColumns {
  const columns = purpleAirColumns(header);
  if (typeof columns === 'string') throw new Error(columns);
  return columns;
}

describe('PURPLEAIR_PM25_PLANS', () => {
  it('outside: AIRNOW_2021 on pm2.5_atm; inside: EPA_2022 on pm2.5_cf_1 (frozen)', () => {
    expect(PURPLEAIR_PM25_PLANS).toEqual([
      {
        where: 'outside',
        correction: { method: 'AIRNOW_2021' },
        channels: ['pm2.5_atm_a', 'pm2.5_atm_b'],
      },
      {
        where: 'inside',
        correction: { method: 'EPA_2022' },
        channels: ['pm2.5_cf_1_a', 'pm2.5_cf_1_b'],
      },
    ]);
    expect(Object.isFrozen(PURPLEAIR_PM25_PLANS[0].correction)).toBe(true);
    expect(Object.isFrozen(PURPLEAIR_PM25_PLANS[1].channels)).toBe(true);
  });
});

describe('purpleAirColumns', () => {
  it('finds every column wherever it is, with a byte order mark and spaces', () => {
    const columns = columnsOf('\uFEFFpm2.5_atm_b, humidity ,time_stamp,pm2.5_atm_a,sensor_index');
    expect(columns.width).toBe(5);
    expect([...columns.positions]).toEqual([
      ['pm2.5_atm_b', 0],
      ['humidity', 1],
      ['time_stamp', 2],
      ['pm2.5_atm_a', 3],
      ['sensor_index', 4],
    ]);
    expect(columns.unknown).toEqual([]);
  });

  it('lists the columns that are no PurpleAir history field, and not the fields it leaves out', () => {
    const header =
      'time_stamp,sensor_index,voc,pm2.5_alt_a,pm2.5_atm,0.3_um_count_b,humidity_a,rssi,co2_ppm,pm4.0';
    expect(columnsOf(header).unknown).toEqual(['co2_ppm', 'pm4.0']);
  });

  it.each([
    [
      'installationId,name,timestamp,value',
      'not a PurpleAir history CSV: the header must name time_stamp and sensor_index; missing time_stamp, sensor_index in "installationId,name,timestamp,value"',
    ],
    [
      'id,time_stamp,pm2.5_atm_a,pm2.5_atm_b',
      'not a PurpleAir history CSV: the header must name time_stamp and sensor_index; missing sensor_index in "id,time_stamp,pm2.5_atm_a,pm2.5_atm_b"',
    ],
    [
      '{',
      'not a PurpleAir history CSV: the header must name time_stamp and sensor_index; missing time_stamp, sensor_index in "{" (it looks like JSON; name a sensor list *.json)',
    ],
  ])('refuses the header %j', (header, message) => {
    expect(purpleAirColumns(header)).toBe(message);
  });
});

describe('purpleAirMissingColumns', () => {
  const [outside, inside] = PURPLEAIR_PM25_PLANS;

  it('asks for humidity and both channels of the correction input, nothing else', () => {
    const atm = columnsOf('time_stamp,sensor_index,humidity,pm2.5_atm_a,pm2.5_atm_b');
    expect(purpleAirMissingColumns(atm, outside)).toEqual([]);
    expect(purpleAirMissingColumns(atm, inside)).toEqual(['pm2.5_cf_1_a', 'pm2.5_cf_1_b']);
    const averages = columnsOf('time_stamp,sensor_index,pm2.5_atm,pm2.5_cf_1,pm2.5_atm_a');
    expect(purpleAirMissingColumns(averages, outside)).toEqual(['humidity', 'pm2.5_atm_b']);
  });
});
