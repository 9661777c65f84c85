import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import { freshDirs, SC, SC_DAY } from '../helpers/import-open-data-files.js';

// The options of importOpenData: the progress it reports, and the messages of bad options.

const freshDir = freshDirs();

describe('importOpenData: options', () => {
  it('tells the progress in bytes, up to the total', async () => {
    const calls: [number, number][] = [];
    await importOpenData({
      from: 'sensor-community',
      files: [SC],
      outDir: freshDir(),
      onProgress: (read, total) => calls.push([read, total]),
    });
    const total = readdirSync(SC_DAY).reduce(
      (sum, name) => sum + readFileSync(join(SC_DAY, name)).length,
      0,
    );
    expect(calls.at(-1)).toEqual([total, total]);
    expect(calls.every(([read], i) => i === 0 || read >= calls[i - 1]![0])).toBe(true);
  });

  it.each([
    [undefined, 'TypeError: importOpenData: options must be an object, got undefined'],
    [
      { from: 'csv' },
      'RangeError: importOpenData: options.from must be one of sensor-community, openaq, purpleair, got "csv"',
    ],
    [
      { from: 'openaq', files: [] },
      'TypeError: importOpenData: options.files must be a non-empty array of paths, got []',
    ],
    [
      { from: 'openaq', files: ['a', ''] },
      'TypeError: importOpenData: options.files[1] must be a non-empty string, got ""',
    ],
    [
      { from: 'openaq', files: ['a'], outDir: 3 },
      'TypeError: importOpenData: options.outDir must be a directory path, got 3',
    ],
    [
      { from: 'openaq', files: ['a'], outDir: 'o', onIssue: 1 },
      'TypeError: importOpenData: options.onIssue must be a function, got 1',
    ],
  ])('refuses bad options %j', async (options, message) => {
    const error = await importOpenData(options as never).then(
      () => undefined,
      (caught: Error) => `${caught.name}: ${caught.message}`,
    );
    expect(error).toBe(message);
  });
});
