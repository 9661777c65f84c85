// The kill loop of the crash tests. A round: the process under test is up; its writers post
// concurrently; at a seeded moment (after some milliseconds, or after some acknowledged
// batches) it gets SIGKILL; the writers' open requests end without an answer; reads are
// compared with the ledger: of another instance that stayed up (when there is one) right after
// the kill, and of the restarted process.
// Some restarts are themselves killed at a seeded moment of their start (while the journal is
// replayed and compacted, or the files are loaded into the database).
import { seededRandom } from '../../src/sample/seeded-noise.js';
import type { CliProcess, SpawnedCli } from './live-cli-process.js';
import { CrashWriter, crashKeys, postCrashBatch, readCrashSamples } from './live-crash-traffic.js';
import type { AckLedger, LedgerCounts } from './live-ledger.js';

/** Options of {@link runCrashRounds}. */
export interface CrashRoundsOptions {
  /** Seed of every random choice (moments, batches, formats). */
  readonly seed: number;
  /** Rounds, each ending in a SIGKILL of a serving process. */
  readonly rounds: number;
  /** One concurrent writer per installation id. */
  readonly installationIds: readonly number[];
  /** Starts the process under test, which the rounds kill. */
  spawn(): SpawnedCli;
  /**
   * Another instance that stays up, read after each kill before the restart; the restarted
   * process is read in every case.
   */
  readonly readerUrl?: string;
  /** Chance of each restart being killed during its start, in [0, 1). */
  readonly startKillChance: number;
  readonly ledger: AckLedger;
}

/** What the rounds did, and what went wrong (empty when nothing did). */
export interface CrashRoundsResult {
  /** SIGKILLs sent to a serving process, and to a starting one. */
  readonly kills: number;
  readonly startKills: number;
  readonly batches: number;
  readonly counts: LedgerCounts;
  /** The first round's problems, labelled; the rounds stop there. */
  readonly problems: readonly string[];
  /** The process left serving at the end (the caller stops it). */
  readonly last: CliProcess | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the rounds; see the file comment. Never throws for a lost sample: the problems say it.
 *
 * @example
 * const result = await runCrashRounds({ seed: 37, rounds: 20, installationIds: [101, 102],
 *   spawn: () => spawnCli(entry, flags), startKillChance: 0.2, ledger });
 * result.problems; // []
 */
export async function runCrashRounds(options: CrashRoundsOptions): Promise<CrashRoundsResult> {
  const { installationIds, ledger } = options;
  const random = seededRandom(options.seed);
  const writers = installationIds.map(
    (id, i) => new CrashWriter(id, seededRandom(options.seed * 31 + i + 1)),
  );
  const keys = crashKeys(installationIds);
  let kills = 0;
  let startKills = 0;
  let batches = 0;
  let problems: string[] = [];
  let current: CliProcess | undefined;
  const started: SpawnedCli[] = [];
  const spawn = () => {
    const spawned = options.spawn();
    started.push(spawned);
    return spawned;
  };

  const check = async (label: string, url: string) => {
    const served = await readCrashSamples(url, installationIds);
    problems = ledger.check(served, keys).map((line) => `${label}: ${line}`);
  };
  // Starts the process again, killing some starts at a seeded moment first.
  const restart = async () => {
    while (random() < options.startKillChance) {
      const spawned = spawn();
      await sleep(50 + random() * 1500);
      await spawned.kill();
      startKills++;
    }
    return spawn().ready;
  };

  try {
    current = await spawn().ready;
    await check('before any write', options.readerUrl ?? current.url);
    for (let round = 1; round <= options.rounds && problems.length === 0; round++) {
      const serving = current;
      const phase = { killing: false, over: false, answered: 0 };
      const byAcks = random() < 0.5;
      const limit = byAcks ? 1 + Math.floor(random() * 40) : 20 + random() * 800;
      let reached: () => void = () => {};
      const enough = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const loops = writers.map(async (writer) => {
        while (!phase.over && problems.length === 0) {
          const { rows, format } = writer.nextBatch();
          batches++;
          const outcome = await postCrashBatch(serving.url, rows, format, ledger);
          if (outcome === 'unanswered') {
            // Only the kill may take an answer away: a process that drops requests on its own
            // (a crash, a closed connection) is a failure too.
            if (!phase.killing) {
              problems.push(
                `round ${round}, writer of ${writer.installationId}: no answer before the kill`,
              );
              reached();
            }
            return;
          }
          if (outcome !== 'answered') {
            problems.push(`round ${round}, writer of ${writer.installationId}: ${outcome}`);
            reached();
            return;
          }
          if (byAcks && ++phase.answered >= limit) reached();
        }
      });
      // By acknowledged batches, with a fallback so that a stalled writer cannot stall the round.
      await Promise.race([enough, sleep(byAcks ? 5000 : limit)]);
      phase.killing = true;
      await serving.kill();
      kills++;
      phase.over = true;
      await Promise.all(loops);
      if (problems.length > 0) break;
      current = undefined;
      if (options.readerUrl !== undefined) await check(`after kill ${kills}`, options.readerUrl);
      if (problems.length > 0) break;
      current = await restart();
      await check(`after restart ${kills}`, current.url);
    }
  } catch (error) {
    await Promise.all(started.map((spawned) => spawned.kill()));
    throw error;
  }
  return { kills, startKills, batches, counts: ledger.counts, problems, last: current };
}
