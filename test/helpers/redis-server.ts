// A throwaway redis-server for the tests: Debian's binary on a free port, without persistence,
// started and removed by the suite itself. Without the binary the suites that need it are
// skipped with one line naming the package, unless AIRQ_REQUIRE_SERVERS=1 (set by .ci/run)
// turns that skip into a failure.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe } from 'vitest';

const BINARY = 'redis-server';
const READY_LINE = /Ready to accept connections/;
const START_TIMEOUT_MS = 10_000;

function binaryFound(): boolean {
  try {
    execFileSync(BINARY, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether the Redis suites run here; throws when they must and cannot. */
export const REDIS_AVAILABLE = binaryFound();
const SKIP_REASON = `${BINARY} not found (Debian package redis-server)`;
if (!REDIS_AVAILABLE) {
  if (process.env.AIRQ_REQUIRE_SERVERS === '1')
    throw new Error(`AIRQ_REQUIRE_SERVERS=1 but ${SKIP_REASON}`);
  console.warn(`Redis tests skipped: ${SKIP_REASON}`);
}

/** `title`, or when Redis is missing, `title` plus one line on which package to install. */
export function redisSuiteTitle(title: string): string {
  return REDIS_AVAILABLE ? title : `${title}: skipped, ${SKIP_REASON}`;
}

/** `describe`, or a skipped suite whose title says which package is missing. */
export function describeWithRedis(title: string, suite: () => void): void {
  describe.skipIf(!REDIS_AVAILABLE)(redisSuiteTitle(title), suite);
}

/** A free TCP port on the loopback interface (free when asked; the server takes it next). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

/** A running throwaway server and the faults a test can inflict on it. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** SIGSTOP: the server keeps its connections but answers nothing (a hung server). */
  pause(): void;
  /** SIGCONT after {@link pause}. */
  resume(): void;
  /** Kills the server (a crash: its data is gone). */
  stop(): Promise<void>;
  /** Starts it again on the same port after {@link stop}. */
  restart(): Promise<void>;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('did not start in time')), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${BINARY} on port ${port}: ${error.message}\n${output}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!READY_LINE.test(output)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolve(child);
    });
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGCONT');
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts `redis-server --save '' --appendonly no` on a free loopback port (retrying once on a
 * port taken in between). Stop it in `afterAll`.
 */
export async function startRedisServer(): Promise<RedisServer> {
  let port = await freePort();
  let child: ChildProcess;
  try {
    child = await launch(port);
  } catch {
    port = await freePort();
    child = await launch(port);
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: () => kill(child),
    async restart() {
      await kill(child);
      child = await launch(port);
    },
  };
}
