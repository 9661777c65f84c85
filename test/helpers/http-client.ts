import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { CoreRequest, CoreResponse } from '../../src/http/core-request.js';
import type { Api } from '../../src/http/create-api.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';

/** A core request with defaults: GET, no query, no headers. */
export function coreRequest(path: string, overrides: Partial<CoreRequest> = {}): CoreRequest {
  const queryStart = path.indexOf('?');
  const split =
    queryStart < 0
      ? { path, query: '' }
      : { path: path.slice(0, queryStart), query: path.slice(queryStart + 1) };
  return { method: 'GET', headers: {}, ...split, ...overrides };
}

/** The decoded JSON of a core response (gunzipped when its `Content-Encoding` says so). */
export function coreJson(response: CoreResponse): unknown {
  if (response.body === null) return undefined;
  const bytes =
    response.headers['Content-Encoding'] === 'gzip'
      ? gunzipSync(response.body)
      : Buffer.from(response.body);
  return JSON.parse(bytes.toString('utf8'));
}

/** The identity-coded body of a core response: gunzipped when gzip, no bytes for no body. */
export function identity(response: CoreResponse): Buffer {
  const body = Buffer.from(response.body ?? new Uint8Array(0));
  return response.headers['Content-Encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/** A running test server on an ephemeral loopback port. */
export interface TestServer {
  readonly server: Server;
  readonly port: number;
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves an API over a real socket: `listen(0, '127.0.0.1')`. */
export async function startTestServer(api: Api): Promise<TestServer> {
  const server = createServer(createNodeListener(api));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A raw answer: undecoded body bytes (fetch would gunzip them silently). */
export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One `node:http` request without any automatic decompression or redirect following. */
export function rawRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The decoded JSON of a raw answer. */
export function rawJson(answer: RawAnswer): unknown {
  const bytes =
    answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}
