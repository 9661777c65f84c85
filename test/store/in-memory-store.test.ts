// What only the in-memory store has: installations given to the constructor. Everything the
// port promises is in the contract suite (measurement-store-contract.test.ts), run against
// every store.
import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { installation } from '../helpers/store-fixtures.js';

describe('InMemoryStore constructor', () => {
  it('takes the installations and answers for them', async () => {
    const store = new InMemoryStore([installation(1, { successorId: 2 }), installation(2)]);
    expect(await store.findInstallation(1)).toMatchObject({ status: 'replaced', successorId: 2 });
    expect(store.installationsVersion).toBe(0);
  });

  it('rejects a replacement cycle, naming the ids', () => {
    expect(
      () =>
        new InMemoryStore([
          installation(1, { successorId: 2 }),
          installation(2, { successorId: 1 }),
        ]),
    ).toThrow(new RangeError('InMemoryStore: invalid installations: replacement cycle 1 → 2 → 1'));
  });

  it('rejects a successor that does not exist, naming both ids', () => {
    expect(() => new InMemoryStore([installation(1, { successorId: 5 })])).toThrow(
      /InMemoryStore: invalid installations: installation 1 names successor 5, which does not exist/,
    );
  });

  it('rejects invalid installation fields with position and field', () => {
    const bad = { ...installation(1), elevation: 'high' } as never;
    expect(() => new InMemoryStore([installation(2), bad])).toThrow(
      new TypeError(
        'InMemoryStore: invalid installations: installations[1].elevation must be a finite number of metres, got "high"',
      ),
    );
    expect(() => new InMemoryStore('x' as never)).toThrow(TypeError);
  });

  it('rejects a retention that is not a positive number of milliseconds', () => {
    expect(() => new InMemoryStore([], { retentionMs: 0 })).toThrow(/options.retentionMs .* got 0/);
    expect(() => new InMemoryStore([], { retentionMs: Number.NaN })).toThrow(RangeError);
  });

  it('counts puts from 0, one per successful put', () => {
    const store = new InMemoryStore([installation(1)]);
    store.putInstallations([installation(2)]);
    expect(() => store.putInstallations([installation(3, { successorId: 9 })])).toThrow(RangeError);
    expect(store.installationsVersion).toBe(1);
  });
});
