// Places records (format version 2): their bytes against an encoder written from the format's
// description, the header turned to version 2 before the first of them, their place among the
// samples at replay, a torn places record cut at every byte, and compaction keeping them.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Sample } from '../../../src/store/ingest-report.js';
import { JOURNAL_FILE_NAME, SampleJournal } from '../../../src/store/journal/index.js';
import { encodePlacesRecord } from '../../../src/store/journal/journal-places.js';
import type { PlacedInstallation } from '../../../src/store/placed-installation.js';
import { installation } from '../../helpers/store-fixtures.js';
import { encodeJournalOracle, encodeRecordOracle, sampleOf, tempDir } from './journal-helpers.js';

const PLACED: PlacedInstallation[] = [
  {
    place: { source: 'openaq', sourceId: 1071, k: 0 },
    installation: installation(3, { id: 2e15 + 1071 }),
  },
];

/** A places record from the description: length, CRC-32, 0xFFFFFFFF, then the JSON. */
function placesRecordOracle(entries: readonly PlacedInstallation[]): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(entries));
  const payload = new Uint8Array(4 + json.length);
  new DataView(payload.buffer).setUint32(0, 0xffffffff, true);
  payload.set(json, 4);
  const record = new Uint8Array(8 + payload.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, payload.length, true);
  view.setUint32(4, zlibCrc32(payload), true);
  record.set(payload, 8);
  return record;
}

/** What a replay hands over, in file order. */
async function replayInOrder(journal: SampleJournal) {
  const seen: (Sample[] | PlacedInstallation[])[] = [];
  const report = await journal.replay(
    (samples) => seen.push([...samples]),
    (entries) => seen.push([...entries]),
  );
  return { seen, report };
}

const versionOf = async (path: string) => (await readFile(path)).readUInt32LE(8);

describe('SampleJournal places records', () => {
  it('writes the format: version 1 until the first places record, then version 2', async () => {
    expect(new Uint8Array(encodePlacesRecord('f', PLACED))).toEqual(placesRecordOracle(PLACED));
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    const journal = await SampleJournal.open({ dir });
    await journal.replay(() => undefined);
    await journal.append([sampleOf(0)]);
    expect(await versionOf(path)).toBe(1);
    await journal.appendPlaces(PLACED);
    await journal.append([sampleOf(1)]);
    await journal.close();
    const expected = Buffer.concat([
      encodeJournalOracle([[sampleOf(0)]]),
      placesRecordOracle(PLACED),
      encodeRecordOracle([sampleOf(1)]),
    ]);
    expected.writeUInt32LE(2, 8);
    expect(new Uint8Array(await readFile(path))).toEqual(new Uint8Array(expected));

    const again = await SampleJournal.open({ dir });
    expect(again.version).toBe(2);
    const { seen, report } = await replayInOrder(again);
    expect(seen).toEqual([[sampleOf(0)], PLACED, [sampleOf(1)]]);
    expect(report).toEqual({
      records: 3,
      samples: 2,
      places: 1,
      cutBytes: 0,
      cutAtByte: undefined,
    });
    await again.close();
  });

  it('cuts a torn places record at every byte, then takes appends', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    const head = Buffer.from(encodeJournalOracle([[sampleOf(0)]]));
    head.writeUInt32LE(2, 8);
    const record = placesRecordOracle(PLACED);
    for (let length = 1; length < record.length; length++) {
      await writeFile(path, Buffer.concat([head, record.subarray(0, length)]));
      const journal = await SampleJournal.open({ dir });
      const { seen, report } = await replayInOrder(journal);
      expect(seen).toEqual([[sampleOf(0)]]);
      expect(report).toMatchObject({
        records: 1,
        places: 0,
        cutBytes: length,
        cutAtByte: head.length,
      });
      await journal.appendPlaces(PLACED);
      await journal.close();
      expect((await stat(path)).size).toBe(head.length + record.length);
    }
  });

  it('takes a places record in a version-1 file for a corrupt tail', async () => {
    const dir = await tempDir();
    const path = join(dir, JOURNAL_FILE_NAME);
    const head = encodeJournalOracle([[sampleOf(0)]]); // version 1
    await writeFile(path, Buffer.concat([head, placesRecordOracle(PLACED)]));
    const journal = await SampleJournal.open({ dir });
    const { seen, report } = await replayInOrder(journal);
    expect(seen).toEqual([[sampleOf(0)]]);
    expect(report).toMatchObject({ cutAtByte: head.length });
    await journal.close();
  });

  it('keeps every places record in its place when compaction drops old samples', async () => {
    const dir = await tempDir();
    const journal = await SampleJournal.open({ dir, fsync: 'interval' });
    await journal.replay(() => undefined);
    await journal.append([sampleOf(0)]);
    await journal.appendPlaces(PLACED);
    await journal.append([sampleOf(1), sampleOf(2)]);
    expect(await journal.compact(sampleOf(2).atMs)).toEqual({ keptSamples: 1, removedSamples: 2 });
    await journal.close();
    const again = await SampleJournal.open({ dir });
    expect(again.version).toBe(2);
    const { seen } = await replayInOrder(again);
    expect(seen).toEqual([PLACED, [sampleOf(2)]]);
    await again.close();
  });
});
