import type { Duplex } from 'node:stream';
import { ApiError, type ErrorCode } from '../api-error.js';
import { CORS_HEADERS } from '../cors.js';
import { framedErrorResponse } from '../error-mapper.js';

const REASONS: Readonly<Record<number, string>> = Object.freeze({
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
});

function errorFor(code: unknown): ApiError {
  const [errorCode, message]: [ErrorCode, string] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['REQUEST_TIMEOUT', 'The request did not arrive in time']
      : code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'The request headers are too large']
        : ['MALFORMED_REQUEST', 'The request is not valid HTTP'];
  return new ApiError(errorCode, message);
}

/**
 * A `clientError` handler for a `node:http` server: requests that Node's parser rejects before
 * the listener sees them (a lower-case method, a broken request line, headers too large, a
 * request that timed out) get the spec's JSON error body instead of Node's empty one, and the
 * connection is closed.
 *
 * @example
 * server.on('clientError', respondToClientError);
 */
export function respondToClientError(error: Error & { code?: unknown }, socket: Duplex): void {
  // A reset peer, or a response already under way, leaves nothing sensible to write.
  const busy =
    (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent ===
    true;
  if (error.code === 'ECONNRESET' || !socket.writable || busy) {
    socket.destroy();
    return;
  }
  const answer = framedErrorResponse(errorFor(error.code), {
    ...CORS_HEADERS,
    Connection: 'close',
  });
  const head = Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    Buffer.concat([
      Buffer.from(`HTTP/1.1 ${answer.status} ${REASONS[answer.status]}\r\n${head}\r\n`),
      answer.body,
    ]),
  );
}
