import type { IndexValue } from '../../model/api-types.js';
import { type ApiFailure, ApiFailureError } from './api-client.js';

/** Fetches the current index of one installation for one index type. */
export type CurrentIndexFetch = (installationId: number, indexType: string) => Promise<IndexValue>;

/** What the loader reports while it works. */
export interface IndexLoaderEvents {
  /** An installation's current index arrived (or came from the cache). */
  readonly onIndex: (installationId: number, index: IndexValue) => void;
  /** How many of the current run are done. */
  readonly onProgress: (done: number, total: number) => void;
  /** A request failed; for 429 and 503 the loader resumes by itself after the wait. */
  readonly onFailure: (failure: ApiFailure) => void;
}

/** Requests in flight at once: what a browser opens per origin over HTTP/1.1. */
export const LOADER_CONCURRENCY = 6;

/**
 * Loads the current index of every installation for the chosen index type, a few requests at
 * a time, in the order given (the page passes the installations nearest the view's centre
 * first). Each answer is kept per index type, so switching back to an index costs no request.
 * On 429 or 503 it waits the `Retry-After` the server sent and goes on; another error status
 * leaves that installation out; on 401 or a lost connection it stops until
 * {@link IndexLoader.start} is called again (with a new key). Starting a new run abandons the
 * previous one: its late answers are still cached but no longer reported.
 */
export class IndexLoader {
  readonly #fetch: CurrentIndexFetch;
  readonly #events: IndexLoaderEvents;
  readonly #cache = new Map<string, Map<number, IndexValue>>();
  readonly #setTimer: (run: () => void, ms: number) => unknown;
  #run = 0;

  constructor(
    fetchIndex: CurrentIndexFetch,
    events: IndexLoaderEvents,
    setTimer: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
  ) {
    this.#fetch = fetchIndex;
    this.#events = events;
    this.#setTimer = setTimer;
  }

  /** The cached current index of an installation, if loaded. */
  cached(installationId: number, indexType: string): IndexValue | undefined {
    return this.#cache.get(indexType)?.get(installationId);
  }

  /** Forgets every cached answer (a new key, or data that moved on). */
  clear(): void {
    this.#cache.clear();
  }

  /** Starts loading `installationIds` for `indexType`; resolves when every one is loaded. */
  start(installationIds: readonly number[], indexType: string): Promise<void> {
    const run = ++this.#run;
    let cache = this.#cache.get(indexType);
    if (cache === undefined) {
      cache = new Map();
      this.#cache.set(indexType, cache);
    }
    const known = cache;
    const pending: number[] = [];
    for (const id of installationIds) {
      const index = known.get(id);
      if (index === undefined) pending.push(id);
      else this.#events.onIndex(id, index);
    }
    const total = installationIds.length;
    let done = total - pending.length;
    this.#events.onProgress(done, total);
    let paused: Promise<void> | undefined;
    let stopped = false;

    const worker = async (): Promise<void> => {
      for (;;) {
        if (paused !== undefined) await paused;
        if (stopped || run !== this.#run) return;
        const id = pending.shift();
        if (id === undefined) return;
        try {
          const index = await this.#fetch(id, indexType);
          known.set(id, index);
          if (run !== this.#run) return;
          done++;
          this.#events.onIndex(id, index);
          this.#events.onProgress(done, total);
        } catch (error) {
          pending.unshift(id);
          if (run !== this.#run) return;
          const failure: ApiFailure =
            error instanceof ApiFailureError ? error.failure : { kind: 'unreachable' };
          if (failure.kind === 'rate-limited' || failure.kind === 'unavailable') {
            if (paused === undefined) {
              this.#events.onFailure(failure);
              paused = new Promise((resume) =>
                this.#setTimer(() => {
                  paused = undefined;
                  resume();
                }, failure.retryAfterSeconds * 1000),
              );
            }
          } else if (failure.kind === 'failed') {
            // One installation the server will not answer for (gone since the list was
            // read, say) stays grey; the others go on.
            pending.shift();
            this.#events.onFailure(failure);
          } else {
            if (!stopped) this.#events.onFailure(failure);
            stopped = true;
            return;
          }
        }
      }
    };
    const workers: Promise<void>[] = [];
    for (let i = 0; i < Math.min(LOADER_CONCURRENCY, pending.length); i++) workers.push(worker());
    return Promise.all(workers).then(() => undefined);
  }
}
