import type { CounterStore } from '../http/counter-store.js';
import type { ServeOptions } from './parse-args.js';

// What lets several `npm start` instances behind one load balancer act as one: the rate-limit
// counters in Redis (and the measurements in PostgreSQL). The clients are imported only when
// asked for, so the in-memory default never loads the optional `redis` or `pg` peers.

/** Deadline of every call to Redis or PostgreSQL from the command line's server, ms. */
export const SHARED_STATE_DEADLINE_MS = 2000;

/** The rate-limit counters to serve with, and how to let go of them. */
export interface OpenedCounters {
  /** `undefined`: createApi's in-memory default. */
  readonly counterStore: CounterStore | undefined;
  readonly description: string;
  close(): Promise<void>;
}

/**
 * Connects to Redis when `--redis` (or `AIRQ_REDIS_URL`) asked for it. Rejects, naming the
 * counters, when Redis cannot be reached within the deadline, so a misconfigured instance
 * does not start.
 *
 * @example
 * const counters = await openCounters({ ...options, redisUrl: 'redis://127.0.0.1:6379' });
 * counters.description; // 'rate limits in Redis'
 */
export async function openCounters(options: ServeOptions): Promise<OpenedCounters> {
  if (options.redisUrl === undefined) {
    return { counterStore: undefined, description: 'rate limits in memory', close: async () => {} };
  }
  const { RedisCounterStore } = await import('../http/redis/index.js');
  const counterStore = await RedisCounterStore.connect({
    url: options.redisUrl,
    deadlineMs: SHARED_STATE_DEADLINE_MS,
  });
  const failure = options.redisFailOpen === true ? 'fail open' : 'fail closed';
  return {
    counterStore,
    description: `rate limits in Redis (${failure})`,
    close: () => counterStore.close(),
  };
}
