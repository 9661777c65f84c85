import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src/http/create-api.js';
import { respondToClientError } from '../../../src/http/node/node-client-error.js';
import { createNodeListener } from '../../../src/http/node/node-listener.js';
import { createFakeService } from '../../helpers/http-fake-service.js';

let server: Server;
let port: number;

beforeAll(async () => {
  const api = createApi({ service: createFakeService(), keys: ['k'] });
  // Short timeouts, checked often, so the 408 case runs in well under a second.
  server = createServer(
    { headersTimeout: 300, requestTimeout: 400, connectionsCheckingInterval: 50 },
    createNodeListener(api),
  );
  server.on('clientError', respondToClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

/** Sends raw bytes (optionally never finishing the request) and collects the whole answer. */
function exchange(raw: string): Promise<{ status: number; headers: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        headers: head,
        body: body === '' ? undefined : JSON.parse(body),
      });
    });
  });
}

describe('respondToClientError', () => {
  it('answers a request Node cannot parse with a JSON 400', async () => {
    const answer = await exchange('get /v2/meta/indexes HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('Content-Type: application/json;charset=UTF-8');
    expect(answer.headers).toContain('Access-Control-Allow-Origin: *');
    expect(answer.body).toEqual({
      errorCode: 'MALFORMED_REQUEST',
      message: 'The request is not valid HTTP',
      details: {},
    });
  });

  it('answers oversized headers with a JSON 431', async () => {
    const answer = await exchange(
      `GET /v2/meta/indexes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect((answer.body as { errorCode: string }).errorCode).toBe('HEADERS_TOO_LARGE');
  });

  it('answers a client that never finishes its headers with a JSON 408 and closes', async () => {
    const answer = await exchange('GET /v2/meta/indexes HTTP/1.1\r\nHost: x\r\n');
    expect(answer.status).toBe(408);
    expect((answer.body as { errorCode: string }).errorCode).toBe('REQUEST_TIMEOUT');
  });
});
