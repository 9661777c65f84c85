// `airq` with its journal (no --database), as a child process killed with SIGKILL at seeded
// moments while four writers post: after every restart on the same --data-dir, each sample
// whose request was acknowledged is served with its last acknowledged value, exactly, and a
// sample whose request got no answer is served with a value that was sent or not at all (see
// live-ledger.ts). Under --fsync interval too: a killed process loses nothing, the OS has
// every byte it wrote. No timing is asserted: the moments only decide where the kills land.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src/sample/seeded-noise.js';
import { bundleCli, type CliBundle, spawnCli, startCli } from '../../helpers/live-cli-process.js';
import { runCrashRounds } from '../../helpers/live-crash-rounds.js';
import {
  CRASH_KEY_FLAGS,
  CRASH_NOW,
  CrashWriter,
  crashInstallationsJson,
  crashKeys,
  postCrashBatch,
  readCrashSamples,
} from '../../helpers/live-crash-traffic.js';
import { AckLedger } from '../../helpers/live-ledger.js';

const INSTALLATION_IDS = [101, 102, 103, 104];

let bundle: CliBundle;
const dirs: string[] = [];
beforeAll(async () => {
  bundle = await bundleCli();
}, 120_000);
afterAll(async () => {
  await bundle?.remove();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A temporary directory with the installations file; the journal goes to `data/` in it. */
async function crashDirectory() {
  const dir = await mkdtemp(join(tmpdir(), 'airq-live-crash-'));
  dirs.push(dir);
  const installations = join(dir, 'installations.json');
  await writeFile(installations, crashInstallationsJson(INSTALLATION_IDS));
  return { installations, dataDir: join(dir, 'data') };
}

describe('airq with a journal, killed at seeded moments', () => {
  it.each([
    { fsync: 'always', rounds: 20, seed: 3701 },
    { fsync: 'interval', rounds: 3, seed: 3702 },
  ])(
    '--fsync $fsync: every acknowledged sample is served after each of $rounds kills',
    async ({ fsync, rounds, seed }) => {
      const { installations, dataDir } = await crashDirectory();
      const flags = [
        '--installations',
        installations,
        ...CRASH_KEY_FLAGS,
        '--data-dir',
        dataDir,
        '--fsync',
        fsync,
        '--now',
        CRASH_NOW,
        '--quiet',
      ];
      const ledger = new AckLedger({ settledOnRead: true });
      const result = await runCrashRounds({
        seed,
        rounds,
        installationIds: INSTALLATION_IDS,
        spawn: () => spawnCli(bundle.entry, flags),
        startKillChance: 0.15,
        ledger,
      });
      try {
        // The counts say how much each run exercised (acknowledged, unanswered, unanswered but served).
        expect(result.problems, JSON.stringify(result.counts)).toEqual([]);
        expect(result.kills).toBe(rounds);
        expect(result.counts.acknowledged).toBeGreaterThan(0);
        // A clean stop closes the journal; the next start serves the same.
        expect(await result.last?.stop()).toBe(0);
        const again = await startCli(bundle.entry, flags);
        try {
          const served = await readCrashSamples(again.url, INSTALLATION_IDS);
          expect(ledger.check(served, crashKeys(INSTALLATION_IDS))).toEqual([]);
        } finally {
          await again.stop();
        }
      } finally {
        await result.last?.kill();
      }
    },
    180_000,
  );

  it('a second airq on the same --data-dir exits with 1 and names the directory', async () => {
    const { installations, dataDir } = await crashDirectory();
    const flags = [
      '--installations',
      installations,
      ...CRASH_KEY_FLAGS,
      '--data-dir',
      dataDir,
      '--now',
      CRASH_NOW,
      '--quiet',
    ];
    const ledger = new AckLedger({ settledOnRead: true });
    const writer = new CrashWriter(INSTALLATION_IDS[0]!, seededRandom(3704));
    const first = await startCli(bundle.entry, flags);
    try {
      const second = spawnCli(bundle.entry, flags);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `journal directory ${dataDir} is in use by process ${first.pid}`,
      );
      // The first one keeps its lock and its journal: it writes on.
      const { rows, format } = writer.nextBatch();
      expect(await postCrashBatch(first.url, rows, format, ledger)).toBe('answered');
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Stopped, it let go of the directory: the next start takes it and serves the write.
    const next = await startCli(bundle.entry, flags);
    try {
      const served = await readCrashSamples(next.url, INSTALLATION_IDS);
      expect(ledger.check(served, crashKeys(INSTALLATION_IDS))).toEqual([]);
      expect(ledger.counts.acknowledged).toBeGreaterThan(0);
    } finally {
      await next.stop();
    }
  }, 120_000);
});
