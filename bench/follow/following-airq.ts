// `airq` as users run it (the bundled `dist/cli.js`) or as `npm start` runs it (the sources
// through tsx), following a file server with --follow, for `npm run bench:follow`. Unlike
// bench/http/cli-process.ts it expects no sample network: a server that only follows starts
// empty, and its banner's example asks for /v2/meta/indexes instead of a point. stdout is a
// pipe drained as fast as it comes (the access log stays on, as by default); stderr, where the
// follower says when a source's state changes, is this process's. bench/http/cli-probe.mjs
// answers the parent's CPU-time calls, as for the other benchmarks.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { type CliEntry, cliEntryPath } from '../http/cli-process.js';
import {
  type ChildMessage,
  childHandle,
  type PendingCalls,
  REPO_ROOT,
  type ServerProcess,
  settleReply,
  UNREACHABLE_LIMIT,
} from '../http/server-process.js';

/** How long `airq` may take to listen, ms. */
const READY_TIMEOUT_MS = 120_000;

/** A running `airq`, seen from the parent. */
export interface FollowingAirq extends ServerProcess {
  /** The demo key `airq` generated and printed. */
  readonly key: string;
  /** The node process serving (for /proc/PID/status). */
  readonly pid: number;
}

/**
 * Starts `airq --port 0 --day-limit 1e9 --minute-limit 1e9 ...flags` and waits for its banner.
 *
 * @param flags - the --follow flags and --data-dir
 * @param entry - the bundled CLI or the sources
 * @example
 * const airq = await startFollowingAirq(['--follow', 'sensor-community', '--follow-box', '49.97,19.79,50.13,20.22', …]);
 * airq.pid; // e.g. 41873
 */
export async function startFollowingAirq(
  flags: readonly string[],
  entry: CliEntry,
): Promise<FollowingAirq> {
  const limit = String(UNREACHABLE_LIMIT);
  const child = fork(
    cliEntryPath(REPO_ROOT, entry),
    ['--port', '0', '--day-limit', limit, '--minute-limit', limit, ...flags],
    {
      cwd: REPO_ROOT,
      execArgv: ['--import', join(REPO_ROOT, 'bench/http/cli-probe.mjs')],
      // No key from the environment: `airq` generates its demo key, as on a first start.
      env: { ...process.env, AIRQ_API_KEYS: '' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const pending: PendingCalls = new Map();
  child.on('message', (message: ChildMessage) => settleReply(pending, message));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.once('exit', () => {
    for (const call of pending.values()) call.reject(new Error('airq exited'));
  });
  const banner = await new Promise<{ url: string; key: string }>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`airq did not print its banner within ${READY_TIMEOUT_MS} ms`));
    }, READY_TIMEOUT_MS);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`airq exited with code ${code} before its banner:\n${text}`));
    };
    child.once('exit', early);
    const read = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const url = /^Listening on (\S+)$/m.exec(text)?.[1];
      const key = /^Demo API key: (\S+)$/m.exec(text)?.[1];
      if (url === undefined || key === undefined) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout?.off('data', read);
      // From now on the access log is only drained.
      child.stdout?.resume();
      resolve({ url, key });
    };
    child.stdout?.on('data', read);
  });
  child.stdout?.on('data', () => {});
  if (child.pid === undefined) throw new Error('airq has no process id');
  // `airq` stops on SIGINT, as on Ctrl-C.
  const handle = childHandle(child, banner.url, {}, pending, exited, () => child.kill('SIGINT'));
  return { ...handle, key: banner.key, pid: child.pid };
}
