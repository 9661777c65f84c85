import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';

describe('InMemoryStore installations', () => {
  it('finds active, replaced (chain end) and missing installations', async () => {
    const store = new InMemoryStore([
      installation(1, { successorId: 2 }),
      installation(2, { successorId: 3, removed: true }),
      installation(3),
      installation(4, { removed: true }),
    ]);
    expect(await store.findInstallation(3)).toEqual({
      status: 'active',
      installation: installation(3),
    });
    expect(await store.findInstallation(1)).toEqual({
      status: 'replaced',
      installation: installation(1),
      successorId: 3,
    });
    expect(await store.findInstallation(2)).toMatchObject({ status: 'replaced', successorId: 3 });
    expect(await store.findInstallation(4)).toEqual({ status: 'missing' });
    expect(await store.findInstallation(99)).toEqual({ status: 'missing' });
    expect(await store.findInstallation(1.5)).toEqual({ status: 'missing' });
  });

  it('lists only active installations, by id, spec-shaped and frozen', async () => {
    const store = new InMemoryStore([
      installation(9),
      installation(2, { successorId: 9 }),
      installation(5),
      installation(7, { removed: true }),
    ]);
    const list = await store.listActiveInstallations();
    expect(list.map((i) => i.id)).toEqual([5, 9]);
    expect(list[0]).toEqual(installation(5));
    expect(Object.isFrozen(list)).toBe(true);
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

  it('keeps its own copy of the installations', async () => {
    const mine = installation(1);
    const store = new InMemoryStore([mine]);
    (mine.sponsor as { name: string }).name = 'changed';
    expect((await store.listActiveInstallations())[0]?.sponsor.name).toBe('Test sponsor');
  });

  it('puts installations at run time and bumps installationsVersion', async () => {
    const store = new InMemoryStore([installation(1), installation(2)]);
    expect(store.installationsVersion).toBe(0);
    store.putInstallations([installation(3)]);
    expect(store.installationsVersion).toBe(1);
    expect((await store.listActiveInstallations()).map((i) => i.id)).toEqual([1, 2, 3]);

    store.putInstallations([
      installation(1, { successorId: 3 }),
      installation(2, { removed: true }),
    ]);
    expect(store.installationsVersion).toBe(2);
    expect((await store.listActiveInstallations()).map((i) => i.id)).toEqual([3]);
    expect(await store.findInstallation(1)).toMatchObject({ status: 'replaced', successorId: 3 });
    expect(await store.findInstallation(2)).toEqual({ status: 'missing' });
  });

  it('changes nothing when a put would break the replacement data', async () => {
    const store = new InMemoryStore([installation(1), installation(2, { successorId: 1 })]);
    expect(() => store.putInstallations([installation(1, { successorId: 2 })])).toThrow(
      /InMemoryStore.putInstallations: invalid installations: replacement cycle 1 → 2 → 1/,
    );
    expect(() => store.putInstallations([installation(3, { successorId: 4 })])).toThrow(
      /successor 4/,
    );
    expect(() => store.putInstallations([installation(5), installation(5)])).toThrow(
      /5 appears more than once/,
    );
    expect(store.installationsVersion).toBe(0);
    expect(await store.findInstallation(1)).toMatchObject({ status: 'active' });
    expect(await store.findInstallation(3)).toEqual({ status: 'missing' });
  });

  it('keeps the samples of an installation across puts', async () => {
    const store = new InMemoryStore([installation(1)]);
    const hour = hourOf21November(9);
    store.ingest([{ installationId: 1, name: 'PM10', atMs: hour.fromMs, value: 30 }]);
    store.putInstallations([installation(1, { removed: true })]);
    expect(await store.windowAverages(1, [hour])).toEqual([{ PM10: 30 }]);
  });

  it('throws a TypeError for an id that is not a number', async () => {
    const store = new InMemoryStore([]);
    await expect(store.findInstallation('1' as never)).rejects.toThrow(
      new TypeError('InMemoryStore.findInstallation: id must be a number, got "1"'),
    );
  });
});
