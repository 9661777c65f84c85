import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { InMemoryStore } from '../src/store/in-memory-store.js';
import type { Sample } from '../src/store/ingest-report.js';
import { type FsyncPolicy, SampleJournal } from '../src/store/journal/index.js';
import type { StoredInstallation } from '../src/store/stored-installation.js';
import { seededRandom } from './helpers/seeded-random.js';

// What durability costs a live write: appending one batch of 10,000 samples to the sample
// journal (one record: one write and, under fsync 'always', one fdatasync) beside storing the
// same batch in memory with InMemoryStore.ingest, which a journaled store does as well. Each
// call takes a new batch of new minutes, so the store appends rather than replaces.
// Samples per second = hz × 10,000. The journal lives in the system's temp directory: the
// figure is that disk's fdatasync as much as the journal's code. The last group appends one
// push at a time, with and without the journal's reserve.

const BATCH_SIZE = 10_000;
const INSTALLATIONS = 50;
const RUNS = { time: 0, iterations: 40, warmupTime: 0, warmupIterations: 3 };
const TYPES = ['PM25', 'PM10'] as const;

let sink = 0;

function installationsOf(count: number): StoredInstallation[] {
  const random = seededRandom(31);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    location: { latitude: 50 + random() * 0.1, longitude: 19.9 + random() * 0.1 },
    address: { city: 'Kraków' },
    elevation: 220,
    vendor: true,
    sponsor: { id: 1, name: 'bench' },
  }));
}

/** Batch `k`: one PM25 and one PM10 sample per installation per minute, minutes after batch k−1. */
function batchOf(k: number): Sample[] {
  const random = seededRandom(500 + k);
  const perMinute = INSTALLATIONS * TYPES.length;
  const startMs = Date.UTC(2026, 10, 1) + k * (BATCH_SIZE / perMinute) * 60_000;
  return Array.from({ length: BATCH_SIZE }, (_, i) => ({
    installationId: (i % INSTALLATIONS) + 1,
    name: TYPES[Math.floor(i / INSTALLATIONS) % TYPES.length]!,
    atMs: startMs + Math.floor(i / perMinute) * 60_000,
    value: Math.round(random() * 8000) / 100,
  }));
}

const batches = Array.from({ length: RUNS.iterations + RUNS.warmupIterations }, (_, k) =>
  batchOf(k),
);

// One airRohr push: five samples of one installation at one instant, instants a second apart.
const pushes = Array.from({ length: 64 }, (_, k): Sample[] =>
  (['PM10', 'PM25', 'TEMPERATURE', 'HUMIDITY', 'PRESSURE'] as const).map((name, i) => ({
    installationId: 1,
    name,
    atMs: Date.UTC(2026, 10, 1) + k * 1000,
    value: 10 + i + k / 100,
  })),
);

/** A journal in a fresh temp directory, and the next batch of `appended` it appends. */
function journalCase(
  fsync: FsyncPolicy,
  appended: readonly Sample[][] = batches,
  reserveBytes?: number,
) {
  let dir: string | undefined;
  let journal: SampleJournal | undefined;
  let next = 0;
  return {
    run: async () => {
      await journal!.append(appended[next++ % appended.length]!); // opened by setup
      sink += journal!.byteLength;
    },
    setup: async () => {
      dir = mkdtempSync(join(tmpdir(), `airq-bench-journal-${fsync}-`));
      journal = await SampleJournal.open({
        dir,
        fsync,
        ...(reserveBytes === undefined ? {} : { reserveBytes }),
      });
      await journal.replay(() => {});
      next = 0;
    },
    // tinybench may call the next setup before this teardown has finished: it works on what
    // it was handed, never on what the next setup opens.
    teardown: async () => {
      const [closing, removing] = [journal, dir];
      journal = undefined;
      dir = undefined;
      await closing?.close();
      if (removing !== undefined) rmSync(removing, { recursive: true, force: true });
    },
  };
}

const always = journalCase('always');
const interval = journalCase('interval');
let store = new InMemoryStore(installationsOf(INSTALLATIONS));
let storeBatch = 0;

describe('one live batch of N=10,000 samples (samples/s = hz × 10,000)', () => {
  bench("airq SampleJournal.append, fsync 'always'", always.run, { ...RUNS, ...always });
  bench("airq SampleJournal.append, fsync 'interval'", interval.run, { ...RUNS, ...interval });
  bench(
    'InMemoryStore.ingest',
    () => {
      sink += store.ingest(batches[storeBatch++ % batches.length]!).accepted;
    },
    {
      ...RUNS,
      setup: () => {
        store = new InMemoryStore(installationsOf(INSTALLATIONS));
        storeBatch = 0;
      },
      teardown: () => {
        if (!Number.isFinite(sink)) throw new Error('bench/journal: sink is not finite');
      },
    },
  );
});

// The journal's reserve (zeros written ahead of the records): a synced write that overwrites
// them need not commit a new file size as well. One push at a time, so each append is a sync.
const PUSH_RUNS = { time: 0, iterations: 400, warmupTime: 0, warmupIterations: 20 };
const withReserve = journalCase('always', pushes);
const withoutReserve = journalCase('always', pushes, 0);

describe("one airRohr push (5 samples), fsync 'always', awaited one at a time", () => {
  bench('airq SampleJournal.append, reserve of 1 MiB (default)', withReserve.run, {
    ...PUSH_RUNS,
    ...withReserve,
  });
  bench('SampleJournal.append, reserveBytes: 0', withoutReserve.run, {
    ...PUSH_RUNS,
    ...withoutReserve,
  });
});
