// The file server of `npm run bench:follow`, run as its own process (never in `airq`'s, nor in
// the load generator's):
//   node --import tsx bench/follow/data-json-server.ts --elements 44000 --seed 38 [--bytes-per-second B]
//                                                      [--feed-cycle S]
// Serves `/static/v1/data.json`, the synthetic file of synthetic-data-json.ts stamped at the
// moment each request arrives: each reading aged from it, or with `--feed-cycle`, each sensor's
// two latest readings of a cycle of S seconds (a poll repeats much of the one before). Requests wait, unanswered, until the parent arms the server
// (`{ arm: true }`), so that `airq`'s memory can be read before its first poll; the parent then
// asks for the requests seen so far (`{ requests: true }`): when each arrived and when its last
// byte was handed to the socket, epoch ms (the clock every process on the machine shares).
// All its threads run at the lowest priority (nice 19): Linux keeps a nice value per thread, so
// lowering the main thread alone left V8's helper threads (which collect its heap) at nice 0.
// It stands for Sensor.Community's server, which sends the file from a machine of its own; here
// its sending (over loopback the kernel also does the receiving side's TCP work in the sender's
// thread) would otherwise take one of the two cores from `airq` for the whole transfer, a cost
// no real poll puts on the machine that runs `airq`.
// In runs of 20 polls (2026-12-03, reads in autocannon's bursts) the p99 of reads during a poll
// was 1.61× the p99 without one with it at nice 0, and 1.18–1.79× in three runs with its main
// thread at nice 19; with readers arriving at random, 4.17× and 4.26× with its main thread at
// nice 19, 2.30–3.92× (and 2.26× over 40 polls) with all its threads.

import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { SENSOR_COMMUNITY_DATA_PATH } from '../../src/follow/sensor-community-source.js';
import { serveForParent } from '../http/server-process.js';
import { KRAKOW_BOX, syntheticDataJson } from './synthetic-data-json.js';

/** One request for the file, epoch ms. */
export interface DataJsonRequest {
  readonly arrivedMs: number;
  /** When the body was rendered and its sending began. */
  readonly renderedMs: number;
  /** When the last byte was handed to the socket; `undefined` while sending, or if cut. */
  readonly sentMs: number | undefined;
}

/** What the server announces once it listens. */
export interface DataJsonServerInfo {
  readonly bytes: number;
  readonly elements: number;
  readonly locations: number;
  readonly cityElements: number;
  readonly cityLocations: number;
}

/** Pieces a throttled body is written in, bytes. */
const CHUNK_BYTES = 64 * 1024;

const { values: flags } = parseArgs({
  options: {
    elements: { type: 'string', default: '44000' },
    seed: { type: 'string', default: '38' },
    'bytes-per-second': { type: 'string' },
    'feed-cycle': { type: 'string' },
  },
});
const feedCycleS = flags['feed-cycle'] === undefined ? undefined : Number(flags['feed-cycle']);
if (feedCycleS !== undefined && !(feedCycleS >= 1)) {
  throw new RangeError(
    `data-json-server: --feed-cycle must be at least 1 s, got ${flags['feed-cycle']}`,
  );
}
// Every thread that runs now (V8's helpers start with the process; later threads inherit the
// nice value of the thread that starts them). Where /proc is missing, the calling thread alone.
const threadIds = (() => {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
})();
for (const threadId of threadIds) {
  try {
    setPriority(threadId, 19);
  } catch {
    // A thread that ended since the listing.
  }
}
const file = syntheticDataJson(Number(flags.elements), KRAKOW_BOX, Number(flags.seed));
const bytesPerSecond =
  flags['bytes-per-second'] === undefined ? undefined : Number(flags['bytes-per-second']);
const requests: { arrivedMs: number; renderedMs: number; sentMs: number | undefined }[] = [];
// Bodies whose sending ended, written over by the next request rather than allocated anew.
const idleBodies: Buffer[] = [];
let armed = false;
const waiting: (() => void)[] = [];

// At most `bytesPerSecond`: each piece waits until the bytes before it would have gone out.
function sendThrottled(response: ServerResponse, body: Buffer, rate: number, startMs: number) {
  let offset = 0;
  const next = () => {
    if (offset >= body.byteLength || response.destroyed) {
      response.end();
      return;
    }
    const piece = body.subarray(offset, offset + CHUNK_BYTES);
    offset += piece.byteLength;
    response.write(piece);
    const dueMs = startMs + (offset / rate) * 1000;
    setTimeout(next, Math.max(0, dueMs - Date.now()));
  };
  next();
}

function answer(request: IncomingMessage, response: ServerResponse, arrivedMs: number): void {
  if (request.url !== SENSOR_COMMUNITY_DATA_PATH) {
    response.writeHead(404).end();
    return;
  }
  const body = file.render(arrivedMs, idleBodies.pop(), feedCycleS);
  const seen = { arrivedMs, renderedMs: Date.now(), sentMs: undefined as number | undefined };
  requests.push(seen);
  response.on('finish', () => {
    seen.sentMs = Date.now();
  });
  response.on('close', () => idleBodies.push(body));
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(body.byteLength),
  });
  if (bytesPerSecond === undefined) response.end(body);
  else sendThrottled(response, body, bytesPerSecond, seen.renderedMs);
}

const server = createServer((request, response) => {
  const arrivedMs = Date.now();
  if (armed) answer(request, response, arrivedMs);
  else waiting.push(() => answer(request, response, Date.now()));
});

function onCall(payload: unknown): unknown {
  const call = payload as { arm?: boolean; requests?: boolean };
  if (call.arm === true) {
    armed = true;
    for (const release of waiting.splice(0)) release();
    return true;
  }
  return requests.map((seen): DataJsonRequest => ({ ...seen }));
}

const info: DataJsonServerInfo = {
  bytes: file.bytes,
  elements: file.elements,
  locations: file.locations,
  cityElements: file.cityElements,
  cityLocations: file.cityLocations,
};
serveForParent(server, info, onCall).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
