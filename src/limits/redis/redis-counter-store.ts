import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import { checkFiniteNumber, checkNumberInRange } from '../../arguments/argument-checks.js';
import { argumentError } from '../../arguments/describe-value.js';
import { DependencyUnavailableError, withDeadline } from '../../model/dependency-unavailable.js';
import type { CounterStore, CounterWindow } from '../counter-store.js';
import { COUNT_REQUEST_SCRIPT, counterKey, DEFAULT_KEY_PREFIX } from './counter-script.js';
import { countMarginMs, measureClockOffset } from './redis-clock.js';

/** Default deadline of every Redis call, ms. */
export const DEFAULT_REDIS_DEADLINE_MS = 2000;

/** Longest wait between two reconnection attempts, ms. */
const MAX_RECONNECT_DELAY_MS = 1000;

/** Options of {@link RedisCounterStore.connect}. */
export interface RedisCounterStoreOptions {
  /** `redis://[user:password@]host:port[/db]`, or `rediss://` for TLS. */
  readonly url: string;
  /**
   * Milliseconds within which connecting and every `increment` settle; past it they reject
   * with `DependencyUnavailableError('counters', …)`. Default 2000.
   */
  readonly deadlineMs?: number;
  /** Prefix of the counter keys, to share one Redis database with other data. Default `airq:rate`. */
  readonly keyPrefix?: string;
}

type Client = ReturnType<typeof createClient>;

const SCRIPT_SHA1 = createHash('sha1').update(COUNT_REQUEST_SCRIPT).digest('hex');

/**
 * Rate-limit counters in Redis, shared by every adapter instance that connects to the same
 * server: a key gets its limits once, however many instances serve it. Each request runs one
 * Lua script that counts it in all its windows atomically, with the in-memory store's rules
 * (see `COUNT_REQUEST_SCRIPT`); counters expire when their window ends.
 *
 * Nothing hangs and nothing is counted twice: commands are refused at once while the
 * connection is down (no offline queue), a command that failed is never sent again, and each
 * call rejects with `DependencyUnavailableError('counters', …)` past its deadline. The client
 * reconnects on its own, so the store serves again as soon as Redis is back.
 *
 * A command that reached a hung Redis runs when it resumes; the script then counts nothing if
 * Redis's clock is past the call's deadline minus a margin (a quarter of it, at most 500 ms).
 * The deadline is sent on Redis's clock: the offset between the two clocks is read with
 * `TIME` at connect and after every reconnection, to within half a round trip. So a request
 * answered 503 is counted only if its count ran in time and yet its reply took longer than
 * that margin less the offset's error to come back.
 *
 * @example
 * const counterStore = await RedisCounterStore.connect({ url: 'redis://127.0.0.1:6379' });
 * const api = createApi({ service, keys: ['demo'], counterStore });
 * // … on shutdown:
 * await counterStore.close();
 */
export class RedisCounterStore implements CounterStore {
  readonly #client: Client;
  readonly #deadlineMs: number;
  readonly #keyPrefix: string;
  /** Redis clock − process clock, ms, measured at connect and after every reconnection. */
  #clockOffsetMs: number;

  private constructor(client: Client, deadlineMs: number, keyPrefix: string, offsetMs: number) {
    this.#client = client;
    this.#deadlineMs = deadlineMs;
    this.#keyPrefix = keyPrefix;
    this.#clockOffsetMs = offsetMs;
    // A server that came back may be another host, or its clock may have been set meanwhile.
    client.on('ready', () => {
      measureClockOffset((command) => client.sendCommand(command)).then(
        ({ offsetMs: measured }) => {
          this.#clockOffsetMs = measured;
        },
        () => undefined,
      );
    });
  }

