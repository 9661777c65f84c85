import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPromise, recover, whenReady } from '../../src/http/maybe-promise.js';

const RUNS = { numRuns: 1000 };

describe('isPromise', () => {
  it('tells promises and thenables from every other value', () => {
    expect(isPromise(Promise.resolve(1))).toBe(true);
    // biome-ignore lint/suspicious/noThenProperty: a foreign thenable is what this checks
    const thenable = { then: () => undefined };
    expect(isPromise(thenable)).toBe(true);
    // biome-ignore lint/suspicious/noThenProperty: and a `then` that is not a function
    const notThenable = { then: 1 };
    for (const value of [1, 'x', null, undefined, {}, notThenable, [], () => 1]) {
      expect(isPromise(value)).toBe(false);
    }
  });
});

describe('whenReady', () => {
  it('runs the next step at once on a value, and after settling on a promise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.integer(), async (value, offset) => {
        const next = (ready: number) => ready + offset;
        // At once: the result is the plain value, not a promise.
        expect(whenReady(value, next)).toBe(value + offset);
        const later = whenReady(Promise.resolve(value), next);
        expect(isPromise(later)).toBe(true);
        expect(await later).toBe(value + offset);
      }),
      RUNS,
    );
  });

  it('throws at once for a value and rejects for a promise', async () => {
    const boom = () => {
      throw new Error('boom');
    };
    expect(() => whenReady(1, boom)).toThrow('boom');
    await expect(whenReady(Promise.resolve(1), boom)).rejects.toThrow('boom');
    await expect(whenReady(Promise.reject(new Error('early')), boom)).rejects.toThrow('early');
  });
});

describe('recover', () => {
  it('turns a throw now and a rejection later into the same answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.boolean(), async (message, later) => {
        const work = () => {
          if (later) return Promise.reject(new Error(message));
          throw new Error(message);
        };
        const answer = recover<string>(work, (thrown) => `handled ${(thrown as Error).message}`);
        expect(isPromise(answer)).toBe(later);
        expect(await answer).toBe(`handled ${message}`);
      }),
      RUNS,
    );
  });

  it('passes a success through untouched, at once when it was there at once', async () => {
    const onError = () => -1;
    expect(recover(() => 7, onError)).toBe(7);
    expect(await recover(() => Promise.resolve(7), onError)).toBe(7);
  });
});
