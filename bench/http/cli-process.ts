// The server `npm run bench:http` measures: `airq` itself, as a user who installed the package
// runs it (`npx airq`: the bundled `dist/cli.js`), or as `npm start` starts it in a clone
// (`node scripts/start.mjs`, the CLI from the sources through tsx), with its default flags, so
// the live clock, the sample network producing every 30 s, the page listener in front and the
// access log on stdout, unless `--quiet` is among the flags. The only flags added are a free
// port and limits a load run never meets (the default 50 requests a minute would answer 429).
// bench/http/cli-probe.mjs is loaded first so that the parent can read the process's CPU time
// and profile a load window.
//
// stdout is where a user's `npm start` writes: a terminal. util-linux `script` gives `airq` a
// pseudo-terminal and copies what it shows into a pipe this process drains, counting the log
// lines: as fast as it comes (a terminal that never falls behind), or at most `bytesPerSecond`
// (a terminal that takes that long to draw the lines). With `stdout: 'pipe'`, or where no
// `script` is found, stdout is that pipe itself, as for `airq | log-collector`.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ChildMessage,
  childHandle,
  type PendingCalls,
  REPO_ROOT,
  type ServerProcess,
  settleReply,
  UNREACHABLE_LIMIT,
} from './server-process.js';

/** How long `airq` may take to build the sample network and listen, ms. */
const READY_TIMEOUT_MS = 120_000;
const PROBE = join(REPO_ROOT, 'bench/http/cli-probe.mjs');
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;

/** Where `airq`'s stdout goes: a pseudo-terminal (as from a shell) or a pipe. */
export type CliStdout = 'tty' | 'pipe';

/**
 * Which `airq` runs: `bundled`, the package's `dist/cli.js` (what `npx airq` runs; the tree
 * must have been built), or `sources`, `scripts/start.mjs` (what `npm start` runs: tsx
 * compiles the sources as they load, and its output names every function it defines, a call
 * per closure made).
 */
export type CliEntry = 'bundled' | 'sources';

/**
 * The script that starts `airq` in `tree` for `entry`.
 *
 * @example
 * cliEntryPath('/work/airq', 'bundled'); // '/work/airq/dist/cli.js'
 */
export function cliEntryPath(tree: string, entry: CliEntry): string {
  return join(tree, entry === 'bundled' ? 'dist/cli.js' : 'scripts/start.mjs');
}

/**
 * How a benchmark's section says `airq` was started, after the words "`airq` started".
 *
 * @example
 * cliEntryText('sources'); // 'as `npm start` starts it (`node scripts/start.mjs`, the sources through tsx)'
 */
export function cliEntryText(entry: CliEntry): string {
  return entry === 'bundled'
    ? 'as a user who installed the package runs it (`npx airq`: the bundled `node dist/cli.js`, built by `npm run build` first)'
    : 'as `npm start` starts it (`node scripts/start.mjs`, the sources through tsx)';
}

/**
 * Reads a benchmark's `--cli` flag and, for `bundled` unless `noBuild`, runs `npm run build` in
 * `tree` first, so that the bundled CLI measured is the tree's code, never a stale build.
 *
 * @param flag - the `--cli` value: `bundled` or `sources`
 * @param log - where to say that a build runs
 * @throws RangeError naming the flag when it is neither
 * @example
 * const entry = prepareCliEntry(REPO_ROOT, flags.cli, flags['no-build'], log); // 'bundled'
 */
