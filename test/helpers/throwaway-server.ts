// The shared parts of the test servers (PostgreSQL, Redis) that the test suite starts itself:
// finding Debian's binaries, a free port, a temporary directory, the skip-or-fail decision,
// waiting until a server answers, and removing everything afterwards. No Docker, no downloads.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A binary found on this machine, or the Debian package that provides it. */
export type Availability =
  | { readonly available: true; readonly path: string }
  | { readonly available: false; readonly missingPackage: string; readonly reason: string };

/**
 * The first existing path among `candidates` (globs are not expanded: pass real paths).
 *
 * @param packageName - the Debian package to name when none exists
 */
export function findBinary(candidates: readonly string[], packageName: string): Availability {
  for (const path of candidates) if (existsSync(path)) return { available: true, path };
  return {
    available: false,
    missingPackage: packageName,
    reason: `none of ${candidates.join(', ')} exists`,
  };
}

/** Whether missing servers must fail the run (`.ci/run` sets `AIRQ_REQUIRE_SERVERS=1`). */
export const SERVERS_REQUIRED = process.env.AIRQ_REQUIRE_SERVERS === '1';

/**
 * Decides, at collection time, whether the suites that need a server run: `true` when the
 * binary is there; otherwise prints one line naming the missing package and returns `false`
 * (the caller skips), or throws when `AIRQ_REQUIRE_SERVERS=1`, so that CI cannot pass by
 * skipping.
 *
 * @example
 * const run = serverSuitesRun('PostgreSQL', postgresBinaries());
 * describe.runIf(run)('PostgresStore', () => { … });
 */
export function serverSuitesRun(serverName: string, availability: Availability): boolean {
  if (availability.available) return true;
  const line = `${serverName} tests skipped: install the Debian package "${availability.missingPackage}" (${availability.reason})`;
  if (SERVERS_REQUIRED) throw new Error(`AIRQ_REQUIRE_SERVERS=1 but ${line}`);
  console.warn(line);
  return false;
}

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A new empty directory under the system's temporary directory. */
export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/**
 * The uid and gid to run a server as: the given system user's when this process is root
 * (PostgreSQL refuses to run as root), otherwise `undefined` (run as ourselves).
 */
export function serverUser(name: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** A started server process and how to get rid of it. */
export interface ThrowawayProcess {
  readonly child: ChildProcess;
  /** Output so far (stdout and stderr), for error messages. */
  output(): string;
  /**
   * Stops the process (signal, then SIGKILL after 5 s) and removes `directory`, unless
   * `keepDirectory` (to start the server again on the same files).
   */
  stop(options?: { keepDirectory?: boolean }): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the process and its children: a hung server. */
  freeze(frozen: boolean): void;
}

/**
 * Spawns a server whose files live in `directory`, which is removed when it stops (and, as a
 * last resort, when this test process exits).
 */
export function spawnServer(
  command: string,
  args: readonly string[],
  directory: string,
  options: { user?: { uid: number; gid: number } | undefined; stopSignal?: NodeJS.Signals } = {},
): ThrowawayProcess {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.user === undefined ? {} : options.user),
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onExit = () => {
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    child,
    output: () => output,
    async stop(stopOptions = {}) {
      process.off('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(options.stopSignal ?? 'SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (stopOptions.keepDirectory !== true) rmSync(directory, { recursive: true, force: true });
    },
    freeze(frozen) {
      const pid = child.pid;
      if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const signal = frozen ? 'SIGSTOP' : 'SIGCONT';
      for (const target of [pid, ...childProcesses(pid)]) {
        try {
          process.kill(target, signal);
        } catch (error) {
          // A child that ended meanwhile has nothing left to freeze.
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
    },
  };
}

/**
 * The ids of the processes whose parent is `pid` (none is an empty list: `ps --ppid` would
 * exit with status 1 then, so every process is listed and filtered here).
 *
 * @example
 * childProcesses(process.pid); // e.g. [4242] while a server started by this test runs
 */
export function childProcesses(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const children: number[] = [];
  for (const line of table.split('\n')) {
    const [childPid, parentPid] = line.trim().split(/\s+/).map(Number);
    if (parentPid === pid && childPid !== undefined && childPid > 0) children.push(childPid);
  }
  return children;
}

/**
 * Calls `attempt` until it resolves, every 50 ms, for at most `timeoutMs`; then throws with
 * the last error and `describe()` (typically the server's output).
 */
export async function waitUntil<T>(
  attempt: () => Promise<T>,
  timeoutMs: number,
  describe: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`server not ready within ${timeoutMs} ms: ${String(lastError)}\n${describe()}`);
}
