import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import { failure, freshDirs, SC } from '../helpers/import-open-data-files.js';

// A run of importOpenData that fails writes nothing: every fatal problem of the input is
// listed at once, an abort removes the temporary files, and earlier output stays as it was.

const freshDir = freshDirs();

describe('importOpenData: nothing half-written', () => {
  it('fails on a file with no valid row, lists every fatal problem, and leaves earlier output as it was', async () => {
    const outDir = freshDir();
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'samples.csv'), 'earlier\n');
    const dir = freshDir();
    mkdirSync(dir);
    const header =
      'sensor_id;sensor_type;location;lat;lon;timestamp;P1;durP1;ratioP1;P2;durP2;ratioP2';
    writeFileSync(join(dir, 'bad.csv'), `${header}\n1;SDS011;3;1;2;never;1;;;2;;\n`);
    writeFileSync(join(dir, 'empty.csv'), '\n\n');
    writeFileSync(join(dir, 'other.csv'), 'a,b,c\n1,2,3\n');
    writeFileSync(join(dir, 'header-only.csv'), `${header}\n`);
    const error = await failure(
      importOpenData({ from: 'sensor-community', files: [dir, `${SC}`], outDir }),
    );
    expect(error.issues).toEqual([
      { file: join(dir, 'bad.csv'), message: 'has no valid row (all 1 were rejected)' },
      { file: join(dir, 'empty.csv'), message: 'is empty' },
      { file: join(dir, 'header-only.csv'), message: 'has no valid row (it has no data row)' },
      {
        file: join(dir, 'other.csv'),
        line: 1,
        message:
          'the header must name the columns sensor_id;sensor_type;location;lat;lon;timestamp and the measurements; missing sensor_id, sensor_type, location, lat, lon, timestamp in "a,b,c"',
      },
    ]);
    expect(error.message).toMatch(
      /^importOpenData: nothing was written, 4 problems in the input:\n {2}/,
    );
    expect(readdirSync(outDir)).toEqual(['samples.csv']);
    expect(readFileSync(join(outDir, 'samples.csv'), 'utf8')).toBe('earlier\n');
  });

  it('stops when aborted, and removes its temporary files', async () => {
    const outDir = freshDir();
    const controller = new AbortController();
    const run = importOpenData({
      from: 'sensor-community',
      files: [SC],
      outDir,
      onIssue: () => controller.abort(new Error('stop')),
      signal: controller.signal,
    });
    await expect(run).rejects.toThrow('stop');
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('reports a path that cannot be read and a directory without input files', async () => {
    const empty = freshDir();
    mkdirSync(empty);
    const error = await failure(
      importOpenData({ from: 'openaq', files: ['/nonexistent/airq', empty], outDir: freshDir() }),
    );
    expect(error.issues).toEqual([
      {
        file: '/nonexistent/airq',
        message: "cannot be read: ENOENT: no such file or directory, stat '/nonexistent/airq'",
      },
      { file: empty, message: 'has no .json file' },
    ]);
  });
});
