// `npm start` as real processes, for the tests where several instances share their servers:
// each runs scripts/start.mjs with the given flags, announces its URL on stdout, and stops on
// SIGTERM like in production.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** How long an instance may take to compile through tsx, open its data and listen, ms. */
const READY_TIMEOUT_MS = 60_000;

/** One running adapter process. */
export interface AdapterProcess {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node scripts/start.mjs --port 0 --host 127.0.0.1 …flags` and waits for its banner.
 *
 * @example
 * const instance = await startAdapterProcess(['--keys', 'k', '--redis', redis.url]);
 * await fetch(`${instance.url}/v2/meta/indexes`, { headers: { apikey: 'k' } });
 * await instance.stop(); // 0
 */
export async function startAdapterProcess(flags: readonly string[]): Promise<AdapterProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/start.mjs', '--port', '0', '--host', '127.0.0.1', ...flags],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = once(child, 'exit');
  const untilMs = Date.now() + READY_TIMEOUT_MS;
  let url: string | undefined;
  while (url === undefined) {
    url = /Listening on (\S+)/.exec(output)?.[1];
    if (url !== undefined) break;
    if (child.exitCode !== null || Date.now() > untilMs) {
      child.kill('SIGKILL');
      throw new Error(`adapter process did not start (${flags.join(' ')}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const [code] = await exited;
      return code as number | null;
    },
  };
}
