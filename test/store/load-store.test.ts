import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StoreLoadError } from '../../src/store/load-issues.js';
import { loadStoreFromFiles, loadStoreFromText } from '../../src/store/load-store.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const HEADER = 'installationId,name,timestamp,value';

async function loadError(promise: Promise<unknown>): Promise<StoreLoadError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StoreLoadError);
    return error as StoreLoadError;
  }
  throw new Error('expected a StoreLoadError');
}

async function expectFixtureData(store: Awaited<ReturnType<typeof loadStoreFromFiles>>) {
  expect(store.sampleCount).toBe(6);
  expect((await store.listActiveInstallations()).map((i) => i.id)).toEqual([1001, 1002]);
  expect(await store.findInstallation(901)).toMatchObject({
    status: 'replaced',
    successorId: 1001,
  });
  expect(await store.findInstallation(902)).toEqual({ status: 'missing' });
  expect(await store.windowAverages(1001, [hourOf21November(9)])).toEqual([
    { PM25: 20.5, PM10: 45, TEMPERATURE: -1.5 },
  ]);
  expect(await store.windowAverages(1002, [hourOf21November(8)])).toEqual([{ NO2: 33.25 }]);
}

describe('loadStoreFromFiles', () => {
  it('throws a TypeError naming loadStoreFromText where the runtime has no file system', async () => {
    const host = process as { getBuiltinModule?: unknown };
    const getBuiltinModule = host.getBuiltinModule;
    host.getBuiltinModule = undefined;
    try {
      await expect(
        loadStoreFromFiles({ installationsPath: fixture('store-installations.json') }),
      ).rejects.toThrow(
        new TypeError(
          "loadStoreFromFiles: this runtime has no file system (no process.getBuiltinModule('node:fs/promises')); read the files yourself and call loadStoreFromText",
        ),
      );
    } finally {
      host.getBuiltinModule = getBuiltinModule;
    }
  });

  it('loads the installations and samples fixtures', async () => {
    const store = await loadStoreFromFiles({
      installationsPath: fixture('store-installations.json'),
      samplesPath: fixture('store-samples.csv'),
    });
    await expectFixtureData(store);
  });

  it('loads the same data from a CRLF file with a byte order mark', async () => {
    const store = await loadStoreFromFiles({
      installationsPath: fixture('store-installations.json'),
      samplesPath: fixture('store-samples-crlf-bom.csv'),
    });
    await expectFixtureData(store);
  });

  it('loads installations alone and passes retentionMs on', async () => {
    const store = await loadStoreFromFiles({
      installationsPath: fixture('store-installations.json'),
      retentionMs: 3_600_000,
    });
    expect(store.sampleCount).toBe(0);
    expect(store.retentionMs).toBe(3_600_000);
  });

  it('names file and line of every bad sample row, checked against the installations', async () => {
    const samplesPath = fixture('store-samples-bad.csv');
    const error = await loadError(
      loadStoreFromFiles({ installationsPath: fixture('store-installations.json'), samplesPath }),
    );
    expect(error.issues.map((issue) => [issue.line, issue.message])).toEqual([
      [3, 'timestamp must be an ISO 8601 date-time, got "yesterday"'],
      [4, 'unknown installation 7'],
      [5, 'unknown measurement type "PM2.5"'],
      [7, 'value must be a finite decimal number, got "NaN"'],
      [8, 'expected 4 comma-separated fields, got 3'],
      [
        9,
        'installationId must be a positive integer, got "x"; value must be a finite decimal number, got "0x10"',
      ],
    ]);
    expect(error.issues.every((issue) => issue.file === samplesPath)).toBe(true);
    expect(error.message).toContain(
      `loadStoreFromFiles: 6 problems in the store data:\n  ${samplesPath}:3: timestamp must be`,
    );
  });

  it('names file, array index and field of bad installations', async () => {
    const path = fixture('store-installations-bad.json');
    const error = await loadError(loadStoreFromFiles({ installationsPath: path }));
    expect(error.message).toBe(
      [
        'loadStoreFromFiles: 5 problems in the store data:',
        `  ${path} [1].location.latitude: must be a number in [-90, 90], got 91`,
        `  ${path} [1].address.number: must be a string or null, got 5`,
        `  ${path} [1].elevation: must be a finite number of metres, got "205"`,
        `  ${path} [1].vendor: must be a boolean, got "no"`,
        `  ${path} [1].sponsor.name: must be a string, got undefined`,
      ].join('\n'),
    );
    expect(error.issues[0]).toEqual({
      file: path,
      index: 1,
      field: 'location.latitude',
      message: 'must be a number in [-90, 90], got 91',
    });
  });

  it('rejects a replacement cycle and a dangling successor when loading', async () => {
    const error = await loadError(
      loadStoreFromFiles({ installationsPath: fixture('store-installations-cycle.json') }),
    );
    expect(error.issues.map((issue) => issue.message)).toEqual([
      'installation 5 names successor 6, which does not exist',
      'replacement cycle 3 → 4 → 3',
    ]);
  });

  it('reports files that cannot be read or are not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'airq-store-'));
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '[{"id": 1001,', 'utf8');
    const notJson = await loadError(loadStoreFromFiles({ installationsPath: broken }));
    expect(notJson.issues).toHaveLength(1);
    expect(notJson.message).toMatch(
      new RegExp(`${broken.replaceAll('\\', '\\\\')}: not valid JSON: `),
    );

    const missing = join(dir, 'nope.csv');
    const unreadable = await loadError(
      loadStoreFromFiles({ installationsPath: broken, samplesPath: missing }),
    );
    expect(unreadable.issues).toEqual([
      { file: missing, message: expect.stringMatching(/^cannot read the file: .*ENOENT/) },
    ]);
  });

  it('rejects paths that are not strings', async () => {
    await expect(loadStoreFromFiles({ installationsPath: '' })).rejects.toThrow(TypeError);
    await expect(
      loadStoreFromFiles({ installationsPath: 'a.json', samplesPath: 3 as never }),
    ).rejects.toThrow(/loadStoreFromFiles: samplesPath must be a file path when given, got 3/);
  });
});