  /**
   * Connects to Redis. Rejects with `DependencyUnavailableError('counters', …)` when no
   * connection is ready within the deadline (and stops trying).
   *
   * @throws TypeError / RangeError for a bad option (naming it)
   */
  static async connect(options: RedisCounterStoreOptions): Promise<RedisCounterStore> {
    const name = 'RedisCounterStore.connect';
    if (typeof options?.url !== 'string' || !/^rediss?:\/\//.test(options.url)) {
      const expectation = 'must be a redis:// or rediss:// URL';
      throw argumentError(TypeError, name, 'url', expectation, options?.url);
    }
    const deadlineMs = options.deadlineMs ?? DEFAULT_REDIS_DEADLINE_MS;
    checkNumberInRange(name, 'deadlineMs', deadlineMs, 1, 600_000);
    const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    if (typeof keyPrefix !== 'string') {
      throw argumentError(TypeError, name, 'keyPrefix', 'must be a string', keyPrefix);
    }
    const client: Client = createClient({
      url: options.url,
      // Refuse commands while disconnected instead of queueing them for later: a queued
      // command would count a request long after it was answered.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: deadlineMs,
        reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
      },
    });
    // Connection errors surface as rejected calls; the event only needs a listener, or Node
    // would treat it as an uncaught error.
    client.on('error', () => {});
    let offsetMs: number;
    try {
      const ready = async () => {
        await client.connect();
        return measureClockOffset((command) => client.sendCommand(command));
      };
      ({ offsetMs } = await withDeadline(ready(), deadlineMs, 'counters'));
    } catch (error) {
      client.destroy();
      throw error;
    }
    return new RedisCounterStore(client, deadlineMs, keyPrefix, offsetMs);
  }

  /**
   * Counts one request of `clientId` in every window and returns the new counts, in window
   * order. Rejects with `DependencyUnavailableError('counters', …)` when Redis is down, hung
   * or failing, within the deadline.
   *
   * @param nowMs - the rate limiter's clock, epoch ms: each new counter expires `endMs - nowMs`
   *   milliseconds later
   */
  async increment(
    clientId: string,
    windows: readonly CounterWindow[],
    nowMs: number,
  ): Promise<readonly number[]> {
    const name = 'RedisCounterStore.increment';
    checkFiniteNumber(name, 'nowMs', nowMs);
    const command: string[] = ['EVALSHA', SCRIPT_SHA1, String(windows.length)];
    for (const window of windows) command.push(counterKey(this.#keyPrefix, clientId, window.name));
    for (const [position, window] of windows.entries()) {
      checkFiniteNumber(name, `windows[${position}].startMs`, window.startMs);
      checkFiniteNumber(name, `windows[${position}].endMs`, window.endMs);
      command.push(String(window.startMs), String(Math.max(1, Math.ceil(window.endMs - nowMs))));
    }
    // The script counts only until a margin before this call's deadline, on Redis's clock.
    const countUntilMs = Date.now() + this.#deadlineMs - countMarginMs(this.#deadlineMs);
    command.push(String(Math.floor(countUntilMs + this.#clockOffsetMs)));
    let reply: unknown;
    try {
      reply = await withDeadline(this.#run(command), this.#deadlineMs, 'counters');
    } catch (error) {
      if (error instanceof DependencyUnavailableError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new DependencyUnavailableError('counters', reason, { cause: error });
    }
    if (Array.isArray(reply) && reply.length === 0 && windows.length > 0) {
      throw new DependencyUnavailableError(
        'counters',
        'the count reached Redis after its deadline',
      );
    }
    if (
      !Array.isArray(reply) ||
      reply.length !== windows.length ||
      !reply.every((count) => Number.isSafeInteger(count) && count >= 1)
    ) {
      throw new DependencyUnavailableError('counters', 'unexpected reply to the count script');
    }
    return reply as number[];
  }

  /**
   * Closes the connection, waiting up to the deadline for commands in flight, then cutting it.
   *
   * @example
   * await counterStore.close();
   */
  async close(): Promise<void> {
    try {
      await withDeadline(this.#client.close(), this.#deadlineMs, 'counters');
    } catch {
      this.#client.destroy();
    }
  }

  /** EVALSHA, and EVAL once when the server does not hold the script (new or restarted). */
  async #run(command: readonly string[]): Promise<unknown> {
    try {
      return await this.#client.sendCommand(command);
    } catch (error) {
      // NOSCRIPT means nothing ran, so sending the script itself counts the request once.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.#client.sendCommand(['EVAL', COUNT_REQUEST_SCRIPT, ...command.slice(2)]);
    }
  }
}
