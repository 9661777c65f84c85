import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import type { ImportIssue } from '../../src/import/import-report.js';
import { freshDirs } from '../helpers/import-open-data-files.js';
import { type OutputSample, readImportedStore } from '../helpers/import-oracles.js';

// importOpenData --from purpleair over the fixtures: a real slice of a saved history CSV of an
// outdoor sensor, a history written from the API documentation for an indoor one, and the
// sensor list that places both. Expected samples come from an oracle written here over the raw
// lines: A/B means of the plan's channels where EPA's hourly rule keeps them, °F → °C.

const DIR = 'test/fixtures/purpleair';
const OUTDOOR = `${DIR}/sensor-205273-history.csv`;
const INDOOR = `${DIR}/sensor-900001-history.csv`;
const freshDir = freshDirs();

/** The oracle: the samples of one history file, in file order, from its raw text. */
function oracleSamples(file: string, pm25: [string, string]): OutputSample[] {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header!.split(',');
  const samples: OutputSample[] = [];
  for (const row of rows) {
    const get = (name: string) => {
      const text = row.split(',')[names.indexOf(name)];
      return text === undefined || text === 'null' ? undefined : Number(text);
    };
    const [a, b] = [get(pm25[0])!, get(pm25[1])!];
    const d = Math.abs(a - b);
    if (a > 2000 || b > 2000 || (d > 5 && d / ((a + b) / 2) > 0.7)) continue;
    const time = row.split(',')[names.indexOf('time_stamp')]!;
    const atMs = /^\d+$/.test(time) ? Number(time) * 1000 : Date.parse(time);
    const id = get('sensor_index')!;
    const out: [string, number | undefined][] = [
      ['HUMIDITY', get('humidity')],
      ['TEMPERATURE', (get('temperature')! - 32) / 1.8],
      ['PRESSURE', get('pressure')],
      ['PM25', (a + b) / 2],
    ];
    for (const [name, low] of [
      ['PM10', 'pm10.0_atm'],
      ['PM1', 'pm1.0_atm'],
    ] as const) {
      if (names.includes(`${low}_a`)) out.push([name, (get(`${low}_a`)! + get(`${low}_b`)!) / 2]);
    }
    for (const [name, value] of out) if (value !== undefined) samples.push([id, name, atMs, value]);
  }
  return samples;
}

function expectCloseSamples(actual: readonly OutputSample[], expected: readonly OutputSample[]) {
  expect(actual.map(([id, name, atMs]) => [id, name, atMs])).toEqual(
    expected.map(([id, name, atMs]) => [id, name, atMs]),
  );
  actual.forEach(([, , , value], i) => {
    const want = expected[i]![3];
    expect(Math.abs(value - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  });
}

describe('importOpenData --from purpleair: the fixtures', () => {
  it('places both sensors, keeps the lines whose channels agree and reports the others with file:line', async () => {
    const outDir = freshDir();
    const issues: ImportIssue[] = [];
    const summary = await importOpenData({
      from: 'purpleair',
      files: [DIR],
      outDir,
      onIssue: (issue) => issues.push(issue),
    });
    expect(summary).toEqual({
      source: 'purpleair',
      files: 3,
      rowsRead: 16, // 2 sensors and 14 history lines
      rowsKept: 12,
      rowsRejected: 4,
      samplesWritten: 45,
      installations: 2,
      splitLocations: 0,
      installationsPath: join(outDir, 'installations.json'),
      samplesPath: join(outDir, 'samples.csv'),
    });
    expect(issues.map((i) => [i.kind, `${i.file}:${i.line}`, i.message.split(':')[0]])).toEqual([
      ['rejected', `${OUTDOOR}:9`, 'pm2.5_atm_a 1866.188 and pm2.5_atm_b 6.678 disagree'],
      ['rejected', `${OUTDOOR}:10`, 'pm2.5_atm_a 3332.04 is outside [0, 2000] µg/m³'],
      ['rejected', `${OUTDOOR}:11`, 'pm2.5_atm_a 3330.622 is outside [0, 2000] µg/m³'],
      ['rejected', `${INDOOR}:5`, 'pm2.5_cf_1_a 12.5 and pm2.5_cf_1_b 2 disagree'],
    ]);
    const store = readImportedStore(summary.installationsPath, summary.samplesPath);
    expectCloseSamples(store.samples, [
      ...oracleSamples(OUTDOOR, ['pm2.5_atm_a', 'pm2.5_atm_b']),
      ...oracleSamples(INDOOR, ['pm2.5_cf_1_a', 'pm2.5_cf_1_b']),
    ]);
    expect(store.installations.map((i) => [i.id, i.location, i.correction])).toEqual([
      [205273, { latitude: 44.9778, longitude: -93.265 }, { method: 'AIRNOW_2021' }],
      [900001, { latitude: 44.9801, longitude: -93.2702 }, { method: 'EPA_2022' }],
    ]);
  });

  it('writes the correction into installations.json as a plain object', async () => {
    const summary = await importOpenData({
      from: 'purpleair',
      files: [`${DIR}/sensors.json`, OUTDOOR],
      outDir: freshDir(),
    });
    const [record] = JSON.parse(readFileSync(summary.installationsPath, 'utf8')) as unknown[];
    expect(record).toEqual({
      id: 205273,
      location: { latitude: 44.9778, longitude: -93.265 },
      address: {
        displayAddress1: 'Illustrative outdoor sensor',
        displayAddress2: 'PurpleAir sensor 205273',
      },
      elevation: 259.9944,
      vendor: false,
      sponsor: { id: 0, name: 'PurpleAir', link: 'https://www.purpleair.com' },
      correction: { method: 'AIRNOW_2021' },
    });
    expect(summary.installations).toBe(2); // the list places both, history or not
  });

  it('reads the sensor lists first, whatever the order of the files', async () => {
    const summary = await importOpenData({
      from: 'purpleair',
      files: [INDOOR, `${DIR}/sensors.json`],
      outDir: freshDir(),
    });
    expect([summary.rowsKept, summary.samplesWritten]).toEqual([5, 17]);
  });
});
