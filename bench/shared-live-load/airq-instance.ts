// One `airq` of `npm run bench:shared-load`, as `npm start` runs it (`node scripts/start.mjs`,
// the CLI from the sources through tsx, the live clock), with the flags the bench gives. Unlike
// bench/http/cli-process.ts it expects configured keys (no demo key in the banner) and no
// sample network. stdout is a pipe drained as fast as it comes, counting the access log's lines
// (on, as by default); stderr is this process's, where loading and failures are reported.
// bench/http/cli-probe.mjs is loaded first as for the other benchmarks: it stops an `airq`
// whose parent died, so a crashed run leaves no server behind.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../http/server-process.js';

/** How long an `airq` may take to load the files into PostgreSQL and listen, ms. */
const READY_TIMEOUT_MS = 240_000;
/** How long a stopping `airq` may take before it is killed, ms. */
const STOP_TIMEOUT_MS = 15_000;
const PROBE = join(REPO_ROOT, 'bench/http/cli-probe.mjs');

/** A running `airq`, seen from the parent. */
export interface AirqInstance {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The node process serving, for its CPU time in /proc. */
  readonly pid: number;
  /** Wall time from the fork to the banner, ms. */
  readonly startMs: number;
  /** Lines of its stdout that start with `{`: the access log's (the banner's do not). */
  logLines(): number;
  /** SIGINT, as Ctrl-C; resolves with the exit code once it exited (killed after 15 s). */
  stop(): Promise<number | null>;
}

/**
 * Starts `node scripts/start.mjs --port 0 ...flags` and waits for its `Listening on` line.
 *
 * @param flags - e.g. `['--database', url, '--keys', 'read:1e9:1e9', '--write-keys', key]`
 * @example
 * const airq = await startAirqInstance(['--database', postgres.connectionString]);
 * airq.url; // 'http://127.0.0.1:40117'
 */
export async function startAirqInstance(flags: readonly string[]): Promise<AirqInstance> {
  const startedMs = performance.now();
  const child = fork(join(REPO_ROOT, 'scripts/start.mjs'), ['--port', '0', ...flags], {
    cwd: REPO_ROOT,
    execArgv: ['--import', PROBE],
    // Keys and the database come from the flags alone.
    env: { ...process.env, AIRQ_API_KEYS: '', AIRQ_WRITE_KEYS: '', AIRQ_DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const counter = { lines: 0, atLineStart: true };
  const url = await readBanner(child);
  if (child.pid === undefined) throw new Error('bench-shared-load: airq has no process id');
  child.stdout?.on('data', (chunk: Buffer) => countLogLines(chunk, counter));
  return {
    url,
    pid: child.pid,
    startMs: performance.now() - startedMs,
    logLines: () => counter.lines,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

function readBanner(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(new Error(`airq did not listen within ${READY_TIMEOUT_MS} ms:\n${text}`));
    }, READY_TIMEOUT_MS);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`airq exited with code ${code} before listening:\n${text}`));
    };
    child.once('exit', early);
    const read = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const url = /^Listening on (\S+)$/m.exec(text)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout?.off('data', read);
      resolve(url);
    };
    child.stdout?.on('data', read);
  });
}

// Counts the lines that start with `{` over chunks cut anywhere.
function countLogLines(chunk: Buffer, counter: { lines: number; atLineStart: boolean }): void {
  for (let at = 0; at < chunk.length; at++) {
    const byte = chunk[at];
    if (counter.atLineStart && byte === 0x7b) counter.lines++;
    counter.atLineStart = byte === 0x0a;
  }
}
