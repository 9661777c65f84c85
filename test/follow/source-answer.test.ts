// How every followed source reads an answer: the wait of Retry-After (RFC 9110 §10.2.3:
// delay-seconds or an HTTP-date), a status outside 2xx refused with that wait and its body
// drained, and a body read whole, within a size limit, or refused as a PollFailure.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PollFailure } from '../../src/follow/followed-batch.js';
import {
  checkAnswerStatus,
  readJsonAnswer,
  readTextAnswer,
  retryAfterMs,
} from '../../src/follow/source-answer.js';

const NOW = Date.UTC(2026, 11, 2, 7, 0, 0);

// A body from chunks; `fail` errors the stream after them (a connection cut short). Records
// whether the reader cancelled it.
function streamed(chunks: readonly string[], fail?: Error) {
  const state = { cancelled: false };
  const bytes = chunks.map((chunk) => new TextEncoder().encode(chunk));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = bytes.shift();
      if (next !== undefined) controller.enqueue(next);
      else if (fail !== undefined) controller.error(fail);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

async function failureOf(promise: Promise<unknown>): Promise<PollFailure> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PollFailure)) throw new Error(`not a PollFailure: ${String(error)}`);
  return error;
}

describe('retryAfterMs', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(' 7 ', NOW)).toBe(7000);
    expect(retryAfterMs('0', NOW)).toBe(0);
  });

  it('reads an HTTP date from the data clock, a past one as no wait', () => {
    expect(retryAfterMs('Wed, 02 Dec 2026 07:01:30 GMT', NOW)).toBe(90_000);
    expect(retryAfterMs('Wed, 02 Dec 2026 06:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:01:00 GMT', 0)).toBe(60_000);
  });

  it('gives undefined when the header is absent, blank or unreadable', () => {
    for (const header of [null, undefined, '', '   ', 'soon', '120s', '1.5', '-5']) {
      expect(retryAfterMs(header, NOW)).toBeUndefined();
    }
  });
});

describe('checkAnswerStatus', () => {
  it('lets any 2xx through', async () => {
    for (const status of [200, 203, 206, 299]) {
      await expect(checkAnswerStatus('OpenAQ', new Response('{}', { status }), NOW)).resolves.toBe(
        undefined,
      );
    }
  });

  it("refuses any other status, naming the source and status, with the answer's wait", async () => {
    const { body, state } = streamed(['{"detail":"Too many requests"}', 'x'.repeat(100)]);
    const limited = new Response(body, {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'retry-after': '30' },
    });
    const failure = await failureOf(checkAnswerStatus('OpenAQ', limited, NOW));
    expect([failure.message, failure.retryAfterMs]).toEqual([
      'OpenAQ answered 429 Too Many Requests',
      30_000,
    ]);
    // The refused body is drained, so that its connection can be reused.
    expect(state.cancelled).toBe(true);

    const unavailable = new Response('', {
      status: 503,
      headers: { 'Retry-After': 'Wed, 02 Dec 2026 07:10:00 GMT' },
    });
    const later = await failureOf(checkAnswerStatus('PurpleAir', unavailable, NOW));
    expect([later.message, later.retryAfterMs]).toEqual(['PurpleAir answered 503', 600_000]);

    for (const [status, statusText] of [
      [402, 'Payment Required'],
      [404, ''],
      [500, 'Internal Server Error'],
      [304, ''],
    ] as const) {
      const failure = await failureOf(
        checkAnswerStatus('PurpleAir', new Response(null, { status, statusText }), NOW),
      );
      const expected = `PurpleAir answered ${status}${statusText === '' ? '' : ` ${statusText}`}`;
      expect([failure.message, failure.retryAfterMs]).toEqual([expected, undefined]);
    }
  });
});

describe('readTextAnswer and readJsonAnswer', () => {
  it('read a body whole across chunks, a character split between two of them included', async () => {
    const bytes = new TextEncoder().encode('{"city":"Kraków"}');
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "ó"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    await expect(readJsonAnswer('OpenAQ', new Response(body), 1000)).resolves.toEqual({
      city: 'Kraków',
    });
    await expect(readTextAnswer('OpenAQ', new Response(null), 1000)).resolves.toBe('');
  });

  it('accepts a body of exactly the limit and refuses one byte more, cancelling the read', async () => {
    await expect(readTextAnswer('S', new Response(streamed(['ab', 'cd']).body), 4)).resolves.toBe(
      'abcd',
    );
    const { body, state } = streamed(['ab', 'cd', 'e', 'never read']);
    const failure = await failureOf(readTextAnswer('Sensor.Community', new Response(body), 4));
    expect(failure.message).toBe('Sensor.Community: the answer is larger than 4 bytes');
    expect(state.cancelled).toBe(true);
  });

  it('refuses a body cut short, and one that is not UTF-8', async () => {
    const cut = streamed(['{"results":[{"id":1'], new TypeError('terminated'));
    const failure = await failureOf(readJsonAnswer('OpenAQ', new Response(cut.body), 1000));
    expect(failure.message).toBe('OpenAQ: the answer could not be read whole (terminated)');

    const latin1 = new Response(new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const notUtf8 = await failureOf(readTextAnswer('OpenAQ', latin1, 1000));
    expect(notUtf8.message).toMatch(/^OpenAQ: the answer could not be read whole \(/);
  });

  it('refuses a body that is not JSON, a truncated one included', async () => {
    for (const text of ['', '{"results":[', '<html>502 Bad Gateway</html>']) {
      const failure = await failureOf(readJsonAnswer('PurpleAir', new Response(text), 1000));
      expect(failure.message).toMatch(/^PurpleAir: the answer is not JSON \(/);
    }
  });
});

describe('a real connection closed before its Content-Length', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"data":[[1,', () => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sensors`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is a PollFailure while the body is read, with nothing of it returned', async () => {
    const answer = await fetch(url);
    await checkAnswerStatus('PurpleAir', answer, NOW);
    const failure = await failureOf(readJsonAnswer('PurpleAir', answer, 1_000_000));
    expect(failure.message).toMatch(/^PurpleAir: the answer could not be read whole \(/);
  });
});
