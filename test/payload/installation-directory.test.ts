import { describe, expect, it } from 'vitest';
import type { Installation } from '../../src/model/api-types.js';
import { InstallationDirectory } from '../../src/payload/installation-directory.js';
import { FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';

/** A store whose `listActiveInstallations` answers only when the test says so. */
function gatedStore(initial: Installation[]) {
  const store = new FakeStore(initial);
  const gates: { resolve: (list: Installation[]) => void; reject: (e: Error) => void }[] = [];
  store.listActiveInstallations = () =>
    new Promise((resolve, reject) => {
      store.listActiveCalls++;
      gates.push({ resolve, reject });
    });
  return { store, gates };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('InstallationDirectory', () => {
  it('concurrent callers share one build; the id map matches the index', async () => {
    const a = fakeInstallation(1, 50, 20);
    const { store, gates } = gatedStore([a]);
    const directory = new InstallationDirectory(store);
    const first = directory.snapshot();
    const second = directory.snapshot();
    await flush();
    expect(gates).toHaveLength(1);
    gates[0]!.resolve([a]);
    const [s1, s2] = await Promise.all([first, second]);
    expect(s1.index).toBe(s2.index);
    expect(s1.index.nearest(50, 20).map((hit) => s1.byId.get(hit.id))).toEqual([a]);
    expect(directory.buildCount).toBe(1);
    await directory.snapshot();
    expect(store.listActiveCalls).toBe(1);
  });

  it('rebuilds after installationsVersion changes, once', async () => {
    const store = new FakeStore([fakeInstallation(1, 50, 20)]);
    const directory = new InstallationDirectory(store);
    await directory.snapshot();
    store.putInstallations([
      fakeInstallation(1, 50, 20, { removed: true }),
      fakeInstallation(2, 51, 21),
    ]);
    const { index, byId } = await directory.snapshot();
    await directory.snapshot();
    expect(index.size).toBe(1);
    expect([...byId.keys()]).toEqual([2]);
    expect(directory.buildCount).toBe(2);
    expect(store.listActiveCalls).toBe(2);
  });

  it('a failed build is not kept: the next call tries again', async () => {
    const a = fakeInstallation(1, 50, 20);
    const { store, gates } = gatedStore([a]);
    const directory = new InstallationDirectory(store);
    const failing = directory.snapshot();
    await flush();
    gates[0]!.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const retry = directory.snapshot();
    await flush();
    gates[1]!.resolve([a]);
    expect((await retry).byId.size).toBe(1);
  });

  it('an older build that finishes late never replaces a newer one', async () => {
    const a = fakeInstallation(1, 50, 20);
    const b = fakeInstallation(2, 50, 20.001);
    const { store, gates } = gatedStore([a]);
    const directory = new InstallationDirectory(store);
    const old = directory.snapshot();
    await flush();
    store.putInstallations([b]);
    const fresh = directory.snapshot();
    await flush();
    expect(gates).toHaveLength(2);
    gates[1]!.resolve([a, b]);
    expect((await fresh).byId.size).toBe(2);
    gates[0]!.resolve([a]);
    await old;
    const now = await directory.snapshot();
    expect(now.byId.size).toBe(2);
    expect(now.index.size).toBe(2);
    expect(store.listActiveCalls).toBe(2);
  });

  it('reports a store that does not return an array', async () => {
    const store = new FakeStore();
    // @ts-expect-error: deliberately wrong
    store.listActiveInstallations = async () => null;
    await expect(new InstallationDirectory(store).snapshot()).rejects.toThrow(
      'MeasurementStore.listActiveInstallations: must return an array, got object',
    );
  });
});
