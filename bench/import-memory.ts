// Peak memory of `airq import` against file size, beside the naive importer a user might write
// first (read the whole file, split it into lines, keep every sample, write them at the end).
// Each (importer, size) runs in a process of its own; its peak resident set size is
// `process.resourceUsage().maxRSS`. The input is a seeded, synthetic Sensor.Community SDS011
// archive file of the given size.
//
// Run: node --import tsx bench/import-memory.ts [sizeMiB …]   (default 16 128)
import { execFileSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importOpenData } from '../src/import/import-open-data.js';
import { seededRandom } from './helpers/seeded-random.js';

const HEADER = 'sensor_id;sensor_type;location;lat;lon;timestamp;P1;durP1;ratioP1;P2;durP2;ratioP2';
const MIB = 1024 * 1024;

async function writeArchive(path: string, sizeMiB: number): Promise<void> {
  const random = seededRandom(13);
  const out = createWriteStream(path);
  out.write(`${HEADER}\n`);
  let bytes = HEADER.length + 1;
  const start = Date.UTC(2026, 10, 21);
  for (let i = 0; bytes < sizeMiB * MIB; i++) {
    const location = 1000 + (i % 500);
    const time = new Date(start + i * 1000).toISOString().slice(0, 19);
    const p1 = (5 + 80 * random()).toFixed(2);
    const p2 = (3 + 50 * random()).toFixed(2);
    const row = `${location + 40_000};SDS011;${location};50.${location};19.${location};${time};${p1};;;${p2};;\n`;
    bytes += row.length;
    if (!out.write(row)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

// The naive importer: the whole text, every line and every sample in memory at once.
async function naiveImport(file: string, outDir: string): Promise<number> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const samples: { id: number; name: string; atMs: number; value: number }[] = [];
  for (const line of lines.slice(1)) {
    const fields = line.split(';');
    if (fields.length < 12) continue;
    const atMs = Date.parse(`${fields[5]}Z`);
    samples.push({ id: Number(fields[2]), name: 'PM10', atMs, value: Number(fields[6]) });
    samples.push({ id: Number(fields[2]), name: 'PM25', atMs, value: Number(fields[9]) });
  }
  mkdirSync(outDir, { recursive: true });
  const rows = samples.map((s) => `${s.id},${s.name},${new Date(s.atMs).toISOString()},${s.value}`);
  await writeFile(
    join(outDir, 'samples.csv'),
    `installationId,name,timestamp,value\n${rows.join('\n')}\n`,
  );
  return samples.length;
}

async function child(mode: string, file: string, outDir: string): Promise<void> {
  const samples =
    mode === 'airq'
      ? (await importOpenData({ from: 'sensor-community', files: [file], outDir })).samplesWritten
      : await naiveImport(file, outDir);
  console.log(JSON.stringify({ samples, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
}

async function parent(sizes: number[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'airq-import-memory-'));
  const self = fileURLToPath(import.meta.url);
  try {
    console.log(`Node ${process.version}; peak RSS of one process per run, MiB`);
    console.log('| input | samples | airq import | naive (read all) | naive / airq |');
    console.log('|---|---|---|---|---|');
    for (const size of sizes) {
      const file = join(dir, `${size}.csv`);
      if (!existsSync(file)) await writeArchive(file, size);
      const run = (mode: string) =>
        JSON.parse(
          execFileSync(
            process.execPath,
            ['--import', 'tsx', self, '--child', mode, file, join(dir, mode)],
            {
              encoding: 'utf8',
            },
          ),
        ) as { samples: number; maxRssMiB: number };
      const ours = run('airq');
      const naive = run('naive');
      console.log(
        `| ${size} MiB | ${ours.samples} | ${ours.maxRssMiB.toFixed(0)} | ${naive.maxRssMiB.toFixed(0)} | ${(naive.maxRssMiB / ours.maxRssMiB).toFixed(1)}× |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1]!, args[2]!, args[3]!);
else await parent(args.length > 0 ? args.map(Number) : [16, 128]);
