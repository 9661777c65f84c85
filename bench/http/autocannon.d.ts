// The part of autocannon's API that `npm run bench:http` and `npm run soak` use (the package
// ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      readonly url: string;
      readonly connections?: number;
      /** Seconds. */
      readonly duration?: number;
      readonly headers?: Readonly<Record<string, string>>;
      /** Seconds before a request counts as timed out (and as an error). */
      readonly timeout?: number;
      /** Requests per second over all connections; default as fast as answers come. */
      readonly overallRate?: number;
      /** Requests each connection sends in turn, over and over. */
      readonly requests?: readonly RequestSpec[];
    }
    interface RequestSpec {
      readonly method?: string;
      /** Path and query. */
      readonly path?: string;
      readonly headers?: Readonly<Record<string, string>>;
      onResponse?(status: number, body: string, context: object): void;
    }
    interface Result {
      /** `total` is the number of completed requests. */
      readonly requests: { readonly total: number; readonly average: number };
      /** Seconds, to 10 ms. */
      readonly duration: number;
      /** Connection errors and timeouts. */
      readonly errors: number;
      readonly timeouts: number;
      readonly non2xx: number;
      readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>;
    }
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
