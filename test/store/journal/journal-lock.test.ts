// One process per journal directory: a second open fails naming the directory and the pid,
// a closed journal's directory opens again, and the lock of a dead process is taken over.
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE_NAME, SampleJournal } from '../../../src/store/journal/index.js';
import { acquireJournalLock } from '../../../src/store/journal/journal-lock.js';
import { replayAll, sampleOf, tempDir } from './journal-helpers.js';

const execFileAsync = promisify(execFile);
const lockOf = (dir: string) => join(dir, `${JOURNAL_FILE_NAME}.lock`);

/** The pid of a process that has exited (and been reaped), so no process has it now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  await new Promise((resolve) => child.on('exit', resolve));
  if (pid === undefined) throw new Error('the child process did not start');
  return pid;
}

/** A process that stays alive until killed, and its pid. */
async function livingProcess(): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  if (child.pid === undefined) throw new Error('the child process did not start');
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    pid: child.pid,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('SampleJournal lock', () => {
  it('refuses a second open of the same directory naming it and the pid, until closed', async () => {
    const dir = await tempDir();
    const first = await SampleJournal.open({ dir });
    expect(await readFile(lockOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    await expect(SampleJournal.open({ dir })).rejects.toThrow(
      `SampleJournal.open: the journal directory ${dir} is in use by this process (pid ${process.pid}) (lock file ${lockOf(dir)}); stop that process or choose another directory`,
    );
    await first.close();
    expect(await readdir(dir)).toEqual([JOURNAL_FILE_NAME]); // lock gone, no leftovers
    const second = await SampleJournal.open({ dir });
    await second.close();
  });

  it('makes a second process opening the same directory fail, naming this pid', async () => {
    const dir = await tempDir();
    const journal = await SampleJournal.open({ dir });
    try {
      const entry = fileURLToPath(new URL('../../../src/store/journal/index.ts', import.meta.url));
      const script = `import { SampleJournal } from ${JSON.stringify(pathToFileURL(entry).href)};
        try { await SampleJournal.open({ dir: process.argv[1] }); console.log('opened'); }
        catch (error) { console.log(error.message); }`;
      const { stdout } = await execFileAsync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, dir],
        { encoding: 'utf8' },
      );
      expect(stdout.trim()).toBe(
        `SampleJournal.open: the journal directory ${dir} is in use by process ${process.pid} (lock file ${lockOf(dir)}); stop that process or choose another directory`,
      );
    } finally {
      await journal.close();
    }
  }, 60_000);

  it('refuses a directory locked by another live process', async () => {
    const dir = await tempDir();
    const other = await livingProcess();
    try {
      await writeFile(lockOf(dir), `${other.pid}\n`);
      await expect(SampleJournal.open({ dir })).rejects.toThrow(
        `SampleJournal.open: the journal directory ${dir} is in use by process ${other.pid} (lock file ${lockOf(dir)})`,
      );
      expect(await readFile(lockOf(dir), 'utf8')).toBe(`${other.pid}\n`); // left alone
    } finally {
      await other.stop();
    }
    // Killed (as SIGKILL would leave it): its lock is stale now.
    const journal = await SampleJournal.open({ dir });
    expect(await readFile(lockOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    await journal.close();
  });

  it('takes over the lock of a dead process, and one that holds no pid', async () => {
    const dir = await tempDir();
    const first = await SampleJournal.open({ dir });
    await replayAll(first);
    await first.append([sampleOf(1)]);
    await first.close();

    await writeFile(lockOf(dir), `${await deadPid()}\n`);
    const second = await SampleJournal.open({ dir });
    expect(await readFile(lockOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    expect((await replayAll(second)).batches).toEqual([[sampleOf(1)]]);
    await second.close();

    await writeFile(lockOf(dir), 'garbage');
    const third = await SampleJournal.open({ dir });
    await third.close();
    expect(await readdir(dir)).toEqual([JOURNAL_FILE_NAME]);
  });

  it('lets exactly one of many concurrent opens win', async () => {
    const dir = await tempDir();
    await writeFile(lockOf(dir), `${await deadPid()}\n`); // and a stale lock to race over
    const opens = await Promise.allSettled(
      Array.from({ length: 8 }, () => SampleJournal.open({ dir })),
    );
    const won = opens.filter((open) => open.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const open of opens) {
      if (open.status === 'rejected')
        expect(String(open.reason)).toMatch(/is in use by this process/);
    }
    await (won[0] as PromiseFulfilledResult<SampleJournal>).value.close();
  });

  it('lets exactly one win in every one of 100 races over a stale lock (the takeover guard)', async () => {
    // Before the guard, an opener that had read the lock as stale could move aside the lock
    // another opener had just taken, and 2 or 3 of 8 won in most rounds.
    const dead = await deadPid();
    for (let round = 0; round < 100; round++) {
      const dir = await tempDir();
      const lockPath = join(dir, 'race.lock');
      await writeFile(lockPath, `${dead}\n`);
      const opens = await Promise.allSettled(
        Array.from({ length: 8 }, () => acquireJournalLock(lockPath, dir)),
      );
      expect(
        opens.filter((open) => open.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(await readdir(dir)).toEqual(['race.lock']);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
