// How API keys are turned into the digests the key ring looks up. The digest must be the same
// whichever implementation computes it (it also names the rate-limit counters, which may live
// in a store shared by processes on different runtimes).

/** SHA-256 of a text's UTF-8 bytes, as 64 lower-case hex digits, computed synchronously. */
export type Sha256Hex = (text: string) => string;

type NodeCrypto = typeof import('node:crypto');

/**
 * `node:crypto`'s SHA-256 when the runtime hands out Node built-ins synchronously
 * (`process.getBuiltinModule`: Node ≥ 20.16, Bun, Deno), else `undefined`. Found at call time,
 * without a static import, so that the module loads where there is no `node:crypto`; there
 * {@link webSha256Hex} is used. On Node it is much cheaper per key than a WebCrypto digest,
 * which was a large share of a `/v2/meta/indexes` request.
 *
 * @example
 * nodeSha256Hex()?.('demo'); // '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea'
 */
export function nodeSha256Hex(): Sha256Hex | undefined {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof host?.getBuiltinModule !== 'function') return undefined;
  const crypto = host.getBuiltinModule('node:crypto') as NodeCrypto | undefined;
  if (typeof crypto?.createHash !== 'function') return undefined;
  if (typeof crypto.hash === 'function') {
    const { hash } = crypto;
    return (text) => hash('sha256', text, 'hex');
  }
  const { createHash } = crypto;
  return (text) => createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * SHA-256 with the Web Crypto API, available in every runtime (asynchronous).
 *
 * @example
 * await webSha256Hex('demo'); // '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea'
 */
export async function webSha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
