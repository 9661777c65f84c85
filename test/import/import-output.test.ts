import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportOutput } from '../../src/import/import-output.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';

const root = mkdtempSync(join(tmpdir(), 'airq-output-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const installation: StoredInstallation = {
  id: 3,
  location: { latitude: 1, longitude: 2 },
  address: { city: null },
  elevation: 0,
  vendor: false,
  sponsor: { id: 0, name: 'x' },
};

describe('ImportOutput', () => {
  it('writes under temporary names and renames both files only on commit', async () => {
    const dir = join(root, 'commit');
    const output = await ImportOutput.open(dir);
    await output.write({
      installationId: 3,
      name: 'PM10',
      atMs: Date.UTC(2026, 10, 21, 9),
      value: 1.5,
    });
    const during = readdirSync(dir);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^\.samples\.csv\.\d+-[0-9a-f]{8}\.tmp$/);
    await output.commit([installation]);
    expect(readdirSync(dir).sort()).toEqual(['installations.json', 'samples.csv']);
    expect(readFileSync(join(dir, 'samples.csv'), 'utf8')).toBe(
      'installationId,name,timestamp,value\n3,PM10,2026-11-21T09:00:00.000Z,1.5\n',
    );
    expect(JSON.parse(readFileSync(join(dir, 'installations.json'), 'utf8'))).toEqual([
      installation,
    ]);
    expect(output.samplesWritten).toBe(1);
  });

  it('leaves nothing behind when discarded, or when the installations fail the store checks', async () => {
    const dir = join(root, 'discard');
    const output = await ImportOutput.open(dir);
    await output.discard();
    expect(readdirSync(dir)).toEqual([]);
    const bad = await ImportOutput.open(dir);
    await expect(bad.commit([{ ...installation, id: 0 }])).rejects.toThrow(
      /^the importer built invalid installations: .*\[0\]\.id: must be a positive integer, got 0$/,
    );
    await bad.discard();
    expect(readdirSync(dir)).toEqual([]);
  });
});
