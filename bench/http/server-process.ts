// The little protocol between `npm run bench:http` and the servers it loads. Each server runs
// in a child process of its own (forked with an IPC channel), so the load generator never
// shares an event loop with the server it measures. The child announces its port once it
// listens, answers numbered requests from the parent, and exits normally on `stop` (so that
// `--cpu-prof` gets to write its profile).
import { type ChildProcess, fork } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root, where `--import tsx` resolves. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Limits high enough that a load run never meets them. */
export const UNREACHABLE_LIMIT = 1_000_000_000;

/** How long a server may take to build its data and listen, ms. */
const READY_TIMEOUT_MS = 120_000;

type ParentMessage =
  | { readonly type: 'call'; readonly id: number; readonly payload: unknown }
  | { readonly type: 'cpu'; readonly id: number }
  | { readonly type: 'stop' };
/** What a child sends its parent. */
export type ChildMessage =
  | { readonly type: 'ready'; readonly port: number; readonly info: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly value: unknown }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/** A running server child process, seen from the parent. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** What the child announced besides its port (e.g. the sample network's centre). */
  readonly info: unknown;
  /** Sends a request to the child's message handler and resolves with its answer. */
  call(payload: unknown): Promise<unknown>;
  /** CPU time the child process has used so far (user + system, all threads), ms. */
  cpuMs(): Promise<number>;
  /** Asks the child to close and exit; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Forks `node --import tsx <modulePath> ...args` and waits until it listens.
 *
 * @param modulePath - absolute path of the server module
 * @param nodeFlags - extra Node flags, e.g. `['--cpu-prof', '--cpu-prof-dir', dir]`
 * @example
 * const bare = await startServerProcess(BARE_SERVER_PATH, []);
 * bare.url; // 'http://127.0.0.1:40117'
 * await bare.stop(); // 0
 */
export function startServerProcess(
  modulePath: string,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess> {
  const child = fork(modulePath, [...args], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending: PendingCalls = new Map();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${modulePath} did not listen within ${READY_TIMEOUT_MS} ms`));
    }, READY_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${modulePath} exited with code ${code} before listening`));
      for (const call of pending.values()) call.reject(new Error(`${modulePath} exited`));
    });
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        const url = `http://127.0.0.1:${message.port}`;
        resolve(childHandle(child, url, message.info, pending, exited));
        return;
      }
      settleReply(pending, message);
    });
  });
}

/** The calls under way to a child, by id. */
export type PendingCalls = Map<number, { resolve(v: unknown): void; reject(e: Error): void }>;

/**
 * The parent's side of a forked child that answers the protocol's `call` and `cpu` messages
 * (a server of serveForParent, or the CLI with bench/http/cli-probe.mjs loaded).
 *
 * @param stop - how to ask the child to exit; default: the protocol's `stop` message
 * @example
 * const server = childHandle(child, url, info, pending, exited);
 * await server.cpuMs(); // e.g. 812.4
 */
export function childHandle(
  child: ChildProcess,
  url: string,
  info: unknown,
  pending: PendingCalls,
  exited: Promise<number | null>,
  stop: () => void = () => child.send({ type: 'stop' } satisfies ParentMessage),
): ServerProcess {
  let nextId = 1;
  const ask = (message: (id: number) => ParentMessage) => {
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send(message(id));
    });
  };
  return {
    url,
    info,
    call: (payload) => ask((id) => ({ type: 'call', id, payload })),
    cpuMs: async () => (await ask((id) => ({ type: 'cpu', id }))) as number,
    stop() {
      if (child.exitCode === null && child.connected) stop();
      return exited;
    },
  };
}

/**
 * Settles the pending call a child's `reply` or `failed` message answers.
 *
 * @example
 * child.on('message', (message) => settleReply(pending, message));
 */
export function settleReply(pending: PendingCalls, message: ChildMessage): void {
  if (message.type === 'ready') return;
  const call = pending.get(message.id);
  pending.delete(message.id);
  if (message.type === 'reply') call?.resolve(message.value);
  else call?.reject(new Error(message.message));
}

/**
 * The child's side: listens on a free loopback port (unless `server` already listens),
 * announces it with `info`, answers the parent's calls with `onCall`, and on `stop` closes
 * every connection and exits with code 0.
 *
 * @example
 * await serveForParent(createServer(listener), { centre }); // parent sees server.info.centre
 */
export async function serveForParent(
  server: Server,
  info: unknown,
  onCall: (payload: unknown) => unknown = () => undefined,
): Promise<void> {
  // A server that already listens (the soak's `startServer`) keeps its port.
  if (!server.listening)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const send = (message: ChildMessage) => process.send?.(message);
  process.on('message', async (message: ParentMessage) => {
    if (message.type === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
      return;
    }
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'reply', id: message.id, value: (user + system) / 1000 });
      return;
    }
    try {
      send({ type: 'reply', id: message.id, value: await onCall(message.payload) });
    } catch (error) {
      send({ type: 'failed', id: message.id, message: String(error) });
    }
  });
  // An orphaned server (the parent died) must not keep running.
  process.on('disconnect', () => process.exit(1));
  send({ type: 'ready', port, info });
}
