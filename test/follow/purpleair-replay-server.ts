import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for api.purpleair.com: it answers each request with the next planned answer
// (the recorded fixtures of test/fixtures/follow/purpleair/, see its README) and remembers what
// was asked, so a test can check the URL and the key header. Port 0: the system picks a free one.

/** One planned answer: a status, headers and a body, or a body cut after some bytes. */
export interface PlannedAnswer {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
  /** Sends only this many bytes of a body announced whole, then drops the connection. */
  readonly cutAfterBytes?: number;
}

/** What the server saw of a request. */
export interface SeenRequest {
  readonly url: URL;
  readonly key: string | undefined;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly baseUrl: string;
  readonly requests: SeenRequest[];
  /** Queues answers, each used once, in order; a function is given the request's URL. */
  plan(...answers: (PlannedAnswer | ((url: URL) => PlannedAnswer))[]): void;
  close(): Promise<void>;
}

const FIXTURES = 'test/fixtures/follow/purpleair';

/** The text of a fixture of test/fixtures/follow/purpleair/. */
export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}/${name}`, 'utf8');
}

/** A fixture's JSON after `change` (which edits the parsed copy), as text. */
export function changedFixture(name: string, change: (answer: AnswerJson) => void): string {
  const answer = JSON.parse(fixture(name)) as AnswerJson;
  change(answer);
  return JSON.stringify(answer);
}

/** The shape of a GET /v1/sensors answer, as far as the tests edit it. */
export interface AnswerJson {
  data_time_stamp: number;
  fields: string[];
  data: unknown[][];
  [key: string]: unknown;
}

/** Starts a server on 127.0.0.1 and a free port. */
export async function startReplayServer(): Promise<ReplayServer> {
  const queue: (PlannedAnswer | ((url: URL) => PlannedAnswer))[] = [];
  const requests: SeenRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const key = request.headers['x-api-key'];
    requests.push({ url, key: Array.isArray(key) ? key.join(',') : key });
    const next = queue.shift();
    const answer: PlannedAnswer =
      next === undefined
        ? { status: 599, body: '{"error":"TestServerError","description":"no answer planned"}' }
        : typeof next === 'function'
          ? next(url)
          : next;
    const body = Buffer.from(answer.body, 'utf8');
    response.writeHead(answer.status ?? 200, {
      'content-type': 'application/json',
      'content-length': String(body.byteLength),
      ...answer.headers,
    });
    if (answer.cutAfterBytes === undefined) {
      response.end(body);
      return;
    }
    response.write(body.subarray(0, answer.cutAfterBytes), () => response.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    plan: (...answers) => {
      queue.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
