// The floor of `npm run bench:http -- --floor`: a listener that does only the least any keyed,
// counted adapter must do per request, run in the adapter's own process (the sample network
// loaded, the live producer writing). It shows how close to the bare server an adapter can
// come at all in this harness, which the real adapter's share is to be read against.
//
// Per request it does: one key check (remembered per connection), one count in the current
// minute, one Map lookup of the target, and a head of fresh rate headers; nothing else (no
// method, Accept, language, ETag or encoding checks). The body and the other headers are the
// real adapter's answer to the same target, taken on the first request of each target.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreResponse } from '../../src/http/core-request.js';
import type { Api } from '../../src/http/create-api.js';
import { toCoreRequest } from '../../src/http/node/node-listener.js';
import { MS_PER_MINUTE } from '../../src/time/instant.js';

// One answer as the floor replays it: the head as a flat name/value list for `writeHead`, with
// the two remaining counts at known places, and the body in one piece.
interface FloorAnswer {
  readonly status: number;
  readonly head: readonly string[];
  readonly remainingAt: readonly number[];
  readonly body: Uint8Array;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

const REMAINING_HEADERS = new Set(['X-RateLimit-Remaining-day', 'X-RateLimit-Remaining-minute']);

function floorAnswerOf(response: CoreResponse): FloorAnswer {
  const body = Buffer.from(response.body ?? new Uint8Array(0));
  const head: string[] = [];
  const remainingAt: number[] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (REMAINING_HEADERS.has(name)) remainingAt.push(head.length + 1);
    head.push(name, value);
  }
  head.push('Content-Length', String(body.byteLength));
  return { status: response.status, head, remainingAt, body };
}

/**
 * The floor listener over `api` (the adapter core). A request without the one benchmark
 * key, or a target not seen before, goes through the core.
 *
 * @example
 * createServer(createFloorListener(api, 'bench-http-key', 1e9)).listen(0);
 */
export function createFloorListener(api: Api, apiKey: string, minuteLimit: number): Listener {
  const keyOfConnection = new WeakMap<object, string>();
  const answers = [new Map<string, FloorAnswer>(), new Map<string, FloorAnswer>()];
  let minuteStartMs = 0;
  let minuteCount = 0;

  function learn(request: IncomingMessage, response: ServerResponse, gzip: number): void {
    const url = request.url ?? '/';
    api.handle(toCoreRequest(request)).then((answer) => {
      const floor = floorAnswerOf(answer);
      if (answer.status === 200) answers[gzip]?.set(url, floor);
      response.writeHead(floor.status, floor.head.slice()).end(floor.body);
    });
  }

  return (request, response) => {
    const headers = request.headers;
    const gzip = headers['accept-encoding'] === undefined ? 0 : 1;
    const key = headers.apikey;
    if (keyOfConnection.get(request.socket) !== key) {
      if (key !== apiKey) return learn(request, response, gzip);
      keyOfConnection.set(request.socket, key);
    }
    const nowMs = Date.now();
    if (nowMs - minuteStartMs >= MS_PER_MINUTE || nowMs < minuteStartMs) {
      minuteStartMs = nowMs - (nowMs % MS_PER_MINUTE);
      minuteCount = 0;
    }
    minuteCount += 1;
    const answer = answers[gzip]?.get(request.url ?? '/');
    if (answer === undefined) return learn(request, response, gzip);
    const head = answer.head.slice();
    const remaining = String(minuteLimit - minuteCount);
    for (const at of answer.remainingAt) head[at] = remaining;
    response.writeHead(answer.status, head);
    response.end(answer.body);
  };
}
