// Fuzz of the two write routes, POST /v2/airq/samples and POST /v2/airq/airrohr: seeded
// malformed bodies (random bytes, cut JSON, JSON of the wrong shape, CSV with a wrong header or
// bad rows, huge numbers, deep nesting, cut or mislabelled gzip), content types, encodings,
// broken Authorization and X-Sensor junk, mostly with a valid write key. Every answer is a 4xx
// in the spec's error shape, or 200/422 where the rows do parse; never a 5xx; and a request
// answered with any other status stores nothing, in memory or in the journal. Then the same
// through a real node:http listener, where bodies come chunked, with a Content-Length that lies,
// or not at all.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreRequest, CoreResponse } from '../../../src/http/core-request.js';
import type { Api } from '../../../src/http/create-api.js';
import { respondToClientError } from '../../../src/http/node/node-client-error.js';
import { coreJson, startTestServer, type TestServer } from '../../helpers/http-client.js';
import { type LiveApi, openLiveApi, postRequest, WRITE_KEY } from '../../helpers/live-api.js';
import {
  AIRROHR_ROUTE,
  airRohrCaseArbitrary,
  FUZZ_MAX_BODY_BYTES,
  SAMPLES_ROUTE,
  samplesCaseArbitrary,
  type WriteFuzzCase,
} from '../../helpers/live-fuzz.js';
import { checkWriteAnswer, storedState } from '../../helpers/live-fuzz-checks.js';
import { sendOverSocket, socketSafe, type Transport } from '../../helpers/live-fuzz-socket.js';
import { RUNS } from '../../helpers/property-runs.js';

const SEED = 37;
/** Cases through the socket per route: a few hundred, each a connection of its own. */
const SOCKET_RUNS = Math.min(RUNS.numRuns, 200);

function lowerCaseHeaders(response: CoreResponse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

let live: LiveApi;
beforeAll(async () => {
  live = await openLiveApi({ maxBodyBytes: FUZZ_MAX_BODY_BYTES });
});
afterAll(async () => {
  await live.close();
});

async function fuzzCore(arbitrary: fc.Arbitrary<WriteFuzzCase>): Promise<Set<number>> {
  const seen = new Set<number>();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const before = storedState(live.memory, live.dir);
      const response = await live.api.handle(
        postRequest(request.path, request.body, request.headers),
      );
      const after = storedState(live.memory, live.dir);
      seen.add(response.status);
      const json = coreJson(response);
      checkWriteAnswer(request, response.status, lowerCaseHeaders(response), json, before, after);
    }),
    { ...RUNS, seed: SEED },
  );
  return seen;
}

describe('write routes fuzz, through the core', () => {
  it('POST /v2/airq/samples: 4xx JSON or 200/422, never 5xx, nothing stored from a refused body', async () => {
    const seen = await fuzzCore(samplesCaseArbitrary);
    // The generator reaches every status, so each check above was exercised.
    expect([...seen].sort()).toEqual([200, 400, 401, 403, 406, 413, 415, 422]);
  });

  it('POST /v2/airq/airrohr: 4xx JSON or 200, never 5xx, nothing stored from a refused push', async () => {
    const seen = await fuzzCore(airRohrCaseArbitrary);
    expect([...seen].sort()).toEqual([200, 400, 401, 403, 406, 413, 415]);
  });
});

// The core's answers through a listener, recorded whether or not the client stayed to read
// them, and how many requests are still being served.
interface Recorded {
  readonly api: Api;
  readonly answers: { request: CoreRequest; response: CoreResponse }[];
  inFlight: number;
}

function recording(api: Api): Recorded {
  const recorded: Recorded = {
    answers: [],
    inFlight: 0,
    api: {
      async handle(request) {
        recorded.inFlight++;
        try {
          const response = await api.handle(request);
          recorded.answers.push({ request, response });
          return response;
        } finally {
          recorded.inFlight--;
        }
      },
    },
  };
  return recorded;
}

