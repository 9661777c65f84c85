/**
 * The demo key the page may carry: the key a plain `npm start` generated, and only while the
 * server listens on loopback. Bound to another interface (`--host 0.0.0.0`), anyone who can
 * reach the port could read the key from the page, where before they needed the terminal;
 * the page then asks for the key instead.
 *
 * @example
 * pageDemoKey('demo-abc', '127.0.0.1'); // → 'demo-abc'
 * pageDemoKey('demo-abc', '0.0.0.0'); // → undefined
 */
export function pageDemoKey(demoKey: string | undefined, host: string): string | undefined {
  const loopback =
    host === 'localhost' ||
    host === '::1' ||
    host === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(host);
  return loopback ? demoKey : undefined;
}
