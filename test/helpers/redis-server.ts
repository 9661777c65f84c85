// A throwaway redis-server for the tests: Debian's binary on a free port, without persistence,
// started and removed by the suite itself, on the shared parts of throwaway-server.ts. Without
// the binary the suites that need it are skipped with one line naming the package, unless
// AIRQ_REQUIRE_SERVERS=1 (set by .ci/run) turns that skip into a failure.
import { describe } from 'vitest';
import {
  findBinary,
  freePort,
  serverSuitesRun,
  spawnServer,
  type ThrowawayProcess,
  temporaryDirectory,
  waitUntil,
} from './throwaway-server.js';

const BINARY = findBinary(['/usr/bin/redis-server', '/usr/local/bin/redis-server'], 'redis-server');
const READY_LINE = 'Ready to accept connections';

/** Whether the Redis suites run here; throws when they must and cannot. */
export const REDIS_AVAILABLE = serverSuitesRun('Redis', BINARY);

/** `title`, or when Redis is missing, `title` plus which package to install. */
export function redisSuiteTitle(title: string): string {
  return REDIS_AVAILABLE
    ? title
    : `${title}: skipped, no redis-server (Debian package redis-server)`;
}

/** `describe`, or a skipped suite whose title says which package is missing. */
export function describeWithRedis(title: string, suite: () => void): void {
  describe.skipIf(!REDIS_AVAILABLE)(redisSuiteTitle(title), suite);
}

/** A running throwaway server and the faults a test can inflict on it. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** SIGSTOP: the server keeps its connections but answers nothing (a hung server). */
  pause(): void;
  /** SIGCONT after {@link pause}. */
  resume(): void;
  /** Stops the server and removes its directory (its data is gone). */
  stop(): Promise<void>;
  /** Starts it again on the same port after {@link stop}. */
  restart(): Promise<void>;
}

async function launch(port: number): Promise<ThrowawayProcess> {
  if (!BINARY.available) throw new Error('no redis-server');
  const directory = temporaryDirectory('airq-redis');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory];
  const running = spawnServer(
    BINARY.path,
    [...args, '--save', '', '--appendonly', 'no'],
    directory,
  );
  try {
    await waitUntil(
      async () => {
        if (!running.output().includes(READY_LINE)) throw new Error('not ready yet');
        if (running.child.exitCode !== null) throw new Error('exited');
      },
      10_000,
      running.output,
    );
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

/**
 * Starts `redis-server --save '' --appendonly no` on a free loopback port (once more on
 * another port if that one was taken in between). Stop it in `afterAll`.
 */
export async function startRedisServer(): Promise<RedisServer> {
  let port = await freePort();
  let server: ThrowawayProcess;
  try {
    server = await launch(port);
  } catch {
    port = await freePort();
    server = await launch(port);
  }
  const stop = async () => {
    server.freeze(false);
    await server.stop();
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pause: () => server.freeze(true),
    resume: () => server.freeze(false),
    stop,
    async restart() {
      await stop();
      server = await launch(port);
    },
  };
}
