import { mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import type { ImportIssue } from '../../src/import/import-report.js';
import { loadStoreFromFiles } from '../../src/store/load-store.js';
import { failure, freshDirs, OPENAQ, SC, SC_DAY } from '../helpers/import-open-data-files.js';
import { ppbToUgm3Oracle, readImportedStore } from '../helpers/import-oracles.js';

// importOpenData over the fixtures of each source, from the files to the store they load into.
// Failed runs: import-open-data-failures.test.ts; the options: import-open-data-options.test.ts.

const freshDir = freshDirs();
const at = (time: string) => Date.parse(`2026-11-21T${time}Z`);

describe('importOpenData: the Sensor.Community fixtures', () => {
  it('writes the installations and samples of the good rows and reports the others with file:line', async () => {
    const outDir = freshDir();
    const issues: ImportIssue[] = [];
    const summary = await importOpenData({
      from: 'sensor-community',
      files: [SC],
      outDir,
      onIssue: (issue) => issues.push(issue),
    });
    expect(summary).toEqual({
      source: 'sensor-community',
      files: 3,
      rowsRead: 14,
      rowsKept: 8,
      rowsRejected: 6,
      samplesWritten: 18,
      installations: 3,
      splitLocations: 1,
      installationsPath: join(outDir, 'installations.json'),
      samplesPath: join(outDir, 'samples.csv'),
    });
    const bme = `${SC_DAY}/2026-11-21_bme280_sensor_40113.csv`;
    const dht = `${SC_DAY}/2026-11-21_dht22_sensor_40200.csv`;
    const sds = `${SC_DAY}/2026-11-21_sds011_sensor_40112.csv`;
    expect(issues.map((i) => [i.kind, `${i.file}:${i.line}`, i.message])).toEqual([
      ['rejected', `${bme}:4`, 'humidity 104.2 is outside [0, 100] %'],
      ['rejected', `${dht}:3`, 'no value in any measurement column'],
      ['rejected', `${sds}:4`, 'P1 must be a decimal number, got "n/a"'],
      [
        'rejected',
        `${sds}:5`,
        'timestamp must be an ISO 8601 date-time, got "2026-11-21T25:08:31"',
      ],
      ['rejected', `${sds}:6`, 'P1 -3 is outside [0, 2000] µg/m³'],
      ['rejected', `${sds}:7`, 'expected 12 semicolon-separated fields as in the header, got 13'],
      [
        'note',
        `${sds}:9`,
        'location 27045 moved from (50.062, 19.937) to (50.071, 19.945); from here on its samples go to installation 1000027045 (was 27045)',
      ],
    ]);
    const store = readImportedStore(summary.installationsPath, summary.samplesPath);
    expect(store.samples).toEqual([
      [27045, 'PRESSURE', at('08:00:58'), 988.765],
      [27045, 'TEMPERATURE', at('08:00:58'), -1.42],
      [27045, 'HUMIDITY', at('08:00:58'), 87.3],
      [27045, 'PRESSURE', at('08:03:25'), 988.7412],
      [27045, 'TEMPERATURE', at('08:03:25'), -1.47],
      [27045, 'HUMIDITY', at('08:03:25'), 87.65],
      [27101, 'TEMPERATURE', at('08:02:11'), -0.9],
      [27101, 'HUMIDITY', at('08:02:11'), 91.2],
      [27101, 'TEMPERATURE', at('08:07:09'), -0.95],
      [27101, 'HUMIDITY', at('08:07:09'), 91.6],
      [27045, 'PM10', at('08:01:12'), 41.3],
      [27045, 'PM25', at('08:01:12'), 27.1],
      [27045, 'PM10', at('08:03:39'), 39.85],
      [27045, 'PM25', at('08:03:39'), 26.02],
      [27045, 'PM10', at('08:15:54'), 45.6], // sensor 41877 replaced 40112 at the same location
      [27045, 'PM25', at('08:15:54'), 29.3],
      [1_000_027_045, 'PM10', at('08:18:20'), 47.15],
      [1_000_027_045, 'PM25', at('08:18:20'), 30.05],
    ]);
    expect(store.installations.map((i) => [i.id, i.location])).toEqual([
      [27045, { latitude: 50.062, longitude: 19.937 }],
      [27101, { latitude: 50.049, longitude: 19.962 }],
      [1_000_027_045, { latitude: 50.071, longitude: 19.945 }],
    ]);
    const loaded = await loadStoreFromFiles({
      installationsPath: summary.installationsPath,
      samplesPath: summary.samplesPath,
    });
    expect(loaded.sampleCount).toBe(18);
    expect(readdirSync(outDir).sort()).toEqual(['installations.json', 'samples.csv']);
  });

  it('reports a column it does not know once, on the header line, and imports the rest', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const file = join(dir, 'day.csv');
    writeFileSync(
      file,
      'sensor_id;sensor_type;location;lat;lon;timestamp;temperature;humidity;co2_ppm\r\n1;X;3;1.5;2.5;2026-11-21T08:00:00;1.5;40;415\r\n',
    );
    const issues: ImportIssue[] = [];
    const summary = await importOpenData({
      from: 'sensor-community',
      files: [file],
      outDir: join(dir, 'out'),
      onIssue: (issue) => issues.push(issue),
    });
    expect(issues).toEqual([
      {
        file,
        line: 1,
        kind: 'note',
        message:
          'unknown column "co2_ppm": airq has no measurement type for it, its values are not imported',
      },
    ]);
    expect(summary.samplesWritten).toBe(2);
  });
});

