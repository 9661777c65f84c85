// Real airRohr bodies recorded in public repositories (test/fixtures/airrohr/README.md says
// where each comes from), read by readAirRohrPush. The expected readings are written by hand
// from each file and the reference table (§2): PM in µg/m³ as pushed, pressure Pa ÷ 100.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAirRohrPush } from '../../src/live/airrohr-body.js';

const fixture = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/airrohr/${file}`, import.meta.url), 'utf8'));

interface Case {
  readonly file: string;
  readonly header: string | undefined;
  readonly device: string;
  readonly readings: readonly { name: string; value: number; source: string }[];
  readonly ignored: readonly string[];
}

const FIRMWARE_EXTRAS = ['samples', 'min_micro', 'max_micro'];

const CASES: readonly Case[] = [
  {
    file: 'air-quality-bridge-nrz-2020-129.json',
    header: undefined,
    device: 'esp8266-9372054',
    readings: [
      { name: 'PM10', value: 18.83, source: 'SDS_P1' },
      { name: 'PM25', value: 10.6, source: 'SDS_P2' },
      { name: 'TEMPERATURE', value: 17, source: 'BME280_temperature' },
      { name: 'HUMIDITY', value: 66.66, source: 'BME280_humidity' },
      { name: 'PRESSURE', value: 1010.0128, source: 'BME280_pressure' },
    ],
    ignored: [...FIRMWARE_EXTRAS, 'signal'],
  },
  {
    file: 'prometheus-exporter-nrz-2020-129.json',
    header: 'esp8266-12331981',
    device: 'esp8266-12331981',
    readings: [
      { name: 'PM10', value: 0.4, source: 'SDS_P1' },
      { name: 'PM25', value: 0.2, source: 'SDS_P2' },
      { name: 'TEMPERATURE', value: 20.47, source: 'BME280_temperature' },
      { name: 'HUMIDITY', value: 69.02, source: 'BME280_humidity' },
      { name: 'PRESSURE', value: 1006.1325, source: 'BME280_pressure' },
    ],
    ignored: [...FIRMWARE_EXTRAS, 'signal'],
  },
  {
    file: 'opensensemap-nrz-2016-058.json',
    header: 'esp8266-1',
    device: 'esp8266-1',
    readings: [
      { name: 'PM10', value: 5.38, source: 'SDS_P1' },
      { name: 'PM25', value: 4.98, source: 'SDS_P2' },
    ],
    ignored: [...FIRMWARE_EXTRAS, 'signal'],
  },
  {
    file: 'opensensemap-nrz-2018-121c.json',
    header: 'esp32-2',
    device: 'esp32-2',
    readings: [
      { name: 'PM10', value: 1.87, source: 'SDS_P1' },
      { name: 'PM25', value: 1.05, source: 'SDS_P2' },
      { name: 'TEMPERATURE', value: 26.8, source: 'BMP_temperature' },
      { name: 'PRESSURE', value: 1006.59, source: 'BMP_pressure' },
    ],
    ignored: [...FIRMWARE_EXTRAS, 'signal'],
  },
  {
    file: 'opensensemap-pms7003-bme280-nrz-2017-099.json',
    header: 'esp8266-3',
    device: 'esp8266-3',
    readings: [
      { name: 'PM10', value: 2, source: 'PMS_P1' },
      { name: 'PM25', value: 2, source: 'PMS_P2' },
      { name: 'PM1', value: 1, source: 'PMS_P0' },
      { name: 'TEMPERATURE', value: 24.98, source: 'BME280_temperature' },
      { name: 'HUMIDITY', value: 39.6, source: 'BME280_humidity' },
      { name: 'PRESSURE', value: 1005.2025, source: 'BME280_pressure' },
    ],
    ignored: [...FIRMWARE_EXTRAS, 'signal'],
  },
  {
    file: 'homebridge-sht3x-nrz-2020-131.json',
    header: 'esp8266-4',
    device: 'esp8266-4',
    readings: [
      { name: 'PM10', value: 93.28, source: 'SDS_P1' },
      { name: 'PM25', value: 38.72, source: 'SDS_P2' },
      { name: 'TEMPERATURE', value: 1.83, source: 'SHT3X_temperature' },
      { name: 'HUMIDITY', value: 91.34, source: 'SHT3X_humidity' },
    ],
    ignored: [...FIRMWARE_EXTRAS, 'interval', 'signal'],
  },
  {
    // A DHT22 and a BMP180 both measure temperature: the DHT's `temperature` comes first in
    // the table, so the BMP's own (warmed) reading is ignored.
    file: 'homebridge-dht22-bmp-nrz-2017-099.json',
    header: 'esp8266-5',
    device: 'esp8266-5',
    readings: [
      { name: 'PM10', value: 21.15, source: 'SDS_P1' },
      { name: 'PM25', value: 4.22, source: 'SDS_P2' },
      { name: 'TEMPERATURE', value: 12.4, source: 'temperature' },
      { name: 'HUMIDITY', value: 70.2, source: 'humidity' },
      { name: 'PRESSURE', value: 983.6006, source: 'BMP_pressure' },
    ],
    ignored: ['BMP_temperature', ...FIRMWARE_EXTRAS, 'signal'],
  },
];

describe('readAirRohrPush on recorded bodies', () => {
  it.each(CASES)('$file', ({ file, header, device, readings, ignored }) => {
    expect(readAirRohrPush(fixture(file), header)).toEqual({
      ok: true,
      device,
      readings,
      ignored,
      skipped: [],
    });
  });

  it('refuses the bodies that carry no esp8266id when no X-Sensor header comes with them', () => {
    for (const { file } of CASES.filter((c) => c.header !== undefined)) {
      const body = fixture(file) as { esp8266id?: unknown };
      expect(readAirRohrPush(body, undefined).ok).toBe(body.esp8266id !== undefined);
    }
  });

  it('covers every fixture file, and the README tells where each one comes from', () => {
    const folder = new URL('../fixtures/airrohr/', import.meta.url);
    const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
    expect(new Set(files)).toEqual(new Set(CASES.map((c) => c.file)));
    const listed = readFileSync(
      new URL('../fixtures/airrohr/README.md', import.meta.url),
      'utf8',
    ).match(/`[a-z0-9-]+\.json`/g);
    expect(new Set(listed?.map((name) => name.slice(1, -1)))).toEqual(
      new Set(CASES.map((c) => c.file)),
    );
  });
});
