export {
  ApiError,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  invalidRequest,
  type Violation,
} from './api-error.js';
export {
  type ApiKeyConfig,
  createKeyRing,
  type KeyRing,
  type KeyRingOptions,
  type PresentedKey,
  parseKeyList,
  presentedKey,
} from './api-keys.js';
export { type ApiOptions, type ResolvedApiOptions, resolveApiOptions } from './api-options.js';
export { ChunkGzip, KEPT_PIECE_MIN_BYTES, type PieceCompressor } from './chunk-gzip.js';
export { acceptsGzip, acceptsJson, parseQualityList } from './content-negotiation.js';
export type {
  ApiLogger,
  ChunkedGzipFunction,
  CoreRequest,
  CoreResponse,
  GzipFunction,
  GzipOptions,
} from './core-request.js';
export {
  ALLOWED_METHODS,
  ALLOWED_REQUEST_HEADERS,
  CORS_HEADERS,
  EXPOSED_RESPONSE_HEADERS,
  PREFLIGHT_HEADERS,
  PREFLIGHT_MAX_AGE_SECONDS,
} from './cors.js';
export { type CounterStore, type CounterWindow, InMemoryCounterStore } from './counter-store.js';
export { crc32Combine, crc32ShiftOperator } from './crc32-combine.js';
export { type Api, createApi } from './create-api.js';
export { type MappedError, mapError } from './error-mapper.js';
export { createFetchHandler, type FetchHandler, toCoreRequestFromFetch } from './fetch-handler.js';
export {
  FINAL_EMPTY_BLOCK,
  GZIP_HEADER,
  gzipTrailer,
  MAX_STORED_BLOCK_BYTES,
  storedBlocks,
} from './gzip-members.js';
export {
  encodeJson,
  gzipJson,
  JSON_CONTENT_TYPE,
  jsonResponse,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  prepareJson,
  webGzip,
} from './json-body.js';
export { nodeSha256Hex, type Sha256Hex, webSha256Hex } from './key-digest.js';
export { respondToClientError } from './node-client-error.js';
export { createNodeGzip, type NodeGzipOptions } from './node-gzip.js';
export { createNodeListener, type NodeListener, toCoreRequest } from './node-listener.js';
export { parseDecimal, parseSafeInteger, readQueryParams } from './query-params.js';
export {
  type ClientLimits,
  DEFAULT_DAY_LIMIT,
  DEFAULT_MINUTE_LIMIT,
  limitWindows,
  type RateLimitDecision,
  rateLimitHeaders,
  takeRequest,
  type WindowState,
} from './rate-limiter.js';
export { loggableUrl, requestBaseUrl, rewriteQuery } from './request-url.js';
export { matchRoute, ROUTES, type Route } from './routes.js';