describe('importOpenData: the OpenAQ fixtures', () => {
  it('reads the locations first, whatever the order, and converts each sensor page', async () => {
    const outDir = freshDir();
    const issues: ImportIssue[] = [];
    const files = [
      `${OPENAQ}/sensors-30103-measurements.json`,
      `${OPENAQ}/locations.json`,
      `${OPENAQ}/sensors-30101-measurements.json`,
      `${OPENAQ}/sensors-30102-measurements.json`,
    ];
    const summary = await importOpenData({
      from: 'openaq',
      files,
      outDir,
      onIssue: (issue) => issues.push(issue),
    });
    expect(summary).toMatchObject({ files: 4, rowsRead: 10, rowsKept: 7, rowsRejected: 3 });
    expect(issues.map((i) => `${i.file} [${i.index}]: ${i.message}`)).toEqual([
      `${OPENAQ}/locations.json [1]: a mobile location has no fixed place`,
      `${OPENAQ}/sensors-30101-measurements.json [2]: co -11454887.1166 is outside [0, 100000] µg/m³`,
      `${OPENAQ}/sensors-30102-measurements.json [2]: value must be a finite number, got null`,
    ]);
    const store = readImportedStore(summary.installationsPath, summary.samplesPath);
    const expected = [
      ['NO2', 6, ppbToUgm3Oracle('NO2', 21.7)],
      ['NO2', 7, ppbToUgm3Oracle('NO2', 24.3)],
      ['CO', 6, ppbToUgm3Oracle('CO', 420)],
      ['CO', 7, ppbToUgm3Oracle('CO', 510)],
      ['PM25', 6, 31.4],
      ['PM25', 7, 35],
    ] as const;
    expect(store.samples.map(([id, name, atMs]) => [id, name, atMs])).toEqual(
      expected.map(([name, hour]) => [10512, name, Date.UTC(2026, 10, 21, hour)]),
    );
    store.samples.forEach(([, , , value], i) => {
      expect(value).toBeCloseTo(expected[i]![2], 8);
    });
    expect(store.installations).toEqual([
      {
        id: 10512,
        location: { latitude: 50.010575, longitude: 19.949189 },
        address: { country: 'Poland', city: 'Kraków', displayAddress1: 'Kraków, ul. Bujaka' },
        elevation: 0,
        vendor: false,
        sponsor: { id: 166, name: 'EEA', link: 'https://openaq.org' },
      },
    ]);
  });

  it('refuses a measurements page whose sensor is unknown or unnamed, and a file larger than a page', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const unnamed = join(dir, 'measurements.json');
    writeFileSync(unnamed, readFileSync(`${OPENAQ}/sensors-30101-measurements.json`));
    const huge = join(dir, 'sensors-30102-measurements.json');
    writeFileSync(huge, '');
    truncateSync(huge, 17 * 1024 * 1024); // sparse: no 17 MB written
    const error = await failure(
      importOpenData({
        from: 'openaq',
        files: [`${OPENAQ}/locations.json`, unnamed, huge, `${OPENAQ}/sensors-99-x.json`],
        outDir: join(dir, 'out'),
      }),
    );
    expect(error.issues.map((issue) => issue.message)).toEqual([
      `cannot be read: ENOENT: no such file or directory, stat '${OPENAQ}/sensors-99-x.json'`,
    ]);
    const second = await failure(
      importOpenData({
        from: 'openaq',
        files: [`${OPENAQ}/locations.json`, unnamed, huge],
        outDir: join(dir, 'out'),
      }),
    );
    expect(second.issues.map((issue) => `${issue.file}: ${issue.message}`)).toEqual([
      `${huge}: is 17825792 bytes, more than one API page (at most 1000 results) can be; save each page to a file of its own`,
      `${unnamed}: is a measurements page whose name does not say its sensor; name it like sensors-3917-measurements.json`,
    ]);
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
  });
});
