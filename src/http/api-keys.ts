import { argumentError } from '../arguments/describe-value.js';
import type { ClientLimits } from '../limits/rate-limiter.js';

/** A configured API key with optional limits of its own. */
export interface ApiKeyConfig {
  readonly key: string;
  /** Requests per UTC day; default: the adapter's `dayLimit`. */
  readonly dayLimit?: number;
  /** Requests per minute; default: the adapter's `minuteLimit`. */
  readonly minuteLimit?: number;
}

/** Resolves presented keys to the limits of a configured key. */
export interface KeyRing {
  /** The configured key's limits, or `undefined` for an unknown key. */
  identify(presentedKey: string): Promise<ClientLimits | undefined>;
  readonly size: number;
}

// Printable ASCII without space: anything a header or a query value carries unchanged.
const KEY_TEXT = /^[\x21-\x7e]+$/;

/**
 * Checks a request limit given to the adapter or on the command line. Unlike the shared numeric
 * checks, a value of the wrong type is a RangeError too: a limit read from text (`'5'`) is
 * reported as out of range, as it always has been.
 *
 * @returns `value`, a positive safe integer
 * @throws RangeError naming the function, the parameter and the value otherwise
 * @example
 * checkLimit('createApi', 'dayLimit', 100); // 100
 * checkLimit('createApi', 'dayLimit', 0);   // RangeError: createApi: dayLimit must be a positive integer, got 0
 */
export function checkLimit(functionName: string, parameterName: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw argumentError(
      RangeError,
      functionName,
      parameterName,
      'must be a positive integer',
      value,
    );
  }
  return value;
}

/**
 * Parses a key list as `--keys` and `AIRQ_API_KEYS` take it: comma-separated entries
 * `KEY`, `KEY:DAY_LIMIT` or `KEY:DAY_LIMIT:MINUTE_LIMIT`.
 *
 * @throws RangeError naming the bad entry by position (never echoing a key)
 * @example
 * parseKeyList('demo,partner:5000:120');
 * // [{ key: 'demo' }, { key: 'partner', dayLimit: 5000, minuteLimit: 120 }]
 */
export function parseKeyList(text: string): ApiKeyConfig[] {
  return text.split(',').map((entry, position): ApiKeyConfig => {
    const [key = '', ...limits] = entry.trim().split(':');
    const where = `key list entry ${position + 1}`;
    if (!KEY_TEXT.test(key) || limits.length > 2) {
      throw new RangeError(
        `parseKeyList: ${where} must look like KEY[:DAY_LIMIT[:MINUTE_LIMIT]] with a non-empty key`,
      );
    }
    // Digits become numbers; anything else is passed on as text, for checkLimit to name it.
    const [day, minute] = limits.map((text, at) => {
      const value = /^\d+$/.test(text) ? Number(text) : text;
      return checkLimit('parseKeyList', `${where} ${at === 0 ? 'day' : 'minute'} limit`, value);
    });
    return {
      key,
      ...(day === undefined ? {} : { dayLimit: day }),
      ...(minute === undefined ? {} : { minuteLimit: minute }),
    };
  });
}

/**
 * Builds the key ring of an adapter. Lookup never compares a presented key with a configured
 * one character by character: the presented key is hashed with SHA-256 and its digest is looked
 * up in a `Map` of configured digests. How long the lookup takes can depend only on the digest,
 * and an attacker cannot steer a guess's digest towards a real key's digest, so response timing
 * reveals nothing about how much of a guess was right. The digest (not the key) also names the
 * rate-limit counters, so a shared counter store never holds keys. The digest is Web Crypto's,
 * present in every runtime the core runs on.
 *
 * @throws TypeError / RangeError for an empty, non-printable or duplicate key, or a bad limit
 * @example
 * const ring = createKeyRing([{ key: 'demo' }], { dayLimit: 100, minuteLimit: 50 });
 * await ring.identify('demo');  // { clientId: '2a97…', dayLimit: 100, minuteLimit: 50 }
 * await ring.identify('guess'); // undefined
 */
