import { describe, expect, it } from 'vitest';
import type { AveragedValues, IndexValue, Measurements } from '../../../src/model/api-types.js';
import { chartData } from '../../../src/page/client/chart-data.js';

const HOUR_MS = 3_600_000;
const START_MS = Date.parse('2026-11-20T09:00:00.000Z');

// Hour i of a 48-hour run: PM25 = i, PM10 = 100 + i, except a gap in PM10 at hour 5 and no
// data at all (no index value) at hour 30.
function window(i: number): AveragedValues {
  const from = new Date(START_MS + i * HOUR_MS).toISOString();
  const till = new Date(START_MS + (i + 1) * HOUR_MS).toISOString();
  const values =
    i === 30
      ? []
      : [{ name: 'PM25', value: i }, ...(i === 5 ? [] : [{ name: 'PM10', value: 100 + i }])];
  const index: IndexValue<'CAQI'> = {
    name: 'CAQI',
    value: i === 30 ? null : i,
    level: i === 30 ? 'UNKNOWN' : 'LOW',
    description: '',
    advice: null,
    color: i < 24 ? '#00FF00' : '#FFFF00',
    dominantPollutant: null,
    subIndexes: {},
  };
  return { fromDateTime: from, tillDateTime: till, values, indexes: [index], standards: [] };
}

const payload: Measurements = {
  current: window(23),
  history: Array.from({ length: 24 }, (_, i) => window(i)),
  forecast: Array.from({ length: 24 }, (_, i) => window(24 + i)),
};

describe('chartData', () => {
  const data = chartData(payload);

  it('has the 48 hours, their middles and the start of the forecast', () => {
    expect(data.hours).toBe(48);
    expect(data.hourStartSec[0]).toBe(START_MS / 1000);
    expect(data.hourMidSec[0]).toBe(START_MS / 1000 + 1800);
    expect(data.hourEndSec[47]).toBe(START_MS / 1000 + 48 * 3600);
    expect(data.forecastStartSec).toBe(START_MS / 1000 + 24 * 3600);
  });

  it('splits each pollutant into history and forecast, joined at the last history hour', () => {
    expect(data.pm25History.slice(0, 24)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(data.pm25History.slice(24)).toEqual(Array(24).fill(null));
    expect(data.pm25Forecast.slice(0, 23)).toEqual(Array(23).fill(null));
    expect(data.pm25Forecast[23]).toBe(23);
    expect(data.pm25Forecast[24]).toBe(24);
    expect(data.pm10History[5]).toBeNull();
    expect(data.pm10History[6]).toBe(106);
    expect(data.pm10Forecast[30]).toBeNull();
  });

  it('colours each hour by its index level, and leaves hours without an index value blank', () => {
    expect(data.levelColors[0]).toBe('#00FF00');
    expect(data.levelColors[24]).toBe('#FFFF00');
    expect(data.levelColors[30]).toBeUndefined();
  });
});