// Waits until the server has finished every request it took (an aborted one included). Not a
// timing assertion: the deadline is only there so that a hang fails instead of waiting forever.
async function settled(recorded: Recorded): Promise<void> {
  for (let turn = 0; turn < 2_000; turn++) {
    await new Promise((resolve) => setTimeout(resolve, turn < 10 ? 0 : 5));
    if (recorded.inFlight === 0 && turn >= 2) return;
  }
  throw new Error('write-fuzz: a request was still being served after 10 s');
}

const transportArbitrary = fc.record({
  transport: fc.constantFrom<Transport>(
    'length',
    'chunked',
    'short-length',
    'abort',
    'abort-end',
    'bad-chunk',
  ),
  chunkBytes: fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 6 }),
  shortBy: fc.integer({ min: 1, max: 40 }),
});

describe('write routes fuzz, through node:http', () => {
  let recorded: Recorded;
  let server: TestServer;
  beforeAll(async () => {
    recorded = recording(live.api);
    server = await startTestServer(recorded.api);
    // As airq's own server does, so that a request node cannot parse gets a JSON 400 too.
    server.server.on('clientError', respondToClientError);
  });
  afterAll(async () => {
    await server.close();
  });

  for (const [route, arbitrary] of [
    [SAMPLES_ROUTE, samplesCaseArbitrary],
    [AIRROHR_ROUTE, airRohrCaseArbitrary],
  ] as const) {
    it(`${route}: chunked, lying lengths and cut uploads answer JSON below 500 and store nothing refused`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary.map(socketSafe), transportArbitrary, async (request, how) => {
          const { transport, chunkBytes, shortBy } = how;
          const before = storedState(live.memory, live.dir);
          const from = recorded.answers.length;
          const wire = await sendOverSocket(server.port, request, transport, chunkBytes, shortBy);
          await settled(recorded);
          const after = storedState(live.memory, live.dir);
          const answers = recorded.answers.slice(from);
          if (wire !== undefined) {
            expect(wire.status).toBeLessThan(500);
            expect(wire.headers['content-type']).toBe('application/json;charset=UTF-8');
          }
          const cut =
            transport === 'abort' || transport === 'abort-end' || transport === 'bad-chunk';
          if (cut) {
            // A body that never arrived whole stores nothing, whatever the core made of it.
            expect(after).toEqual(before);
            return;
          }
          expect(answers).toHaveLength(1);
          const { response } = answers[0]!;
          // What the core read: the whole body, or what a short Content-Length let through.
          const read =
            transport === 'short-length'
              ? {
                  ...request,
                  body: request.body.subarray(0, Math.max(0, request.body.length - shortBy)),
                }
              : request;
          const json = coreJson(response);
          checkWriteAnswer(read, response.status, lowerCaseHeaders(response), json, before, after);
          if (transport !== 'short-length') expect(wire?.status).toBe(response.status);
        }),
        { numRuns: SOCKET_RUNS, seed: SEED },
      );
    });
  }

  // An upload the client abandons is nobody's answer, but the core still produces one and the
  // access log records it: it must not be a 5xx (and an error log line) for what a client did.
  it('an upload cut off by its client (destroyed, half-closed, broken chunk framing) is not answered 5xx', async () => {
    const body = Buffer.from(
      '[{"installationId":1001,"name":"PM25","timestamp":"2026-11-21T09:05:00Z","value":4}]',
    );
    const request: WriteFuzzCase = {
      path: SAMPLES_ROUTE,
      headers: { apikey: WRITE_KEY, 'content-type': 'application/json' },
      body,
      keyKind: 'write',
    };
    const before = storedState(live.memory, live.dir);
    const from = recorded.answers.length;
    for (const transport of ['abort', 'abort-end', 'bad-chunk'] as const) {
      await sendOverSocket(server.port, request, transport, [], 10);
      await settled(recorded);
    }
    const statuses = recorded.answers.slice(from).map(({ response }) => response.status);
    expect(storedState(live.memory, live.dir)).toEqual(before);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
