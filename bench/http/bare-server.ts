// Server B of `npm run bench:http`, run as its own process:
//   node --import tsx bench/http/bare-server.ts
// A bare node:http server that answers each benchmarked request with the bytes and headers the
// adapter gave for it, looked up by URL and by whether the client asked for gzip. All it does
// per request is one Map lookup and one write: the floor the adapter is compared with.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { CapturedResponse } from './captured-response.js';
import { serveForParent } from './server-process.js';

interface FixedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

const answers = new Map<string, FixedAnswer>();
const NOT_FOUND = Buffer.from('{"errorCode":"NOT_FOUND"}');

/**
 * The lookup key of a request: its URL plus whether gzip was asked for. A plain substring
 * test is enough here: the benchmark sends either `gzip` or no `Accept-Encoding` at all.
 *
 * @example
 * answerKey('/v2/meta/indexes', 'gzip'); // '1 /v2/meta/indexes'
 */
export function answerKey(url: string, acceptEncoding: string | undefined): string {
  return `${acceptEncoding?.includes('gzip') === true ? 1 : 0} ${url}`;
}

function listener(request: IncomingMessage, response: ServerResponse): void {
  const answer = answers.get(answerKey(request.url ?? '/', request.headers['accept-encoding']));
  if (answer === undefined) {
    response.writeHead(404, { 'Content-Length': String(NOT_FOUND.byteLength) });
    response.end(NOT_FOUND);
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

function load(payload: unknown): number {
  const { responses } = payload as { responses: readonly CapturedResponse[] };
  for (const captured of responses) {
    answers.set(answerKey(captured.url, captured.gzip ? 'gzip' : undefined), {
      status: captured.status,
      headers: Object.freeze({ ...captured.headers }),
      body: Buffer.from(captured.bodyBase64, 'base64'),
    });
  }
  return answers.size;
}

serveForParent(createServer(listener), {}, load).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
