import type { IncomingMessage } from 'node:http';
import { joinChunks } from '../../payload/json-parts.js';
import { ApiError } from '../api-error.js';
import { payloadTooLarge } from '../request-body.js';

/**
 * Reads a `node:http` request's body, as sent, for the core's `readBody`. A `Content-Length`
 * over `maxBytes` is refused before a byte is read; a body that grows past it (chunked) is
 * refused as soon as it does. Either way the rest is left to Node, which discards what the
 * client still sends once the answer is written, so a large upload costs no memory.
 *
 * @param request - the incoming request, not yet read
 * @param maxBytes - positive integer
 * @throws ApiError 413 (`payloadTooLarge`); ApiError 400 when the body ends early (the client
 *   went away or broke the chunked framing): nothing of it is used
 * @example
 * const bytes = await readNodeBody(request, 1_048_576);
 */
export function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(payloadTooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.byteLength;
      if (length > maxBytes) {
        detach();
        request.resume();
        reject(payloadTooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      resolve(joinChunks(chunks));
    };
    // A client that goes away or breaks the framing mid-body made a bad request, not the server
    // a failure: a 400 (which it may never read), never a 500 in the log.
    const onError = () => {
      detach();
      reject(new ApiError('MALFORMED_REQUEST', 'The request body ended before it was complete'));
    };
    // `close` before `end`: the client went away mid-body.
    const onClose = () => {
      if (!request.complete) onError();
    };
    function detach() {
      request.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    }
    request.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
