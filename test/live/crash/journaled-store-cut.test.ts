// A JournaledStore whose journal lost its end: the file of N written batches, cut at every
// byte offset within its last two records, opens into a fresh InMemoryStore serving exactly
// the batches that lay whole before the cut (later values of a resent key included), reports
// the cut, and then journals on from the cut as if nothing had happened. Record sizes come from
// the format's description (12-byte header, 8 + 4 + 25·n bytes a record), not from src.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../../src/store/in-memory-store.js';
import type { Sample } from '../../../src/store/ingest-report.js';
import { JOURNAL_FILE_NAME } from '../../../src/store/journal/index.js';
import { JournaledStore } from '../../../src/store/journaled-store.js';
import { installation } from '../../helpers/store-fixtures.js';

const INSTALLATIONS = [installation(1), installation(2)];
const BASE_MS = Date.UTC(2026, 10, 21, 9);
const MINUTE_MS = 60_000;
const FILE_HEADER_BYTES = 12;
const recordBytes = (batch: readonly Sample[]) => 8 + 4 + 25 * batch.length;

const at = (minute: number) => BASE_MS + minute * MINUTE_MS;
/** Six batches; the last two resend keys of earlier ones with new values. */
const BATCHES: readonly (readonly Sample[])[] = [
  [
    { installationId: 1, name: 'PM10', atMs: at(0), value: 10 },
    { installationId: 2, name: 'PM25', atMs: at(0), value: 20.5 },
  ],
  [{ installationId: 1, name: 'PM10', atMs: at(1), value: 11 }],
  [
    { installationId: 1, name: 'NO2', atMs: at(2), value: 30 },
    { installationId: 2, name: 'PM10', atMs: at(2), value: -0.25 },
    { installationId: 2, name: 'PM25', atMs: at(3), value: 1e-9 },
  ],
  [{ installationId: 1, name: 'PM25', atMs: at(4), value: 44 }],
  [
    { installationId: 1, name: 'PM10', atMs: at(0), value: 100 },
    { installationId: 2, name: 'O3', atMs: at(5), value: 55 },
  ],
  [
    { installationId: 2, name: 'PM25', atMs: at(0), value: 200 },
    { installationId: 1, name: 'NO2', atMs: at(2), value: 300 },
    { installationId: 1, name: 'PM10', atMs: at(6), value: 66 },
  ],
];
/** Written after each reopen: the journal must go on from the cut. */
const AFTER_CUT: readonly Sample[] = [
  { installationId: 2, name: 'PM10', atMs: at(7), value: 77 },
  { installationId: 1, name: 'PM10', atMs: at(1), value: 111 },
];

const keyOf = (sample: Sample) => `${sample.installationId}|${sample.name}|${sample.atMs}`;
const ALL_SAMPLES = [...BATCHES.flat(), ...AFTER_CUT];

/** key → value after the batches in order, the last value of a key winning. */
function oracle(batches: readonly (readonly Sample[])[]): Map<string, number> {
  const stored = new Map<string, number>();
  for (const batch of batches) for (const sample of batch) stored.set(keyOf(sample), sample.value);
  return stored;
}

/** key → what the store serves for that key's one-millisecond window (absent: nothing). */
async function served(memory: InMemoryStore): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const sample of ALL_SAMPLES) {
    const [averages] = await memory.windowAverages(sample.installationId, [
      { fromMs: sample.atMs, tillMs: sample.atMs + 1 },
    ]);
    const value = averages?.[sample.name];
    if (value !== undefined) found.set(keyOf(sample), value);
  }
  return found;
}

let root: string;
let journal: Uint8Array;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'airq-live-cut-'));
  const dir = join(root, 'written');
  const { store } = await JournaledStore.open(new InMemoryStore(INSTALLATIONS), { dir });
  for (const batch of BATCHES)
    expect(await store.writeSamples(batch)).toMatchObject({ rejected: [] });
  await store.close();
  journal = await readFile(join(dir, JOURNAL_FILE_NAME));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('JournaledStore on a journal cut at any byte of its last two records', () => {
  it('the file holds the header and one record per batch', () => {
    const total = BATCHES.reduce((sum, batch) => sum + recordBytes(batch), FILE_HEADER_BYTES);
    expect(journal.length).toBe(total);
  });

  it('serves the whole batches before the cut, reports the cut, and journals on from it', async () => {
    // recordEnds[k]: the byte after the first k records.
    const recordEnds = [FILE_HEADER_BYTES];
    for (const batch of BATCHES) recordEnds.push(recordEnds.at(-1)! + recordBytes(batch));
    const dir = join(root, 'cut');
    let checked = 0;
    for (let cut = recordEnds[BATCHES.length - 2]!; cut <= journal.length; cut++) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir);
      await writeFile(join(dir, JOURNAL_FILE_NAME), journal.subarray(0, cut));
      const whole = recordEnds.filter((end) => end <= cut).length - 1;
      const wholeEnd = recordEnds[whole]!;
      const memory = new InMemoryStore(INSTALLATIONS);
      const { store, report } = await JournaledStore.open(memory, { dir });
      const expected = oracle(BATCHES.slice(0, whole));
      try {
        expect({ cut, ...report }).toEqual({
          cut,
          records: whole,
          samples: BATCHES.slice(0, whole).flat().length,
          refused: 0,
          firstRefusal: undefined,
          places: 0,
          refusedPlaces: 0,
          firstPlacesRefusal: undefined,
          cutBytes: cut - wholeEnd,
          cutAtByte: cut > wholeEnd ? wholeEnd : undefined,
        });
        expect({ cut, served: await served(memory) }).toEqual({ cut, served: expected });
        expect(memory.sampleCount).toBe(expected.size);
        expect(await store.writeSamples(AFTER_CUT)).toEqual({ accepted: 2, rejected: [] });
      } finally {
        await store.close();
      }
      const reopened = new InMemoryStore(INSTALLATIONS);
      const again = await JournaledStore.open(reopened, { dir });
      try {
        expect(again.report).toMatchObject({ records: whole + 1, cutBytes: 0 });
        const after = oracle([...BATCHES.slice(0, whole), AFTER_CUT]);
        expect({ cut, served: await served(reopened) }).toEqual({ cut, served: after });
      } finally {
        await again.store.close();
      }
      checked++;
    }
    expect(checked).toBe(recordBytes(BATCHES[4]!) + recordBytes(BATCHES[5]!) + 1);
  }, 120_000);
});
