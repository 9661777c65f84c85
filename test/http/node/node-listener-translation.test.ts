import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src/http/create-api.js';
import { createNodeListener, toCoreRequest } from '../../../src/http/node/node-listener.js';
import { rawJson, rawRequest, startTestServer } from '../../helpers/http-client.js';
import { createFakeService } from '../../helpers/http-fake-service.js';
import { KEY, keyed } from '../../helpers/http-socket-key.js';

// What the node listener itself does between node:http and an Api: writes an Api's answer as
// it is (shared frozen headers, body pieces), frames the 500 of an Api that rejects, points
// Location back through an Express mount path, and turns an IncomingMessage into a core request.
// Each test over a socket starts a server of its own; the shared one of node-listener.test.ts
// serves the API's behaviour, under the same describe title.

describe('node listener over a real socket', () => {
  it("writes another Api's shared, frozen headers on every answer and never changes them", async () => {
    const headers = Object.freeze({ 'Content-Type': 'application/json', 'X-Same': 'yes' });
    const pieces = [Uint8Array.of(0x7b), Uint8Array.of(0x7d)]; // '{' and '}'
    const own = await startTestServer({
      handle: async () => ({ status: 200, headers, body: null, bodyChunks: pieces }),
    });
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await rawRequest(own.port, '/anything', keyed());
        expect(answer.status).toBe(200);
        expect(answer.headers['x-same']).toBe('yes');
        expect(answer.headers['content-length']).toBe('2');
        expect(answer.body.toString()).toBe('{}');
      }
      expect(headers).toEqual({ 'Content-Type': 'application/json', 'X-Same': 'yes' });
    } finally {
      await own.close();
    }
  });

  it('answers the spec 500 body, framed, when the Api itself rejects', async () => {
    const failing = await startTestServer({ handle: () => Promise.reject(new Error('bug')) });
    try {
      const answer = await rawRequest(failing.port, '/v2/meta/indexes', keyed());
      expect(answer.status).toBe(500);
      expect(answer.headers['content-type']).toBe('application/json;charset=UTF-8');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers.vary).toBe('Accept-Encoding, Accept-Language');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
      expect(rawJson(answer)).toEqual({
        errorCode: 'INTERNAL_SERVER_ERROR',
        message: 'The server failed to answer this request.',
        details: {},
      });
    } finally {
      await failing.close();
    }
  });

  it('answers 500 when the Api throws before it returns a promise, and takes a plain answer', async () => {
    const throwing = await startTestServer({
      handle: () => {
        throw new Error('bug');
      },
    });
    const body = new TextEncoder().encode('{}');
    const plain = { status: 200, headers: { 'Content-Type': 'application/json' }, body };
    // Not a promise, against the type: still written, as a promise of it would be.
    const synchronous = await startTestServer({ handle: () => plain as never });
    try {
      const failed = await rawRequest(throwing.port, '/v2/meta/indexes', keyed());
      expect(failed.status).toBe(500);
      expect(rawJson(failed)).toMatchObject({ errorCode: 'INTERNAL_SERVER_ERROR' });
      const answered = await rawRequest(synchronous.port, '/v2/meta/indexes', keyed());
      expect(answered.status).toBe(200);
      expect(rawJson(answered)).toEqual({});
    } finally {
      await throwing.close();
      await synchronous.close();
    }
  });

  it('points Location back through an Express-style mount path', async () => {
    const listener = createNodeListener(createApi({ service: createFakeService(), keys: [KEY] }));
    const mounted = createServer(
      (request: IncomingMessage & { originalUrl?: string }, response) => {
        request.originalUrl = request.url ?? '';
        request.url = (request.url ?? '').replace(/^\/airq/, '');
        listener(request, response);
      },
    );
    await new Promise<void>((resolve) => mounted.listen(0, '127.0.0.1', resolve));
    const { port } = mounted.address() as AddressInfo;
    try {
      const answer = await rawRequest(port, '/airq/v2/installations/2?k=v', keyed());
      expect(answer.headers.location).toBe(`http://127.0.0.1:${port}/airq/v2/installations/3?k=v`);
    } finally {
      mounted.closeAllConnections();
      await new Promise((resolve) => mounted.close(resolve));
    }
  });
});

describe('toCoreRequest', () => {
  it('splits origin-form and absolute-form targets and joins repeated headers', () => {
    const base = {
      method: 'GET',
      headers: { host: 'h:1', 'x-a': ['1', '2'] },
      socket: {},
    } as unknown as IncomingMessage;
    const { method, path, query, headers, baseUrl } = toCoreRequest({
      ...base,
      url: '/v2/x?a=1',
    } as IncomingMessage);
    expect({ method, path, query, headers, baseUrl }).toEqual({
      method: 'GET',
      path: '/v2/x',
      query: 'a=1',
      headers: { host: 'h:1', 'x-a': '1, 2' },
      baseUrl: 'http://h:1',
    });
    expect(toCoreRequest({ ...base, url: 'http://other/v2/y?b' } as IncomingMessage)).toMatchObject(
      { path: '/v2/y', query: 'b' },
    );
    expect(toCoreRequest({ ...base, url: '*' } as IncomingMessage)).toMatchObject({
      path: '*',
      query: '',
    });
  });

  it('reads baseUrl from Host, TLS and an Express mount path', () => {
    const headers = { host: 'api.example.org', apikey: 'k' };
    const request = {
      method: 'GET',
      url: '/v2/installations/3?x=1',
      originalUrl: '/airq/v2/installations/3?x=1',
      headers,
      socket: { encrypted: true },
    } as unknown as IncomingMessage;
    const core = toCoreRequest(request);
    expect(core.headers.apikey).toBe('k');
    expect(core.baseUrl).toBe('https://api.example.org/airq');
    const bad = toCoreRequest({ ...request, headers: { host: 'evil/path' } } as IncomingMessage);
    expect(bad.baseUrl).toBeUndefined();
  });
});