export function prepareCliEntry(
  tree: string,
  flag: string,
  noBuild: boolean,
  log: (line: string) => void,
): CliEntry {
  if (flag !== 'bundled' && flag !== 'sources') {
    throw new RangeError(`--cli must be bundled or sources, got ${flag}`);
  }
  if (flag === 'bundled' && !noBuild) {
    log(`building ${tree} (npm run build) …`);
    execFileSync('npm', ['run', 'build'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return flag;
}

/** A running `airq`, seen from the parent. */
export interface CliProcess extends ServerProcess {
  /** The demo key `airq` generated and printed. */
  readonly key: string;
  /** The centre of the sample network (the banner's example point). */
  readonly centre: { readonly latitude: number; readonly longitude: number };
  /** Where its stdout went: `tty` only when `script` was found. */
  readonly stdout: CliStdout;
  /** Lines starting with `{` that it wrote to stdout: the access log's lines. */
  logLines(): number;
}

/**
 * Whether util-linux `script` (which can run a command on a pseudo-terminal) is at hand.
 *
 * @example
 * hasScript(); // true on most Linux systems
 */
export function hasScript(): boolean {
  try {
    return execFileSync('script', ['--version'], { encoding: 'utf8' }).includes('util-linux');
  } catch {
    return false;
  }
}

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function startChild(
  tree: string,
  entry: CliEntry,
  args: readonly string[],
  stdout: CliStdout,
): ChildProcess {
  const start = cliEntryPath(tree, entry);
  if (!existsSync(start)) throw new Error(`${start} is missing: run npm run build in ${tree}`);
  // No key from the environment: `airq` generates its demo key, as on a first start.
  const env = { ...process.env, AIRQ_API_KEYS: '' };
  if (stdout === 'pipe') {
    return fork(start, [...args], {
      cwd: tree,
      execArgv: ['--import', PROBE],
      env,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
  }
  // The IPC channel's descriptor passes through `script` and the shell to node.
  const command = [process.execPath, '--import', PROBE, start, ...args].map(shellQuoted);
  return spawn('script', ['-qfec', `exec ${command.join(' ')}`, '/dev/null'], {
    cwd: tree,
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
}

/**
 * Starts `airq --port 0 --day-limit 1e9 --minute-limit 1e9 ...flags` in `tree` (this checkout,
 * or a worktree of another commit to measure it the same way) and waits for its banner.
 *
 * @param tree - the checkout whose `airq` runs (its own `node_modules`)
 * @param flags - further `airq` flags, e.g. `['--quiet']`
 * @param stdout - a pseudo-terminal (when `script` is at hand) or a pipe
 * @param bytesPerSecond - the most stdout is drained at; default: as fast as it comes
 * @param entry - the bundled CLI or the sources through tsx (the default)
 * @example
 * const airq = await startCliProcess(REPO_ROOT, [], 'tty');
 * airq.url; // 'http://127.0.0.1:40117'
 * airq.logLines(); // 0, until requests come
 */
export async function startCliProcess(
  tree: string,
  flags: readonly string[],
  stdout: CliStdout,
  bytesPerSecond?: number,
  entry: CliEntry = 'sources',
): Promise<CliProcess> {
  const limit = String(UNREACHABLE_LIMIT);
  const args = ['--port', '0', '--day-limit', limit, '--minute-limit', limit, ...flags];
  const used = stdout === 'tty' && hasScript() ? 'tty' : 'pipe';
  const child = startChild(tree, entry, args, used);
  const pending: PendingCalls = new Map();
  child.on('message', (message: ChildMessage) => settleReply(pending, message));
  child.once('exit', () => {
    for (const call of pending.values()) call.reject(new Error(`airq in ${tree} exited`));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const log = new LogLineCounter();
  child.stdout?.on('data', (chunk: Buffer) => {
    log.consume(chunk);
    if (bytesPerSecond === undefined) return;
    // A slow terminal: nothing more is read until this chunk would have been drawn.
    child.stdout?.pause();
    setTimeout(() => child.stdout?.resume(), (chunk.byteLength / bytesPerSecond) * 1000);
  });
  const banner = await readBanner(child, tree);
  let pid: number | undefined;
  // `airq` stops on SIGINT, as on Ctrl-C; under `script` the signal goes to node itself.
  const stop = () => (pid === undefined ? child.kill('SIGINT') : process.kill(pid, 'SIGINT'));
  const handle = childHandle(child, banner.url, { centre: banner.centre }, pending, exited, stop);
  if (used === 'tty') pid = (await handle.call({ pid: true })) as number;
  return { ...handle, ...banner, stdout: used, logLines: () => log.count };
}

function readBanner(child: ChildProcess, tree: string) {
  return new Promise<{ url: string; key: string; centre: CliProcess['centre'] }>(
    (resolve, reject) => {
      let banner = '';
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`airq in ${tree} did not print its banner within ${READY_TIMEOUT_MS} ms`));
      }, READY_TIMEOUT_MS);
      const exited = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`airq in ${tree} exited with code ${code} before its banner:\n${banner}`));
      };
      child.once('exit', exited);
      const read = (chunk: Buffer) => {
        banner += chunk.toString('utf8');
        // A terminal ends lines with \r\n.
        const url = /^Listening on (\S+)\r?$/m.exec(banner)?.[1];
        const key = /^Demo API key: (\S+)\r?$/m.exec(banner)?.[1];
        // The banner's `Try: curl …` line asks for the sample network's centre.
        const point = /^Try: .*[?&]lat=([-\d.]+)&lng=([-\d.]+)/m.exec(banner);
        if (url === undefined || key === undefined || point === null) return;
        clearTimeout(timer);
        child.off('exit', exited);
        child.stdout?.off('data', read);
        resolve({ url, key, centre: { latitude: Number(point[1]), longitude: Number(point[2]) } });
      };
      child.stdout?.on('data', read);
    },
  );
}

// Counts the lines that start with `{` (the JSON log lines; the banner's lines do not), over
// chunks cut anywhere.
class LogLineCounter {
  count = 0;
  #firstByte: number | undefined;

  consume(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      this.#firstByte ??= chunk[start];
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) return;
      if (this.#firstByte === OPEN_BRACE) this.count++;
      this.#firstByte = undefined;
      start = end + 1;
    }
  }
}
