import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { NetworkBox } from '../payload/network-box.js';
import { type FollowedBatch, messageOf, PollFailure } from './followed-batch.js';
import type { SensorCommunityFilter } from './sensor-community-elements.js';
import { BatchAssembly, type BatchPart } from './sensor-community-parts.js';
import { SENSOR_COMMUNITY } from './sensor-community-read.js';

// The calling side of a Sensor.Community source's reading thread (sensor-community-worker.ts,
// which says why the read runs there). One thread per source, started by the first read and
// kept between polls (a start costs tens of ms, and the thread's compiled reader stays warm);
// it holds the process open only while a read is under way, and `close` ends it.

/** What the calling thread asks of the reading thread. */
export type ReadRequest =
  | {
      readonly kind: 'read';
      readonly id: number;
      readonly url: string;
      readonly box: NetworkBox;
      readonly indoor: boolean;
      readonly nowMs: number;
    }
  /** The read's signal aborted, with this reason (its message, or its text). */
  | { readonly kind: 'abort'; readonly id: number; readonly reason: string }
  /** The part of the read's batch after the one last received. */
  | { readonly kind: 'more'; readonly id: number };

/** Why a read failed, as plain data (an error does not keep its class across threads). */
export interface ReadFailure {
  readonly message: string;
  readonly retryAfterMs: number | undefined;
  /** Whether it was a `PollFailure` (else a fault of the code, rethrown as an `Error`). */
  readonly pollFailure: boolean;
}

/** What the reading thread answers a read with: its batch part by part, or why it failed. */
export type ReadReply =
  | { readonly id: number; readonly part: BatchPart }
  | { readonly id: number; readonly failure: ReadFailure };

interface PendingRead {
  readonly resolve: (batch: FollowedBatch) => void;
  readonly reject: (error: Error) => void;
  readonly batch: BatchAssembly;
}

// The reading thread's file lies beside this module: `dist/sensor-community-worker.js` next
// to the chunk of the build, `sensor-community-worker.mjs` next to the tests' bundle of the
// CLI, `sensor-community-worker.ts` in the sources. Node 20 does not pass the module hooks of
// `npm start` and vitest (tsx, vite) on to a worker, so from the sources the worker first
// registers tsx (a dev dependency, at hand wherever the sources run) and then loads the file.
function startWorker(file: URL): Worker {
  const extension = extname(file.pathname);
  if (extension !== '.ts') return new Worker(file);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import { register } from ${tsx}; register(); await import(${JSON.stringify(file.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
}

/**
 * Where the reading thread's module lies beside this one, for this module's own extension.
 *
 * @example
 * readingThreadFile('file:///app/node_modules/airq/dist/chunk-AB12.js').href;
 * // 'file:///app/node_modules/airq/dist/sensor-community-worker.js'
 */
export function readingThreadFile(moduleUrl: string = import.meta.url): URL {
  const extension = extname(new URL(moduleUrl).pathname);
  return new URL(`./sensor-community-worker${extension}`, moduleUrl);
}

/**
 * A Sensor.Community source's reading thread, seen from the thread that polls: each
 * {@link SensorCommunityThread.read} runs `readSensorCommunityFile` there with the global
 * `fetch` and settles as that would on this thread (the same batch, or a `PollFailure` with the
 * same message and `retryAfterMs`).
 *
 * @example
 * const thread = new SensorCommunityThread();
 * const batch = await thread.read(url, { box, indoor: false }, AbortSignal.timeout(20_000), Date.now());
 * await thread.close();
 */
export class SensorCommunityThread {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, PendingRead>();
  #nextId = 1;
  readonly #file: URL;
  #available: boolean | undefined;

  /** @param file - the reading thread's module; default {@link readingThreadFile}'s */
  constructor(file: URL = readingThreadFile()) {
    this.#file = file;
  }

  /**
   * Whether the reading thread's module is there to start. A bundler that put `airq/follow`
   * into one file of a user's own left it behind: polls then read on the calling thread, as
   * they did before there was a reading thread, rather than fail one after the other.
   */
  get available(): boolean {
    this.#available ??= this.#file.protocol !== 'file:' || existsSync(this.#file);
    return this.#available;
  }

  /**
   * Reads `url` on the reading thread, starting it when none runs.
   *
   * @param signal - aborts the read there (its fetch and body), which then rejects here
   * @throws PollFailure (as a rejection) as `readSensorCommunityFile` does, and when the reading
   *   thread could not start or ended during the read
   */
  read(
    url: string,
    filter: SensorCommunityFilter,
    signal: AbortSignal,
    nowMs: number,
  ): Promise<FollowedBatch> {
    let worker: Worker;
    try {
      worker = this.#running();
    } catch (error) {
      const message = `${SENSOR_COMMUNITY}: the reading thread could not start (${messageOf(error)})`;
      return Promise.reject(new PollFailure(message));
    }
    const id = this.#nextId++;
    const abort = () => worker.postMessage({ kind: 'abort', id, reason: messageOf(signal.reason) });
    return new Promise<FollowedBatch>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, batch: new BatchAssembly() });
      worker.ref();
      const { box, indoor } = filter;
      worker.postMessage({ kind: 'read', id, url, box, indoor, nowMs } satisfies ReadRequest);
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }).finally(() => signal.removeEventListener('abort', abort));
  }

  /** Ends the reading thread (a read under way rejects); the next read starts another. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (worker === undefined) return;
    this.#worker = undefined;
    this.#failAll(new PollFailure(`${SENSOR_COMMUNITY}: the reading thread was stopped`));
    await worker.terminate();
  }

  #running(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = startWorker(this.#file);
    // Idle, the thread must not keep the process alive; `read` holds it while a read is out.
    worker.unref();
    worker.on('message', (reply: ReadReply) => this.#settle(reply));
    worker.on('error', (error) => {
      this.#dropped(worker, `${SENSOR_COMMUNITY}: the reading thread failed (${messageOf(error)})`);
    });
    worker.on('exit', (code) => {
      this.#dropped(worker, `${SENSOR_COMMUNITY}: the reading thread ended (exit code ${code})`);
    });
    this.#worker = worker;
    return worker;
  }

  #settle(reply: ReadReply): void {
    const { id } = reply;
    const pending = this.#pending.get(id);
    if (pending === undefined) return;
    if ('part' in reply) {
      const batch = pending.batch.add(reply.part);
      if (batch === undefined) {
        this.#askForMore(id);
        return;
      }
      this.#forget(id);
      pending.resolve(batch);
      return;
    }
    this.#forget(id);
    const { message, retryAfterMs, pollFailure } = reply.failure;
    pending.reject(pollFailure ? new PollFailure(message, retryAfterMs) : new Error(message));
  }

  // The next part after a turn of this thread's loop, so that what arrived meanwhile (the
  // requests the server answers) is handled between two parts (sensor-community-parts.ts).
  #askForMore(id: number): void {
    setImmediate(() => {
      if (this.#pending.has(id))
        this.#worker?.postMessage({ kind: 'more', id } satisfies ReadRequest);
    });
  }

  #forget(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
  }

  // The thread failed or ended on its own: its reads fail, and the next read starts another.
  #dropped(worker: Worker, message: string): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#failAll(new PollFailure(message));
  }

  #failAll(error: PollFailure): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
