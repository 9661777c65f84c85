import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/http-client.js';
import { type LiveApi, openLiveApi, WRITE_KEY } from '../../helpers/live-api.js';

// Bodies through the node:http listener: a Content-Length over --max-body is refused before a
// byte is read, a chunked body as soon as it passes the limit, and the connection serves the
// next request; an Accept that rules out JSON is a 406 before the body is read.

const PATH = '/v2/airq/samples';
const row = (minute: number) => ({
  installationId: 1001,
  name: 'PM25',
  timestamp: `2026-11-21T09:${String(minute).padStart(2, '0')}:00Z`,
  value: 1,
});

let live: LiveApi;
let server: TestServer;
beforeAll(async () => {
  live = await openLiveApi({ maxBodyBytes: 400 });
  server = await startTestServer(live.api);
});
afterAll(async () => {
  await server.close();
  await live.close();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${PATH}`, {
    method: 'POST',
    headers: { apikey: WRITE_KEY, 'content-type': 'application/json', ...headers },
    body,
  });

describe('write bodies over node:http', () => {
  it('413 for a declared length over the limit, and for a chunked body that grows past it', async () => {
    const large = JSON.stringify(Array.from({ length: 20 }, (_, i) => row(i)));
    expect(large.length).toBeGreaterThan(400);
    const declared = await post(large);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      errorCode: 'PAYLOAD_TOO_LARGE',
      details: { maxBytes: 400 },
    });
    const chunked = await fetch(`${server.origin}${PATH}`, {
      method: 'POST',
      headers: { apikey: WRITE_KEY, 'content-type': 'application/json' },
      body: new Blob([large]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(live.memory.sampleCount).toBe(0);
    const small = await post(JSON.stringify([row(1)]));
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ accepted: 1, rejected: [] });
  });

  it('406 for an Accept without JSON, with nothing stored', async () => {
    const answer = await post(JSON.stringify([row(2)]), { accept: 'text/html' });
    expect(answer.status).toBe(406);
    expect(live.memory.sampleCount).toBe(1);
  });
});
