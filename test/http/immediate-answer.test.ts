// An adapter built by createApi answers without a promise whenever every port on the request's
// path can (in-memory counters, the node:crypto key digest, a cached or prepared body), and its
// node:http shell then writes the answer in the same turn. Any other Api keeps working through
// `handle`, with headers the shell may extend.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { CoreResponse } from '../../src/http/core-request.js';
import { type CounterStore, InMemoryCounterStore } from '../../src/http/counter-store.js';
import { type Api, createApi } from '../../src/http/create-api.js';
import { immediateAnswerOf } from '../../src/http/immediate-answer.js';
import { isPromise } from '../../src/http/maybe-promise.js';
import { createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { createSampleNetwork } from '../../src/sample/sample-network.js';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';

const META = coreRequest('/v2/meta/indexes', { headers: { apikey: 'k' } });

function adapter(): Api {
  return createApi({ service: createFakeService(), keys: ['k'], dayLimit: 10, minuteLimit: 10 });
}

describe('InMemoryCounterStore', () => {
  it('answers at once, with the counts themselves', () => {
    const store: CounterStore = new InMemoryCounterStore();
    const day = { name: 'day', startMs: 0, endMs: 86_400_000 };
    const counts = store.increment('a', [day], 0);
    expect(isPromise(counts)).toBe(false);
    expect(counts).toEqual([1]);
    expect(store.increment('a', [day], 0)).toEqual([2]);
  });
});

describe('immediateAnswerOf', () => {
  it("answers a createApi adapter's meta request at once, as handle does", async () => {
    const api = adapter();
    const answerNow = immediateAnswerOf(api);
    const now = answerNow(META);
    expect(isPromise(now)).toBe(false);
    const later = await api.handle(META);
    const settled = now as CoreResponse;
    expect(settled.status).toBe(200);
    expect(coreJson(settled)).toEqual(coreJson(later));
    // Both were counted, in order: the limits are the same store's.
    expect(settled.headers['X-RateLimit-Remaining-day']).toBe('9');
    expect(later.headers['X-RateLimit-Remaining-day']).toBe('8');
  });

  it('answers a cached measurement at once, plain and gzipped, with the same bytes as handle', async () => {
    const nowMs = Date.parse('2026-11-21T09:27:13.250Z');
    const network = createSampleNetwork({ now: nowMs });
    const api = createApi({
      service: createMeasurementsService({ store: network.store }),
      keys: ['k'],
      clock: () => nowMs,
      gzip: createNodeGzip(),
    });
    const answerNow = immediateAnswerOf(api);
    for (const encoding of [undefined, 'gzip']) {
      const request = coreRequest('/v2/measurements/point?lat=50.0614&lng=19.9366', {
        headers: {
          apikey: 'k',
          ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
        },
      });
      const first = await answerNow(request); // computes and caches (and deflates) the payload
      const second = answerNow(request);
      expect(isPromise(second)).toBe(false);
      expect((second as CoreResponse).body).toEqual(first.body);
      expect(coreJson(second as CoreResponse)).toEqual(coreJson(await api.handle(request)));
    }
  });

  it('answers refusals at once too, and never with a shared headers object', () => {
    const answerNow = immediateAnswerOf(adapter());
    const first = answerNow(coreRequest('/v2/meta/indexes')) as CoreResponse;
    const second = answerNow(coreRequest('/v2/meta/indexes')) as CoreResponse;
    expect(first.status).toBe(401);
    expect(first.headers).not.toBe(second.headers);
    expect(Object.isFrozen(first.headers)).toBe(false);
  });

  it('waits only where a port is asynchronous (a counter store in another process)', async () => {
    const local = new InMemoryCounterStore();
    const remote: CounterStore = {
      increment: async (clientId, windows) => local.increment(clientId, windows),
    };
    const api = createApi({ service: createFakeService(), keys: ['k'], counterStore: remote });
    const answer = immediateAnswerOf(api)(META);
    expect(isPromise(answer)).toBe(true);
    const settled = await answer;
    expect(settled.status).toBe(200);
    expect(settled.headers['X-RateLimit-Remaining-day']).toBe('99');
  });

  it('gives another Api answers whose headers the shell may extend', async () => {
    const frozen = Object.freeze({ 'Content-Type': 'application/json' });
    let joins = 0;
    const foreign: Api = {
      handle: async () => ({
        status: 200,
        headers: frozen,
        bodyChunks: [new Uint8Array([123]), new Uint8Array([125])],
        get body() {
          joins += 1;
          return new Uint8Array([123, 125]);
        },
      }),
    };
    const answer = await immediateAnswerOf(foreign)(META);
    (answer.headers as Record<string, string>)['Content-Length'] = '2';
    expect(frozen).toEqual({ 'Content-Type': 'application/json' });
    expect(answer.bodyChunks).toHaveLength(2);
    expect(joins).toBe(0);
    expect(answer.body).toEqual(new Uint8Array([123, 125]));
  });
});

describe('createNodeListener', () => {
  it('writes an answer that is there at once before the listener returns', () => {
    const written: unknown[] = [];
    const response = {
      headersSent: false,
      destroyed: false,
      writeHead: (status: number, headers: Record<string, string>) =>
        written.push(['head', status, headers['Content-Length']]),
      cork: () => undefined,
      write: (chunk: Uint8Array) => written.push(['write', chunk.byteLength]),
      end: (chunk?: Uint8Array) => written.push(['end', chunk?.byteLength]),
    } as unknown as ServerResponse;
    const request = {
      method: 'GET',
      url: '/v2/meta/indexes',
      headers: { apikey: 'k' },
      socket: {},
    } as unknown as IncomingMessage;
    createNodeListener(adapter())(request, response);
    const [head, ...rest] = written as [[string, number, string], ...[string, number][]];
    expect(head.slice(0, 2)).toEqual(['head', 200]);
    const sent = rest.reduce((sum, [, bytes]) => sum + bytes, 0);
    expect(Number(head[2])).toBe(sent);
    expect(rest.at(-1)?.[0]).toBe('end');
  });
});
