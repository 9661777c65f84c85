// `airq` as a real child process for the crash tests, which start it some thirty times per
// file. Through tsx every start compiled the sources again (about 3 s of a 2-core machine per
// start); the CLI is instead bundled once per file with esbuild, the bundler behind tsup and so
// behind the published `dist/cli.js`, and each start then only loads one file. The bundle
// lives under node_modules/.cache so that its bare imports (pg, redis) resolve from the repo.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CLI_ENTRY, WORKER_ENTRIES } from '../../scripts/entries.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** How long a start may take to open its data and listen, ms (a loaded CI machine is slow). */
const READY_TIMEOUT_MS = 60_000;

/** A bundle of `src/cli/bin.ts`; {@link CliBundle.remove} deletes it. */
export interface CliBundle {
  /** Path of the bundled entry, to run with `node`. */
  readonly entry: string;
  remove(): Promise<void>;
}

/**
 * Bundles the CLI (ES module, Node 20, packages left as imports) into a fresh directory, with the
 * files of its worker threads beside it.
 *
 * @example
 * const bundle = await bundleCli();
 * const airq = await startCli(bundle.entry, ['--keys', 'k', '--quiet']);
 * await airq.stop(); // 0
 * await bundle.remove();
 */
export async function bundleCli(): Promise<CliBundle> {
  const cache = join(REPO_ROOT, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'airq-live-cli-'));
  // The worker threads' files beside the CLI, where it looks for them (`.mjs` as the CLI: a
  // `.js` file under node_modules is read as CommonJS).
  const entries = Object.entries({ ...CLI_ENTRY, ...WORKER_ENTRIES });
  await build({
    entryPoints: Object.fromEntries(entries.map(([name, path]) => [name, join(REPO_ROOT, path)])),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return { entry: join(dir, 'cli.mjs'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** One running `airq`. */
export interface CliProcess {
  /** `http://127.0.0.1:<port>`, from the banner. */
  readonly url: string;
  readonly pid: number;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** SIGKILL, then waits for the exit (a no-op once it has exited). */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A started `airq` whose banner may or may not have come yet. */
export interface SpawnedCli {
  /** Resolves with the process once its banner names the URL; rejects when it exits first. */
  readonly ready: Promise<CliProcess>;
  /** Resolves with the exit code (`null` when a signal ended it). */
  readonly exited: Promise<number | null>;
  output(): string;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

// The variables that would point a child at other keys, a database or a Redis of the
// developer's shell; the tests pass everything as flags.
const AIRQ_VARIABLES = /^AIRQ_(API_KEYS|WRITE_KEYS|DATABASE_URL|REDIS_URL)$/;

/**
 * Spawns `node entry --port 0 --host 127.0.0.1 …flags` without waiting for it.
 *
 * @example
 * const spawned = spawnCli(bundle.entry, ['--data-dir', dir, '--write-keys', 'w']);
 * await spawned.kill(); // killed while it starts
 */
export function spawnCli(entry: string, flags: readonly string[]): SpawnedCli {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !AIRQ_VARIABLES.test(name)),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [entry, '--port', '0', '--host', '127.0.0.1', ...flags],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = once(child, 'close').then(() => child.exitCode);
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const ready = (async (): Promise<CliProcess> => {
    const untilMs = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      const url = /Listening on (\S+)/.exec(output)?.[1];
      if (url !== undefined) {
        return {
          url,
          pid: child.pid!,
          output: () => output,
          kill,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
        };
      }
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`airq exited before listening (${flags.join(' ')}):\n${output}`);
      }
      if (Date.now() > untilMs) {
        await kill();
        throw new Error(`airq did not listen within ${READY_TIMEOUT_MS} ms:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  ready.catch(() => undefined); // a caller that kills during the start never awaits it
  return { ready, exited, output: () => output, kill };
}

/**
 * Starts `airq` and waits for its banner.
 *
 * @throws Error with its output when it exits first or does not listen within 60 s
 * @example
 * const airq = await startCli(bundle.entry, ['--keys', 'k', '--quiet']);
 * await fetch(`${airq.url}/v2/meta/indexes`, { headers: { apikey: 'k' } });
 */
export function startCli(entry: string, flags: readonly string[]): Promise<CliProcess> {
  return spawnCli(entry, flags).ready;
}
