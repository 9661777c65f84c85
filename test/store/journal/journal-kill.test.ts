// What the journal is for: a process killed with SIGKILL while appending loses no append it
// had acknowledged, under either fsync policy, and while its reserve of zeros is being written. A child process appends one sample at a time and
// prints the number of each append once it resolved; it is killed mid-stream, and the parent
// then takes over its stale lock and replays.
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Sample } from '../../../src/store/ingest-report.js';
import { type FsyncPolicy, SampleJournal } from '../../../src/store/journal/index.js';
import { replayAll, tempDir } from './journal-helpers.js';

const ENTRY = pathToFileURL(
  fileURLToPath(new URL('../../../src/store/journal/index.ts', import.meta.url)),
).href;

const sampleNumber = (i: number): Sample => ({
  installationId: 1,
  name: 'PM10',
  atMs: i,
  value: i,
});

// Appends sample i, then prints i, for ever (until killed). Several appends are kept in flight
// so that group commits happen too.
const CHILD = `
import { SampleJournal } from ${JSON.stringify(ENTRY)};
const reserve = process.argv[3] === 'default' ? {} : { reserveBytes: Number(process.argv[3]) };
const journal = await SampleJournal.open({ dir: process.argv[1], fsync: process.argv[2], ...reserve });
await journal.replay(() => {});
let next = 0;
const sample = (i) => ({ installationId: 1, name: 'PM10', atMs: i, value: i });
const worker = async () => {
  for (;;) {
    const i = next++;
    await journal.append([sample(i)]);
    process.stdout.write(i + '\\n');
  }
};
await Promise.all([worker(), worker(), worker(), worker()]);
`;

/** Runs the child until it has acknowledged `acks` appends, kills it, returns the acked ones. */
async function appendAndKill(
  dir: string,
  fsync: FsyncPolicy,
  reserve: number | 'default',
  acks: number,
): Promise<number[]> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD, dir, fsync, String(reserve)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const acked: number[] = [];
  let text = '';
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    text += chunk;
    const lines = text.split('\n');
    text = lines.pop() ?? '';
    for (const line of lines) acked.push(Number(line));
    if (acked.length >= acks) child.kill('SIGKILL');
  });
  await exited;
  return acked;
}

// The default reserve (1 MiB) outlasts 200 appends of 37 bytes; a reserve of 100 bytes is
// written again every few commits, so the kill may land while it is.
const CASES = [
  { fsync: 'always', reserve: 'default' },
  { fsync: 'interval', reserve: 'default' },
  { fsync: 'always', reserve: 100 },
] as const;

describe('SampleJournal after SIGKILL', () => {
  for (const { fsync, reserve } of CASES) {
    it(`keeps every acknowledged append (fsync '${fsync}', reserve ${reserve})`, async () => {
      const dir = await tempDir();
      const acked = await appendAndKill(dir, fsync, reserve, 200);
      expect(acked.length).toBeGreaterThanOrEqual(200);
      const journal = await SampleJournal.open({ dir }); // the dead child's lock is stale
      const { batches } = await replayAll(journal);
      await journal.close();
      // The replay is a prefix of the appends in order, reaching past every acknowledged one.
      expect(batches).toEqual(batches.map((_, i) => [sampleNumber(i)]));
      expect(batches.length).toBeGreaterThan(Math.max(...acked));
    }, 60_000);
  }
});
