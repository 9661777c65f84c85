// One case of the write-route fuzz sent over a raw TCP connection, so that the body can come
// chunked, with a Content-Length that lies, or not at all (test/http/live/write-fuzz.test.ts).
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { WriteFuzzCase } from './live-fuzz.js';

/**
 * How a case's body crosses the socket: with its length, in chunks, with a `Content-Length`
 * shorter than the body (the rest reads as a next request), or cut off by the client: the
 * connection destroyed (`abort`) or half-closed (`abort-end`) after a declared length it never
 * reaches, or chunk framing broken after the first chunk (`bad-chunk`).
 */
export type Transport = 'length' | 'chunked' | 'short-length' | 'abort' | 'abort-end' | 'bad-chunk';

/** The first answer read off the socket. */
export interface SocketAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly json: unknown;
}

/** A case with only the headers a socket can carry (printable ASCII values). */
export function socketSafe(request: WriteFuzzCase): WriteFuzzCase {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([, value]) => /^[\x20-\x7e]*$/.test(value)),
  );
  return { ...request, headers };
}

function parseFirstAnswer(raw: Buffer): SocketAnswer | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = raw.subarray(end + 4, end + 4 + length);
  const bytes = headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, json };
}

/**
 * Sends one case over a raw TCP connection and resolves with the first answer read before the
 * connection closed (`undefined` when none came). `chunkBytes` cuts a chunked body; `shortBy`
 * is how many bytes a lying `Content-Length` leaves out (at least 1).
 *
 * @example
 * await sendOverSocket(port, request, 'chunked', [3, 5], 1); // { status: 400, headers, json }
 */
export async function sendOverSocket(
  port: number,
  request: WriteFuzzCase,
  transport: Transport,
  chunkBytes: readonly number[],
  shortBy: number,
): Promise<SocketAnswer | undefined> {
  const body = Buffer.from(request.body);
  let head = `POST ${request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`;
  for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
  const pieces: Buffer[] = [];
  if (transport === 'chunked' || transport === 'bad-chunk') {
    head += 'Transfer-Encoding: chunked\r\n\r\n';
    let at = 0;
    for (const size of [...chunkBytes, body.length]) {
      const piece = body.subarray(at, at + Math.max(1, size));
      if (piece.length === 0) break;
      pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
      at += piece.length;
      if (transport === 'bad-chunk') break;
    }
    pieces.push(Buffer.from(transport === 'bad-chunk' ? 'zz\r\n' : '0\r\n\r\n'));
  } else {
    const declared =
      transport === 'short-length'
        ? Math.max(0, body.length - shortBy)
        : transport === 'length'
          ? body.length
          : body.length + shortBy;
    head += `Content-Length: ${declared}\r\n\r\n`;
    pieces.push(body);
  }
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', async () => {
      socket.write(head);
      for (const piece of pieces) {
        // A turn of the event loop between chunks, so that they tend to arrive apart.
        await new Promise((next) => setImmediate(next));
        if (!socket.destroyed) socket.write(piece);
      }
      if (transport === 'abort') socket.destroy();
      else if (transport === 'abort-end') socket.end();
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(parseFirstAnswer(Buffer.concat(received))));
  });
}
