// One response of the adapter, captured byte for byte, so that the bare server can answer the
// same request with the same body (gzip'd or not) and the same headers.
import { request as httpRequest } from 'node:http';

/** A response as the bare server replays it. Serialisable (it travels over IPC). */
export interface CapturedResponse {
  /** Request target: path and query, e.g. `/v2/meta/indexes`. */
  readonly url: string;
  /** Whether the request asked for gzip (then the body is the compressed bytes). */
  readonly gzip: boolean;
  readonly status: number;
  /** Response headers, lower-case names, without the ones Node's server adds by itself. */
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyBase64: string;
  /** Body size on the wire, bytes. */
  readonly bodyBytes: number;
}

// Node's server writes these for every response; copying them would send them twice.
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Sends one GET and keeps the raw answer (no decompression, no redirect following).
 *
 * @param baseUrl - `http://127.0.0.1:<port>`
 * @param url - path and query
 * @param headers - request headers (the benchmark's `apikey`, `Accept`, maybe `Accept-Encoding`)
 * @example
 * const meta = await captureResponse(adapter.url, '/v2/meta/indexes', headers, false);
 * meta.status; // 200
 * meta.headers['content-type']; // 'application/json;charset=UTF-8'
 */
export function captureResponse(
  baseUrl: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  gzip: boolean,
): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(url, baseUrl), { headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined || CONNECTION_HEADERS.has(name)) continue;
          kept[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          url,
          gzip,
          status: incoming.statusCode ?? 0,
          headers: kept,
          bodyBase64: body.toString('base64'),
          bodyBytes: body.byteLength,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
