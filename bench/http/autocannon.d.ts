// The part of autocannon's API that `npm run bench:http` uses (the package ships no types).
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
