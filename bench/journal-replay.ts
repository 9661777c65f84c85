// Start-up from the sample journal against start-up from a samples CSV: the same N samples
// (default 10,000,000) of a handful of installations, written once as a journal (records of
// --batch samples, default 100, as live writes leave it) and once as installations JSON plus
// samples CSV. Each start runs in a process of its own: the journal one replays into an
// InMemoryStore (store.ingest per record), the CSV one calls loadStoreFromFiles. Each prints
// its wall time from before opening to a loaded store, and its peak resident set size
// (process.resourceUsage().maxRSS); the parent prints both and their ratio.
//
// Run: npx tsx bench/journal-replay.ts [--samples N] [--batch N]
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sample } from '../src/store/ingest-report.js';
import { JOURNAL_FILE_NAME, SampleJournal } from '../src/store/journal/index.js';
import { loadStoreFromFiles } from '../src/store/load-store.js';
import { formatSamplesCsvRow, SAMPLES_CSV_HEADER } from '../src/store/samples-csv.js';
import type { StoredInstallation } from '../src/store/stored-installation.js';
import { seededRandom } from './helpers/seeded-random.js';

const INSTALLATIONS = 5;
const TYPES = ['PM25', 'PM10'] as const;
const START_MS = Date.UTC(2025, 0, 1);
// The CSV start holds every row and sample object at once; give both children the same room.
const CHILD_HEAP_MIB = 16_384;

interface ChildResult {
  readonly samples: number;
  readonly seconds: number;
  readonly maxRssMiB: number;
}

function installations(): StoredInstallation[] {
  return Array.from({ length: INSTALLATIONS }, (_, i) => ({
    id: 1001 + i,
    location: { latitude: 50.05 + i / 100, longitude: 19.93 + i / 100 },
    address: { city: 'Kraków' },
    elevation: 220,
    vendor: true,
    sponsor: { id: 1, name: 'bench' },
  }));
}

/** Sample i: the installations and types in turn, one minute apart per series, seeded values. */
function sampleAt(i: number, random: () => number): Sample {
  const series = INSTALLATIONS * TYPES.length;
  return {
    installationId: 1001 + (i % INSTALLATIONS),
    name: TYPES[Math.floor(i / INSTALLATIONS) % TYPES.length]!,
    atMs: START_MS + Math.floor(i / series) * 60_000,
    value: Math.round(random() * 9000) / 100,
  };
}

async function writeInputs(dir: string, total: number, batch: number): Promise<void> {
  await writeFile(join(dir, 'installations.json'), JSON.stringify(installations()));
  const random = seededRandom(37);
  const csv = createWriteStream(join(dir, 'samples.csv'));
  csv.write(`${SAMPLES_CSV_HEADER}\n`);
  const journal = await SampleJournal.open({ dir: join(dir, 'journal'), fsync: 'interval' });
  await journal.replay(() => {});
  let appends: Promise<void>[] = [];
  for (let from = 0; from < total; from += batch) {
    const samples = Array.from({ length: Math.min(batch, total - from) }, (_, k) =>
      sampleAt(from + k, random),
    );
    appends.push(journal.append(samples));
    if (!csv.write(`${samples.map(formatSamplesCsvRow).join('\n')}\n`)) {
      await new Promise<void>((resolve) => csv.once('drain', () => resolve()));
    }
    if (appends.length >= 1000) {
      await Promise.all(appends);
      appends = [];
    }
  }
  await Promise.all(appends);
  await journal.close();
  await new Promise<void>((resolve) => csv.end(() => resolve()));
}

async function child(mode: string, dir: string): Promise<void> {
  const installationsPath = join(dir, 'installations.json');
  const started = performance.now();
  let samples: number;
  if (mode === 'journal') {
    const store = await loadStoreFromFiles({ installationsPath });
    const journal = await SampleJournal.open({ dir: join(dir, 'journal') });
    await journal.replay((batch) => {
      store.ingest(batch);
    });
    await journal.close();
    samples = store.sampleCount;
  } else {
    const store = await loadStoreFromFiles({
      installationsPath,
      samplesPath: join(dir, 'samples.csv'),
    });
    samples = store.sampleCount;
  }
  const seconds = (performance.now() - started) / 1000;
  const maxRssMiB = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ samples, seconds, maxRssMiB } satisfies ChildResult));
}

async function parent(total: number, batch: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'airq-journal-replay-'));
  const self = fileURLToPath(import.meta.url);
  try {
    await writeInputs(dir, total, batch);
    const run = (mode: string) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [`--max-old-space-size=${CHILD_HEAP_MIB}`, '--import', 'tsx', self, '--child', mode, dir],
          { encoding: 'utf8', maxBuffer: 1 << 20 },
        ),
      ) as ChildResult;
    const journal = run('journal');
    const csv = run('csv');
    const mib = (path: string) => (statSync(path).size / 2 ** 20).toFixed(0);
    console.log(
      `Node ${process.version}; ${total.toLocaleString('en')} samples of ${INSTALLATIONS} installations, journal records of ${batch} samples`,
    );
    console.log(
      `journal ${mib(join(dir, 'journal', JOURNAL_FILE_NAME))} MiB, samples CSV ${mib(join(dir, 'samples.csv'))} MiB`,
    );
    console.log('| start from | samples loaded | time (s) | peak RSS (MiB) |');
    console.log('|---|---|---|---|');
    for (const [name, result] of [
      ['journal replay', journal],
      ['samples CSV', csv],
    ] as const) {
      console.log(
        `| ${name} | ${result.samples.toLocaleString('en')} | ${result.seconds.toFixed(2)} | ${result.maxRssMiB.toFixed(0)} |`,
      );
    }
    console.log(
      `| CSV ÷ journal | | ${(csv.seconds / journal.seconds).toFixed(2)}× | ${(csv.maxRssMiB / journal.maxRssMiB).toFixed(2)}× |`,
    );
    if (journal.samples !== total || csv.samples !== total) {
      throw new Error(`bench/journal-replay: expected ${total} samples in both stores`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(
      `bench/journal-replay: ${name} must be a positive integer, got ${process.argv[at + 1]}`,
    );
  }
  return value;
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1]!, args[2]!);
else await parent(option('--samples', 10_000_000), option('--batch', 100));
