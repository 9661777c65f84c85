/**
 * A `Map` with a size limit that forgets the least recently used entry first. Reading an entry
 * makes it the most recent one. Used by the measurements service for its per-hour caches, so
 * that a stream of distinct keys (installations, query points) can never grow memory without
 * bound.
 *
 * @example
 * const cache = new LruCache<string, number>(2);
 * cache.set('a', 1);
 * cache.set('b', 2);
 * cache.get('a'); // 1 (now the most recent)
 * cache.set('c', 3); // forgets 'b'
 * cache.get('b'); // undefined
 */
export class LruCache<K, V> {
  /** The most entries kept; 0 keeps none. */
  readonly capacity: number;
  readonly #entries = new Map<K, V>();

  /** @param capacity - a non-negative integer */
  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 0) {
      throw new RangeError(
        `LruCache: capacity must be a non-negative integer, got ${String(capacity)}`,
      );
    }
    this.capacity = capacity;
  }

  /** Entries currently held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, now the most recently used, or `undefined`. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Re-inserting moves the key to the end of the Map's insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Stores `value` as the most recently used entry, forgetting the oldest beyond capacity. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.capacity === 0) return;
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }
}
