import type { CoreRequest, CoreResponse } from './core-request.js';
import type { Api } from './create-api.js';
import type { MaybePromise } from './maybe-promise.js';

// An adapter core's shells (node:http, Fetch) live in this package and know the adapters that
// `createApi` built: those answer without a promise when they can. A WeakMap keeps that out of
// the public `Api` type and lets an adapter that is dropped be collected.

/** Answers a request at once, or with a promise when a port on its path is asynchronous. */
export type ImmediateAnswer = (request: CoreRequest) => MaybePromise<CoreResponse>;

const immediateAnswers = new WeakMap<Api, ImmediateAnswer>();

/**
 * Records how `createApi`'s `api` answers without a promise; only `createApi` calls it.
 *
 * @example
 * registerImmediateAnswer(api, answerLogged);
 */
export function registerImmediateAnswer(api: Api, answer: ImmediateAnswer): void {
  immediateAnswers.set(api, answer);
}

/**
 * How a runtime shell of this package answers with `api`: an adapter built by `createApi`
 * answers at once when every port on the request's path does (a cached body, in-memory
 * counters), and each of its answers has a headers object of its own, to which the shell may
 * add its framing (`Content-Length`). Any other `Api` answers through `handle`.
 *
 * @example
 * const answerNow = immediateAnswerOf(api);
 * const response = answerNow(request); // a CoreResponse, or a promise of one
 */
export function immediateAnswerOf(api: Api): ImmediateAnswer {
  const own = immediateAnswers.get(api);
  if (own !== undefined) return own;
  return async (request) => withOwnHeaders(await api.handle(request));
}

/**
 * `response` with a headers object of its own (another Api's headers may be shared or
 * frozen). The body is still read from `response`, so a lazily joined one stays lazy.
 *
 * @example
 * withOwnHeaders(response).headers !== response.headers; // true
 */
export function withOwnHeaders(response: CoreResponse): CoreResponse {
  return new OwnHeadersResponse(response);
}

class OwnHeadersResponse implements CoreResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly bodyChunks?: readonly Uint8Array[];
  readonly #source: CoreResponse;

  constructor(source: CoreResponse) {
    this.status = source.status;
    this.headers = { ...source.headers };
    if (source.bodyChunks !== undefined) this.bodyChunks = source.bodyChunks;
    this.#source = source;
  }

  get body(): Uint8Array | null {
    return this.#source.body;
  }
}
