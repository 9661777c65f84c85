/**
 * A `Map` with a size limit that forgets the least recently used entries first. Reading an
 * entry makes it the most recent one. The limit counts entries, or, with a `weigh` function,
 * whatever that function measures (the adapter's response cache weighs its entries in bytes).
 * Used by the measurements service for its per-hour caches and by the HTTP adapter for its
 * response cache, so that a stream of distinct keys can never grow memory without bound.
 *
 * @example
 * const cache = new LruCache<string, number>(2);
 * cache.set('a', 1);
 * cache.set('b', 2);
 * cache.get('a'); // 1 (now the most recent)
 * cache.set('c', 3); // forgets 'b'
 * cache.get('b'); // undefined
 * const bytes = new LruCache<string, Uint8Array>(1000, (value) => value.byteLength);
 */
export class LruCache<K, V> {
  /** The most entries (or weight) kept; 0 keeps none. */
  readonly capacity: number;
  readonly #entries = new Map<K, { readonly value: V; readonly weight: number }>();
  readonly #weigh: ((value: V) => number) | undefined;
  #weight = 0;
  // The key last inserted. While it is in the Map it is the last one; once deleted or evicted,
  // `get` no longer finds it, and only a new insert (which sets this again) brings it back.
  #newest: K | undefined = undefined;

  /**
   * @param capacity - a non-negative integer
   * @param weigh - the weight of a value, a non-negative number; default 1 per entry
   */
  constructor(capacity: number, weigh?: (value: V) => number) {
    if (!Number.isSafeInteger(capacity) || capacity < 0) {
      throw new RangeError(
        `LruCache: capacity must be a non-negative integer, got ${String(capacity)}`,
      );
    }
    this.capacity = capacity;
    this.#weigh = weigh;
  }

  /** Entries currently held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The total weight currently held (the number of entries without `weigh`). */
  get weight(): number {
    return this.#weight;
  }

  /** The value of `key`, now the most recently used, or `undefined`. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // Re-inserting moves the key to the end of the Map's insertion order; a key already there
    // (a hot key asked for again and again) stays, which spares two of the three lookups.
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry.value;
  }

  /**
   * Stores `value` as the most recently used entry, forgetting the oldest beyond capacity. A
   * value heavier than the whole capacity is not kept.
   */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.#weigh === undefined ? 1 : this.#weigh(value);
    if (weight > this.capacity) return;
    this.#entries.set(key, { value, weight });
    this.#newest = key;
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#weight <= this.capacity) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
