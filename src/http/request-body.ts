import { joinChunks } from '../payload/json-parts.js';
import { ApiError } from './api-error.js';
import type { CoreRequest } from './core-request.js';

// The body of a write request, read as a runtime-independent text: the media type checked
// (415), the size bounded before and after decompression (413), gzip undone with the Web
// `DecompressionStream` that every runtime of the core has, and the bytes decoded as strict
// UTF-8 (400). Nothing here knows what the text says: the routes parse it.

/** Default `maxBodyBytes` of `createApi` (and `--max-body`): 1 MiB, after decompression too. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A body the adapter could read: its text and its media type (lower case, no parameters). */
export interface RequestText {
  readonly text: string;
  readonly mediaType: string;
}

/**
 * The 413 of a body over `maxBytes` (as sent, or once decompressed).
 *
 * @example
 * payloadTooLarge(1024).status; // 413
 */
export function payloadTooLarge(maxBytes: number): ApiError {
  const message = `The request body is larger than ${maxBytes} bytes`;
  return new ApiError('PAYLOAD_TOO_LARGE', message, { maxBytes });
}

/**
 * Reads a byte stream whole, rejecting with {@link payloadTooLarge} (and cancelling the stream)
 * once it passes `maxBytes`.
 *
 * @example
 * await readLimitedStream(new Blob(['abc']).stream(), 10); // Uint8Array [97, 98, 99]
 */
export async function readLimitedStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return joinChunks(chunks);
}

function malformed(message: string): ApiError {
  return new ApiError('MALFORMED_REQUEST', message);
}

// The media type of a `Content-Type` value: `text/csv; charset=utf-8` is `text/csv`.
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

async function gunzipLimited(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const compressed = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  const stream = compressed.pipeThrough(new DecompressionStream('gzip'));
  try {
    return await readLimitedStream(stream, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw malformed('The request body is not valid gzip');
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Reads the body of a write request: its `Content-Type` must be one of `mediaTypes` (else 415),
 * its `Content-Encoding` `gzip` or `identity` (else 415); at most `maxBytes` as sent and once
 * decompressed (else 413); gzip that does not decompress and text that is not UTF-8 are 400.
 *
 * @param request - the core request (without `readBody`, the body is empty)
 * @param mediaTypes - accepted media types, lower case, e.g. `['text/csv', 'application/json']`
 * @param maxBytes - positive integer
 * @throws ApiError 400, 413 or 415
 * @example
 * await readRequestText(request, ['application/json'], 1_048_576); // { text: '[…]', mediaType: 'application/json' }
 */
export async function readRequestText(
  request: CoreRequest,
  mediaTypes: readonly string[],
  maxBytes: number,
): Promise<RequestText> {
  const contentType = request.headers['content-type'];
  const mediaType = mediaTypeOf(contentType);
  if (!mediaTypes.includes(mediaType)) {
    const message = `Send the body as ${mediaTypes.join(' or ')}`;
    const details = { contentType: contentType ?? null, accepted: mediaTypes };
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', message, details);
  }
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'gzip' && encoding !== 'identity') {
    const message = 'Only gzip (or no Content-Encoding) is accepted';
    const details = { contentEncoding: encoding, accepted: ['gzip', 'identity'] };
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', message, details);
  }
  const sent =
    request.readBody === undefined ? new Uint8Array(0) : await request.readBody(maxBytes);
  const bytes = encoding === 'gzip' ? await gunzipLimited(sent, maxBytes) : sent;
  try {
    return { text: UTF8.decode(bytes), mediaType };
  } catch {
    throw malformed('The request body is not valid UTF-8');
  }
}
