// Two `airq` instances on one throwaway PostgreSQL: A loads the installations and takes the
// writes of four concurrent writers, B only reads what the database holds. A is killed with
// SIGKILL at seeded moments (some of its restarts too, while they load the files into the
// database); after every kill B, which stays up, serves each acknowledged sample with its last
// acknowledged value, exactly (a 2xx of A means committed), and A serves the same once back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleCli,
  type CliBundle,
  type CliProcess,
  spawnCli,
  startCli,
} from '../../helpers/live-cli-process.js';
import { runCrashRounds } from '../../helpers/live-crash-rounds.js';
import {
  CRASH_KEY_FLAGS,
  CRASH_NOW,
  CRASH_READ_KEY_FLAGS,
  crashInstallationsJson,
  crashKeys,
  readCrashSamples,
} from '../../helpers/live-crash-traffic.js';
import { AckLedger } from '../../helpers/live-ledger.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../../helpers/postgres-server.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const INSTALLATION_IDS = [201, 202, 203, 204];
const binaries = postgresBinaries();

describe.runIf(serverSuitesRun('PostgreSQL', binaries))(
  'two airq instances on one PostgreSQL, the writing one killed at seeded moments',
  () => {
    let bundle: CliBundle;
    let postgres: PostgresServer;
    let dir: string;
    beforeAll(async () => {
      if (!binaries.available) return;
      [bundle, postgres, dir] = await Promise.all([
        bundleCli(),
        startPostgres(binaries.path),
        mkdtemp(join(tmpdir(), 'airq-live-crash-pg-')),
      ]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([bundle?.remove(), postgres?.stop()]);
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('B serves every sample that A acknowledged, after each of 6 kills of A', async () => {
      const installations = join(dir, 'installations.json');
      await writeFile(installations, crashInstallationsJson(INSTALLATION_IDS));
      const database = ['--database', postgres.connectionString, '--now', CRASH_NOW, '--quiet'];
      const writerFlags = ['--installations', installations, ...CRASH_KEY_FLAGS, ...database];
      // A loads the installations first; B then serves what the database holds.
      const first = await startCli(bundle.entry, writerFlags);
      let reader: CliProcess | undefined;
      try {
        reader = await startCli(bundle.entry, [...CRASH_READ_KEY_FLAGS, ...database]);
      } finally {
        expect(await first.stop()).toBe(0);
      }
      const ledger = new AckLedger({ settledOnRead: false });
      const result = await runCrashRounds({
        seed: 3703,
        rounds: 6,
        installationIds: INSTALLATION_IDS,
        spawn: () => spawnCli(bundle.entry, writerFlags),
        readerUrl: reader.url,
        startKillChance: 0.2,
        ledger,
      });
      try {
        // The counts say how much each run exercised (acknowledged, unanswered, unanswered but served).
        expect(result.problems, JSON.stringify(result.counts)).toEqual([]);
        expect(result.kills).toBe(6);
        expect(result.counts.acknowledged).toBeGreaterThan(0);
        // A, back, serves what B serves.
        const keys = crashKeys(INSTALLATION_IDS);
        const fromA = await readCrashSamples(result.last!.url, INSTALLATION_IDS);
        expect(ledger.check(fromA, keys)).toEqual([]);
        expect(fromA).toEqual(await readCrashSamples(reader.url, INSTALLATION_IDS));
      } finally {
        await Promise.all([result.last?.stop(), reader.stop()]);
      }
    }, 180_000);
  },
);
