// airq/http/redis: rate-limit counters shared by several adapter instances through Redis.
// A subpath of its own, so only code that imports it loads the optional `redis` peer.
export {
  DEFAULT_REDIS_DEADLINE_MS,
  RedisCounterStore,
  type RedisCounterStoreOptions,
} from './redis-counter-store.js';
