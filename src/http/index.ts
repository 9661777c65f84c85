// airq/http: the framework-free adapter core and its Fetch API shell. Web-standard APIs only,
// so it loads in browsers, workers, Deno and Bun; the node:http shell is `airq/http/node`.

export {
  type CounterStore,
  type CounterWindow,
  InMemoryCounterStore,
} from '../limits/counter-store.js';
export type { ErrorBody, ErrorCode } from './api-error.js';
export type { ApiKeyConfig } from './api-keys.js';
export type { ApiOptions } from './api-options.js';
export type {
  ApiLogger,
  CoreRequest,
  CoreResponse,
  GzipFunction,
  GzipOptions,
} from './core-request.js';
export { type Api, createApi } from './create-api.js';
export { createFetchHandler, type FetchHandler } from './fetch-handler.js';
export { webDeflateRaw, webGzip } from './json-body.js';
export type { DeflateRaw } from './spliced-gzip.js';
