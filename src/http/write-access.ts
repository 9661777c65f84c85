import type { ClientLimits, RateLimitDecision } from '../limits/rate-limiter.js';
import { ApiError } from './api-error.js';
import { type KeyRing, presentedKey } from './api-keys.js';
import type { CoreRequest } from './core-request.js';
import { type CountAccess, countRequest } from './request-count.js';

// Who may write. Write keys are a ring of their own beside the read keys: a read key never
// writes, and a write key is unlimited unless its entry gives limits (`KEY:DAY[:MINUTE]`), so
// a fleet of sensors behind one key is not cut off at the read default of 100 a day.

/** The limit of a write key without limits of its own: never reached. */
export const UNLIMITED_WRITES = Number.MAX_SAFE_INTEGER;

/** How a write route takes its key: the `apikey` header, or HTTP Basic's password (airRohr). */
export type WriteCredential = 'apikey' | 'basic';

/** What the write check needs of the adapter. */
export interface WriteAccess extends CountAccess {
  /** The write keys; `undefined` when the adapter takes no writes. */
  readonly writeKeyRing: KeyRing | undefined;
  readonly keyRing: KeyRing;
}

const BASIC_CHALLENGE = Object.freeze({
  'WWW-Authenticate': 'Basic realm="airq", charset="UTF-8"',
});

const UTF8 = new TextDecoder('utf-8', { fatal: true });
// A module constant: the bundler rewrites a `\p{…}` literal as `new RegExp(…)`, which in the
// function built a RegExp for every push (0.13–0.16 µs against 0.04 for a kept one).
const ASCII_ONLY = /^\p{ASCII}*$/u;

// The password of an `Authorization: Basic …` header; `undefined` when there is none usable.
// atob gives one character per byte: when every byte is ASCII that string is already the
// UTF-8 text, which spares the byte copy and the decoder on every push of a sensor.
function basicPassword(authorization: string | undefined): string | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (match === null) return undefined;
  let decoded: string;
  try {
    const binary = atob(match[1]!);
    decoded = ASCII_ONLY.test(binary)
      ? binary
      : UTF8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  return password === '' ? undefined : password;
}

/**
 * The key a write request presents: for `basic`, the password of HTTP Basic authentication
 * (the user name is free: the airRohr firmware sends what its user set), else the `apikey`
 * header; for `apikey`, the header or the `apikey` query parameter, as reads take it.
 *
 * @example
 * writeKeyOf({ ...request, headers: { authorization: 'Basic dTpzZWNyZXQ=' } }, 'basic', []); // 'secret'
 */
export function writeKeyOf(
  request: CoreRequest,
  credential: WriteCredential,
  apikeyParams: readonly string[],
): string | undefined {
  if (credential === 'basic') {
    const password = basicPassword(request.headers.authorization);
    if (password !== undefined) return password;
  }
  const key = presentedKey(request.headers.apikey, credential === 'basic' ? [] : apikeyParams);
  return key.status === 'present' ? key.key : undefined;
}

/**
 * Admits a write request or throws its answer: 403 `WRITES_DISABLED` when the adapter has no
 * write keys; 401 without a key (with a Basic challenge on `basic` routes) or with one that is
 * no key at all; 403 `WRITE_KEY_REQUIRED` for a read key; 429 when a write key with limits has
 * used them (503 when the counters are unavailable, unless `countersFailOpen`). Resolves to
 * the count's decision (`undefined` for an unlimited key, or one admitted uncounted).
 *
 * @throws ApiError 401, 403 or 429; what the counter store throws
 * @example
 * await admitWrite(access, request, 'apikey', [], Date.now()); // undefined (an unlimited write key)
 */
export async function admitWrite(
  access: WriteAccess,
  request: CoreRequest,
  credential: WriteCredential,
  apikeyParams: readonly string[],
  nowMs: number,
): Promise<RateLimitDecision | undefined> {
  if (access.writeKeyRing === undefined) {
    const message =
      "This server takes no writes: start it with --write-keys (or createApi's writeKeys)";
    throw new ApiError('WRITES_DISABLED', message);
  }
  const challenge = credential === 'basic' ? BASIC_CHALLENGE : {};
  const key = writeKeyOf(request, credential, apikeyParams);
  if (key === undefined) {
    const where =
      credential === 'basic'
        ? 'as the password of HTTP Basic authentication'
        : 'in the apikey header';
    throw new ApiError('API_KEY_MISSING', `No write key: send it ${where}`, {}, challenge);
  }
  const client = await access.writeKeyRing.identify(key);
  if (client === undefined) {
    if ((await access.keyRing.identify(key)) !== undefined) {
      throw new ApiError('WRITE_KEY_REQUIRED', 'This key may read but not write');
    }
    throw new ApiError('API_KEY_INVALID', 'The API key is not valid', {}, challenge);
  }
  return isUnlimited(client) ? undefined : countRequest(access, client, nowMs, request);
}

function isUnlimited(client: ClientLimits): boolean {
  return client.dayLimit === UNLIMITED_WRITES && client.minuteLimit === UNLIMITED_WRITES;
}
