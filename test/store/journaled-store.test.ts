import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../src/model/dependency-unavailable.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { JOURNAL_FILE_NAME } from '../../src/store/journal/index.js';
import { JournaledStore } from '../../src/store/journaled-store.js';
import { installation } from '../helpers/store-fixtures.js';
import { faultyFiles, systemError, tempDir } from './journal/journal-helpers.js';

// JournaledStore: durable before visible. What memory serves is checked against the samples
// written, one-sample windows reading each stored value back.

const INSTALLATIONS = [installation(1, { sensors: ['esp8266-1'] }), installation(2)];
const T = Date.parse('2026-11-21T09:00:00.000Z');
const at = (minute: number) => T + minute * 60_000;
const pm25 = (installationId: number, minute: number, value: number) => ({
  installationId,
  name: 'PM25',
  atMs: at(minute),
  value,
});
const read = async (store: InMemoryStore, installationId: number, minute: number) =>
  (await store.windowAverages(installationId, [{ fromMs: at(minute), tillMs: at(minute) + 1 }]))[0];

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('JournaledStore', () => {
  it('keeps a 1 MiB reserve ahead of its records while open, none with reserveBytes 0', async () => {
    const path = join(dir, JOURNAL_FILE_NAME);
    const records = 12 + 8 + 4 + 25; // the header and one record of one sample
    const first = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir });
    await first.store.writeSamples([pm25(1, 5, 10)]);
    expect((await stat(path)).size).toBe(records + 1024 * 1024);
    await first.store.close();
    expect((await stat(path)).size).toBe(records);
    const opened = { dir, reserveBytes: 0 };
    const again = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), opened);
    await again.store.writeSamples([pm25(1, 6, 11)]);
    expect((await stat(path)).size).toBe(2 * records - 12);
    await again.store.close();
  });

  it('reports what the store would, stores the valid part, and replays it after a restart', async () => {
    const first = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir });
    expect(first.report).toEqual({
      records: 0,
      samples: 0,
      refused: 0,
      firstRefusal: undefined,
      places: 0,
      refusedPlaces: 0,
      firstPlacesRefusal: undefined,
      cutBytes: 0,
      cutAtByte: undefined,
    });
    const report = await first.store.writeSamples([pm25(1, 5, 10), pm25(9, 5, 1), pm25(2, 6, 20)]);
    expect(report.accepted).toBe(2);
    expect(report.rejected.map((rejected) => [rejected.index, rejected.reason])).toEqual([
      [1, 'unknown installation 9'],
    ]);
    await first.store.writeSamples([pm25(1, 5, 11)]); // a resend with a new value replaces
    await first.store.close();

    const memory = new InMemoryStore(INSTALLATIONS);
    const again = await JournaledStore.open(memory, { dir });
    expect(again.report).toMatchObject({ records: 2, samples: 3, refused: 0, cutBytes: 0 });
    expect(memory.sampleCount).toBe(2);
    expect(await read(memory, 1, 5)).toEqual({ PM25: 11 });
    expect(await read(memory, 2, 6)).toEqual({ PM25: 20 });
    await again.store.close();
  });

  it('a batch with nothing valid writes nothing to the journal', async () => {
    const { files, controls } = faultyFiles();
    const opened = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir, files });
    const writesBefore = controls.writes;
    expect((await opened.store.writeSamples([pm25(9, 1, 1)])).accepted).toBe(0);
    expect(controls.writes).toBe(writesBefore);
    await opened.store.close();
  });

  it('a write the disk refuses rejects with DependencyUnavailableError and is never served', async () => {
    const { files, controls } = faultyFiles();
    const memory = new InMemoryStore(INSTALLATIONS);
    const opened = await JournaledStore.open(memory, { dir, files });
    await opened.store.writeSamples([pm25(1, 1, 5)]);
    controls.writesToDevFull = true;
    const full = opened.store.writeSamples([pm25(1, 2, 6)]);
    await expect(full).rejects.toBeInstanceOf(DependencyUnavailableError);
    controls.writesToDevFull = false;
    // Room again: writes go on.
    await opened.store.writeSamples([pm25(1, 3, 7)]);
    // A failed fdatasync may have lost pages the kernel held: every later write is refused
    // until a restart reads back what the file really holds.
    controls.datasyncError = systemError('EIO', 'i/o error');
    const lost = opened.store.writeSamples([pm25(1, 4, 8)]);
    await expect(lost).rejects.toBeInstanceOf(DependencyUnavailableError);
    controls.datasyncError = undefined;
    const later = opened.store.writeSamples([pm25(1, 5, 9)]);
    await expect(later).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(memory.sampleCount).toBe(2);
    await opened.store.close();
    const fresh = new InMemoryStore(INSTALLATIONS);
    const again = await JournaledStore.open(fresh, { dir });
    const served = [];
    for (const minute of [1, 2, 3, 5]) served.push(await read(fresh, 1, minute));
    expect(served).toEqual([{ PM25: 5 }, {}, { PM25: 7 }, {}]);
    // The write whose sync failed may or may not be on disk; it was never acknowledged.
    expect([{}, { PM25: 8 }]).toContainEqual(await read(fresh, 1, 4));
    await again.store.writeSamples([pm25(1, 6, 10)]);
    await again.store.close();
  });

  it('is not visible before it is durable: a read while the sync runs does not see the write', async () => {
    const { files, controls } = faultyFiles();
    const memory = new InMemoryStore(INSTALLATIONS);
    const opened = await JournaledStore.open(memory, { dir, files });
    let open: () => void = () => {};
    controls.datasyncGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const writing = opened.store.writeSamples([pm25(2, 30, 3)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(memory.sampleCount).toBe(0);
    controls.datasyncGate = undefined;
    open();
    await writing;
    expect(memory.sampleCount).toBe(1);
    await opened.store.close();
  });

  it('prunes memory and the journal, and counts at start what the store refuses', async () => {
    const first = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir });
    await first.store.writeSamples([pm25(1, 0, 1), pm25(2, 90, 2)]);
    await first.store.writeSamples([pm25(2, 120, 3)]);
    expect(await first.store.pruneBefore(at(60))).toBe(1);
    expect(first.store.retainedFromMs).toBe(at(60));
    await first.store.close();
    // Installation 2 left the set: its samples are counted, not served, and stay in the journal.
    const memory = new InMemoryStore([INSTALLATIONS[0]!]);
    const again = await JournaledStore.open(memory, { dir });
    expect(again.report).toMatchObject({
      samples: 2,
      refused: 2,
      firstRefusal: 'unknown installation 2',
    });
    expect(memory.sampleCount).toBe(0);
    expect(await again.store.deviceInstallation('esp8266-1')).toBe(1);
    expect(await again.store.deviceInstallation('esp8266-2')).toBeUndefined();
    await again.store.close();
  });

  it('a second open of the same directory fails, naming it', async () => {
    const first = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir });
    await expect(JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir })).rejects.toThrow(
      dir,
    );
    await first.store.close();
  });
});
