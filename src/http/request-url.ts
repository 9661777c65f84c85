function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * Replaces (or appends) query parameters while keeping every other pair byte for byte, in
 * order. Used for the `Location` of a replaced installation, which must keep the client's other
 * parameters, `apikey` included: a client that sends its key in the query has no other way to
 * present it to the next request.
 *
 * @example
 * rewriteQuery('installationId=5&apikey=k&indexType=PIJP', { installationId: '9' });
 * // 'installationId=9&apikey=k&indexType=PIJP'
 */
export function rewriteQuery(
  query: string,
  replacements: Readonly<Record<string, string>>,
): string {
  const pending = new Map(Object.entries(replacements));
  const pairs: string[] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const name = decodedName(pair);
    if (!Object.hasOwn(replacements, name)) pairs.push(pair);
    else if (pending.has(name)) {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(pending.get(name) ?? '')}`);
      pending.delete(name);
    }
  }
  for (const [name, value] of pending)
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return pairs.join('&');
}

// Besides the letters and escapes: a character beyond ASCII, which may lower-case to one (the
// Kelvin sign to `k`).
const MAY_NAME_KEY = /apikey|%|[\u0080-\uffff]/i;

/**
 * A path and query fit for logs: every `apikey` value becomes `[redacted]`.
 *
 * @example
 * loggableUrl('/v2/meta/indexes', 'apikey=secret&x=1'); // '/v2/meta/indexes?apikey=[redacted]&x=1'
 */
export function loggableUrl(path: string, query: string): string {
  if (query === '') return path;
  // A name that decodes to `apikey` spells it out, escapes a letter of it, or has a character
  // beyond ASCII: without any, nothing is redacted and the query comes back as it is.
  if (!MAY_NAME_KEY.test(query)) return `${path}?${query}`;
  const pairs = query
    .split('&')
    .map((pair) =>
      decodedName(pair).toLowerCase() === 'apikey' ? `${pair.split('=', 1)[0]}=[redacted]` : pair,
    );
  return `${path}?${pairs.join('&')}`;
}

// host, host:port, or [IPv6]:port. Anything else is not trusted into a Location header.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The base URL a request was addressed to, from its scheme and `Host` header, or `undefined`
 * when the header is absent or malformed.
 *
 * @example
 * requestBaseUrl('http', 'localhost:8080'); // 'http://localhost:8080'
 * requestBaseUrl('http', 'evil/path');      // undefined
 */
export function requestBaseUrl(
  scheme: 'http' | 'https',
  host: string | undefined,
  mountPath = '',
): string | undefined {
  if (host === undefined || !HOST.test(host)) return undefined;
  return `${scheme}://${host}${mountPath}`;
}
