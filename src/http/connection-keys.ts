import type { KeyRing } from './api-keys.js';
import { type MaybePromise, whenReady } from './maybe-promise.js';
import type { ClientLimits } from './rate-limiter.js';

// What a connection presented last, and what the key ring made of it.
interface Remembered {
  readonly key: string;
  readonly client: ClientLimits | undefined;
}

/**
 * A key ring that hashes each connection's API key once. A client on a keep-alive connection
 * sends the same key with every request, and the SHA-256 of that key was the largest single
 * cost of a cached answer. So the last key seen on a connection is kept with its result, and a
 * request that presents the same key again skips the digest.
 *
 * The comparison with the remembered key must not become the timing leak that the digest
 * lookup avoids (see `createKeyRing`). A proxy may carry several clients over one connection,
 * so the remembered key can be somebody else's. The texts are therefore compared in time that
 * depends only on their lengths ({@link sameTextInConstantTime}), never stopping at the first
 * differing character. Requests without a connection object (the Fetch shell) go to the
 * ring every time.
 *
 * @example
 * const keys = new ConnectionKeys(createKeyRing([{ key: 'demo' }], { dayLimit: 100, minuteLimit: 50 }));
 * keys.identify('demo', socket); // digest computed: { clientId: '2a97…', … }
 * keys.identify('demo', socket); // the same answer, no digest
 */
export class ConnectionKeys {
  readonly #ring: KeyRing;
  readonly #byConnection = new WeakMap<object, Remembered>();

  constructor(ring: KeyRing) {
    this.#ring = ring;
  }

  /** The limits of `presentedKey`, or `undefined` for an unknown key (see `KeyRing.identify`). */
  identify(
    presentedKey: string,
    connection: object | undefined,
  ): MaybePromise<ClientLimits | undefined> {
    if (connection === undefined) return this.#ring.identify(presentedKey);
    const remembered = this.#byConnection.get(connection);
    if (remembered !== undefined && sameTextInConstantTime(remembered.key, presentedKey)) {
      return remembered.client;
    }
    return whenReady(this.#ring.identify(presentedKey), (client) => {
      this.#byConnection.set(connection, { key: presentedKey, client });
      return client;
    });
  }
}

/**
 * Whether two texts are equal, in time that depends on their lengths only: every UTF-16 code
 * unit is compared, with no early exit, so the time taken says nothing about how long a
 * common prefix was.
 *
 * @example
 * sameTextInConstantTime('demo', 'demo'); // true
 * sameTextInConstantTime('demo', 'demx'); // false
 */
export function sameTextInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
