import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPromise, recover, whenReady } from '../../src/http/maybe-promise.js';
import { RUNS } from '../helpers/property-runs.js';

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

// The third argument lets one function declared once continue any request: it must reach the
// step unchanged (the same object, not a copy), now or after the promise settles.
describe('whenReady and recover with an argument', () => {
  it('whenReady hands the same argument to the next step, at once or later', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.integer(), fc.boolean(), async (value, step, later) => {
        const arg = { step };
        const seen: unknown[] = [];
        const next = (ready: number, given: { step: number }) => {
          seen.push(given);
          return ready + given.step;
        };
        const answer = whenReady(later ? Promise.resolve(value) : value, next, arg);
        expect(isPromise(answer)).toBe(later);
        expect(await answer).toBe(value + step);
        expect(seen).toHaveLength(1);
        expect(seen[0]).toBe(arg);
      }),
      RUNS,
    );
    // Without one, the step gets undefined.
    expect(whenReady(2, (n, arg: undefined) => [n, arg])).toEqual([2, undefined]);
  });

  it('recover hands the same argument to the work and to the failure, for every outcome', async () => {
    const outcome = fc.constantFrom('value', 'promise', 'throw', 'reject');
    await fc.assert(
      fc.asyncProperty(outcome, fc.integer(), async (kind, id) => {
        const arg = { id };
        const toWork: unknown[] = [];
        const toError: unknown[] = [];
        const work = (given: { id: number }) => {
          toWork.push(given);
          if (kind === 'value') return given.id;
          if (kind === 'promise') return Promise.resolve(given.id);
          if (kind === 'throw') throw new Error('now');
          return Promise.reject(new Error('later'));
        };
        const onError = (thrown: unknown, given: { id: number }) => {
          toError.push(given);
          return -given.id - (thrown instanceof Error ? 1 : 2);
        };
        const answer = recover(work, onError, arg);
        expect(isPromise(answer)).toBe(kind === 'promise' || kind === 'reject');
        const failed = kind === 'throw' || kind === 'reject';
        expect(await answer).toBe(failed ? -id - 1 : id);
        expect(toWork).toEqual([arg]);
        expect(toWork[0]).toBe(arg);
        expect(toError).toHaveLength(failed ? 1 : 0);
        if (failed) expect(toError[0]).toBe(arg);
      }),
      RUNS,
    );
  });

  it('a failure of the next step of whenReady reaches recover with the argument', async () => {
    const arg = { name: 'exchange' };
    const boom = (_: number, given: { name: string }): string => {
      throw new Error(given.name);
    };
    const handled = (thrown: unknown, given: { name: string }) =>
      `${(thrown as Error).message} ${given.name}`;
    expect(recover((given) => whenReady(1, boom, given), handled, arg)).toBe('exchange exchange');
    const later = recover((given) => whenReady(Promise.resolve(1), boom, given), handled, arg);
    expect(await later).toBe('exchange exchange');
  });
});
