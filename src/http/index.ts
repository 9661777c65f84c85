export type { ErrorBody, ErrorCode, Violation } from './api-error.js';
export type { ApiKeyConfig } from './api-keys.js';
export type { ApiOptions } from './api-options.js';
export type {
  ApiLogger,
  ChunkedGzipFunction,
  CoreRequest,
  CoreResponse,
  GzipFunction,
  GzipOptions,
} from './core-request.js';
export { type CounterStore, type CounterWindow, InMemoryCounterStore } from './counter-store.js';
export { type Api, createApi } from './create-api.js';
export { createFetchHandler, type FetchHandler } from './fetch-handler.js';
export { respondToClientError } from './node-client-error.js';
export { createNodeGzip, type NodeGzipOptions } from './node-gzip.js';
export { createNodeListener, type NodeListener } from './node-listener.js';