export function createKeyRing(
  keys: readonly (string | ApiKeyConfig)[],
  defaults: { readonly dayLimit: number; readonly minuteLimit: number },
): KeyRing {
  const configs = keys.map((entry, position): Required<ApiKeyConfig> => {
    const config = typeof entry === 'string' ? { key: entry } : entry;
    if (typeof config?.key !== 'string' || !KEY_TEXT.test(config.key)) {
      throw new TypeError(
        `createApi: keys[${position}] must be a non-empty printable ASCII key without spaces`,
      );
    }
    const limit = (name: 'dayLimit' | 'minuteLimit') =>
      checkLimit('createApi', `keys[${position}].${name}`, config[name] ?? defaults[name]);
    return { key: config.key, dayLimit: limit('dayLimit'), minuteLimit: limit('minuteLimit') };
  });
  if (new Set(configs.map((config) => config.key)).size !== configs.length) {
    throw new RangeError('createApi: keys must not contain the same key twice');
  }
  const tableOf = (digests: readonly string[]) =>
    new Map(
      configs.map(({ dayLimit, minuteLimit }, position): [string, ClientLimits] => {
        const clientId = digests[position] ?? '';
        return [clientId, { clientId, dayLimit, minuteLimit }];
      }),
    );
  let table: Promise<Map<string, ClientLimits>> | undefined;
  // A client sends the same key with every request, and a Web Crypto digest costs about as much
  // CPU as the rest of a cached answer (docs/design.md has the figure). So a key that was found
  // is remembered by its text. Only configured keys get in, so guesses cannot grow it, and a
  // guess is compared with a remembered key only when their string hashes are equal.
  // The settled lookup itself is kept, so a known key costs no new promise per request.
  const found = new Map<string, Promise<ClientLimits>>();
  // Lookups under way, so a burst of requests with one key costs one digest; each entry leaves
  // when its lookup settles, so guesses cannot grow this either.
  const pending = new Map<string, Promise<ClientLimits | undefined>>();
  async function lookUp(presentedKey: string): Promise<ClientLimits | undefined> {
    table ??= Promise.all(configs.map((config) => webSha256Hex(config.key))).then(tableOf);
    const [byDigest, digest] = await Promise.all([table, webSha256Hex(presentedKey)]);
    const client = byDigest.get(digest);
    if (client !== undefined) found.set(presentedKey, Promise.resolve(client));
    return client;
  }
  return {
    size: configs.length,
    identify(presentedKey: string): Promise<ClientLimits | undefined> {
      const remembered = found.get(presentedKey);
      if (remembered !== undefined) return remembered;
      let lookup = pending.get(presentedKey);
      if (lookup === undefined) {
        lookup = lookUp(presentedKey).finally(() => pending.delete(presentedKey));
        pending.set(presentedKey, lookup);
      }
      return lookup;
    },
  };
}

/** The key a request presents, or why it has none usable. */
export type PresentedKey =
  | { readonly status: 'present'; readonly key: string }
  | { readonly status: 'missing' }
  | { readonly status: 'ambiguous' };

/**
 * Finds the key of a request: the `apikey` header wins; otherwise the `apikey` query
 * parameter. An empty value counts as missing; the query parameter repeated with different
 * values is ambiguous (answered with 401, since no single key can be charged).
 *
 * @example
 * presentedKey(undefined, ['k1']); // { status: 'present', key: 'k1' }
 * presentedKey('', []);            // { status: 'missing' }
 */
export function presentedKey(
  header: string | undefined,
  queryValues: readonly string[],
): PresentedKey {
  if (header !== undefined && header !== '') return { status: 'present', key: header };
  const distinct = new Set(queryValues.filter((value) => value !== ''));
  if (distinct.size === 0) return { status: 'missing' };
  if (distinct.size > 1) return { status: 'ambiguous' };
  const [key = ''] = distinct;
  return { status: 'present', key };
}

/**
 * SHA-256 of a text's UTF-8 bytes as 64 lower-case hex digits, with the Web Crypto API.
 *
 * @example
 * await webSha256Hex('demo'); // '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea'
 */
export async function webSha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
