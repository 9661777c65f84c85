import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import type { ImportIssue } from '../../src/import/import-report.js';
import { failure, freshDirs } from '../helpers/import-open-data-files.js';

// importOpenData --from purpleair when a file cannot give what its sensors need: missing
// columns, a sensor no list places, a list without location_type, files that are not PurpleAir
// answers, and lines that are all refused. Nothing is written then. Also the notes: a sensor
// that moved between two lists, unknown columns, a repeated header.

const freshDir = freshDirs();
const LIST = 'test/fixtures/purpleair/sensors.json';
const OUTDOOR = 'test/fixtures/purpleair/sensor-205273-history.csv';

/** Writes `files` into a fresh input directory; returns their paths in the same order. */
function inputs(files: Record<string, string>): string[] {
  const dir = freshDir();
  mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
}

const run = (files: string[], outDir = freshDir(), issues: ImportIssue[] = []) =>
  importOpenData({ from: 'purpleair', files, outDir, onIssue: (i) => issues.push(i) });

describe('importOpenData --from purpleair: fatal problems', () => {
  it('refuses a history without a channel its sensor needs, naming the sensor, the columns and the line', async () => {
    const text = readFileSync(OUTDOOR, 'utf8')
      .split('\n')
      .map((line) => line.split(',').slice(0, 7).join(','))
      .join('\n');
    const [history] = inputs({ 'h.csv': text });
    const outDir = freshDir();
    const error = await failure(run([LIST, history!], outDir));
    expect(error.issues).toEqual([
      {
        file: history,
        line: 2,
        message:
          "lacks pm2.5_atm_b, which sensor 205273 (outside) needs: its PM2.5 is the pm2.5_atm_a/pm2.5_atm_b mean, corrected with AIRNOW_2021, which reads humidity; ask for them in the history's fields",
      },
    ]);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('refuses an indoor history that has only the atm channels and no humidity', async () => {
    const [history] = inputs({
      'h.csv': 'time_stamp,sensor_index,pm2.5_atm_a,pm2.5_atm_b\n1727877600,900001,3,3.5\n',
    });
    const error = await failure(run([LIST, history!]));
    expect(error.issues[0]!.message).toMatch(
      /^lacks humidity, pm2\.5_cf_1_a, pm2\.5_cf_1_b, which sensor 900001 \(inside\) needs: its PM2\.5 is the pm2\.5_cf_1_a\/pm2\.5_cf_1_b mean, corrected with EPA_2022/,
    );
  });

  it('refuses a history of a sensor that no list places, and one given without any list', async () => {
    const single = JSON.stringify({
      sensor: { sensor_index: 7, latitude: 1, longitude: 2, location_type: 0 },
    });
    const [list] = inputs({ 'seven.json': single });
    const error = await failure(run([list!, OUTDOOR]));
    expect(error.issues).toEqual([
      {
        file: OUTDOOR,
        line: 2,
        message:
          'holds history of sensor 205273, which no sensor list given places; add its GET /v1/sensors answer (*.json)',
      },
    ]);
    expect((await failure(run([OUTDOOR]))).issues).toHaveLength(1);
  });

  it('lists every file-level problem at once', async () => {
    const files = inputs({
      'no-type.json': '{"fields": ["sensor_index", "latitude", "longitude"], "data": [[1, 2, 3]]}',
      'error.json':
        '{"error": "RateLimitExceededError", "description": "Available API call limit exceeded, please try later."}',
      'bad.json':
        '{"fields": ["sensor_index", "latitude", "longitude", "location_type"], "data": [[1, 95, 3, 0]]}',
      'legacy.csv': 'id,time_stamp,pm2.5_atm_a,pm2.5_atm_b\n149970,1664062200,8.90,7.11\n',
      'empty.csv': '\n\n',
    });
    const error = await failure(run(files));
    expect(error.issues.map((issue) => [basename(issue.file), issue.line, issue.message])).toEqual([
      [
        'no-type.json',
        undefined,
        'the sensor list lacks the fields location_type, which place each sensor and choose its correction; ask for them with fields=name,latitude,longitude,location_type,altitude',
      ],
      [
        'error.json',
        undefined,
        'is a PurpleAir error answer, not a sensor list: RateLimitExceededError (Available API call limit exceeded, please try later.)',
      ],
      ['bad.json', undefined, 'has no valid sensor'],
      [
        'legacy.csv',
        1,
        'not a PurpleAir history CSV: the header must name time_stamp and sensor_index; missing sensor_index in "id,time_stamp,pm2.5_atm_a,pm2.5_atm_b"',
      ],
      ['empty.csv', undefined, 'is empty'],
    ]);
  });

  it('refuses a history whose lines are all rejected, and a directory with neither .csv nor .json', async () => {
    const [history] = inputs({
      'h.csv':
        'time_stamp,sensor_index,humidity,pm2.5_atm_a,pm2.5_atm_b\n1727877600,205273,130,3,3.5\n',
    });
    const issues: ImportIssue[] = [];
    const error = await failure(run([LIST, history!], freshDir(), issues));
    expect(error.issues).toEqual([
      { file: history, message: 'has no valid row (all 1 were rejected)' },
    ]);
    expect(issues.map((i) => i.message)).toEqual(['humidity 130 is outside [0, 100] %']);
    const empty = freshDir();
    mkdirSync(empty);
    expect((await failure(run([empty]))).issues).toEqual([
      { file: empty, message: 'has no .csv or .json file' },
    ]);
  });
});

describe('importOpenData --from purpleair: notes and tolerated input', () => {
  it('splits a sensor that moved between two lists; the history read after goes to the new place', async () => {
    const moved = readFileSync(LIST, 'utf8').replace('44.9778', '45.0101');
    const dir = freshDir();
    mkdirSync(dir);
    copyFileSync(LIST, join(dir, 'a-sensors.json'));
    writeFileSync(join(dir, 'b-sensors.json'), moved);
    copyFileSync(OUTDOOR, join(dir, 'history.csv'));
    const issues: ImportIssue[] = [];
    const summary = await run([dir], freshDir(), issues);
    expect(summary.splitLocations).toBe(1);
    expect(issues[0]).toEqual({
      kind: 'note',
      file: join(dir, 'b-sensors.json'),
      index: 0,
      message:
        'sensor 205273 appears again at (45.0101, -93.265), not (44.9778, -93.265); it becomes installation 1000205273, and the history read after this goes there',
    });
    const samples = readFileSync(summary.samplesPath, 'utf8').trim().split('\n').slice(1);
    expect(new Set(samples.map((line) => line.split(',')[0]))).toEqual(new Set(['1000205273']));
  });

  it('notes an unknown column once and skips a repeated header (pages appended to one file)', async () => {
    const [history] = inputs({
      'h.csv': [
        'time_stamp,sensor_index,humidity,pm2.5_atm_a,pm2.5_atm_b,co2_ppm',
        '1727877600,205273,40,3,3.5,412',
        'time_stamp,sensor_index,humidity,pm2.5_atm_a,pm2.5_atm_b,co2_ppm',
        '1727881200,205273,41,4,4.5,415',
      ].join('\r\n'),
    });
    const issues: ImportIssue[] = [];
    const summary = await run([LIST, history!], freshDir(), issues);
    expect(issues).toEqual([
      {
        kind: 'note',
        file: history,
        line: 1,
        message:
          'unknown column "co2_ppm": not a PurpleAir history field airq reads, its values are not imported',
      },
    ]);
    expect([summary.rowsRead, summary.rowsKept, summary.samplesWritten]).toEqual([4, 4, 4]);
  });
});