describe('loadStoreFromText', () => {
  const installations = { file: 'i.json', text: JSON.stringify([installation(1)]) };

  it('caps the message at 20 problems and says how many more there are', () => {
    const rows = Array.from(
      { length: 26 },
      (_, i) => `1,PM10,2026-11-21T09:${String(i).padStart(2, '0')}:00Z,bad`,
    );
    let caught: unknown;
    try {
      loadStoreFromText({
        installations,
        samples: { file: 's.csv', text: `${HEADER}\n${rows.join('\n')}\n` },
      });
    } catch (error) {
      caught = error;
    }
    const error = caught as StoreLoadError;
    expect(error.issues).toHaveLength(26);
    expect(error.message.split('\n')).toHaveLength(22);
    expect(error.message).toMatch(
      / {2}s\.csv:21: value must be a finite decimal number, got "bad"\n {2}… and 6 more$/,
    );
  });

  it('reports installation problems and sample syntax problems together', () => {
    expect(() =>
      loadStoreFromText({
        installations: { file: 'i.json', text: '[{"id": -1}]' },
        samples: { file: 's.csv', text: `${HEADER}\n1,PM10,soon,1\n` },
      }),
    ).toThrow(
      /i\.json \[0\]\.id: must be a positive integer, got -1[\s\S]*s\.csv:2: timestamp must be/,
    );
  });

  it('loads CRLF text with a BOM', async () => {
    const store = loadStoreFromText({
      installations,
      samples: { file: 's.csv', text: `\uFEFF${HEADER}\r\n1,PM10,2026-11-21T09:05:00Z,3\r\n` },
    });
    expect(await store.windowAverages(1, [hourOf21November(9)])).toEqual([{ PM10: 3 }]);
  });

  it('rejects input that is not named text', () => {
    expect(() => loadStoreFromText({ installations: { file: 'i.json' } as never })).toThrow(
      /loadStoreFromText: installations must be \{ file: string, text: string \}/,
    );
  });
});
