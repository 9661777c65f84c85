import type { Installation } from '../../src/model/api-types.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import type { InstallationLookup, MeasurementStore } from '../../src/store/measurement-store.js';
import type { TimeWindow } from '../../src/time/windows.js';

/** An installation of the fake store, with the store's replacement fields. */
export interface FakeInstallation extends Installation {
  readonly successorId?: number;
  readonly removed?: boolean;
}

/** One sample of the fake store. */
export interface FakeSample {
  readonly installationId: number;
  readonly name: string;
  readonly atMs: number;
  readonly value: number;
}

/**
 * A tiny {@link MeasurementStore} for payload tests, independent of the real store's
 * internals. Window averages are a brute-force scan; the mean is taken as "first value plus
 * mean of the differences", so a window whose samples are all `v` averages to exactly `v`.
 * It records every call so tests can count store round trips.
 */
export class FakeStore implements MeasurementStore {
  installationsVersion = 0;
  readonly windowAveragesCalls: { installationId: number; windows: readonly TimeWindow[] }[] = [];
  listActiveCalls = 0;
  #installations = new Map<number, FakeInstallation>();
  #samples = new Map<number, FakeSample[]>();

  constructor(
    installations: readonly FakeInstallation[] = [],
    samples: readonly FakeSample[] = [],
  ) {
    this.putInstallations(installations);
    this.installationsVersion = 0;
    this.addSamples(samples);
  }

  /** Adds or replaces installations and bumps the version, like the real store. */
  putInstallations(installations: readonly FakeInstallation[]): void {
    for (const installation of installations)
      this.#installations.set(installation.id, installation);
    this.installationsVersion++;
  }

  addSamples(samples: readonly FakeSample[]): void {
    for (const sample of samples) {
      const list = this.#samples.get(sample.installationId) ?? [];
      list.push(sample);
      this.#samples.set(sample.installationId, list);
    }
  }

  async findInstallation(id: number): Promise<InstallationLookup> {
    const installation = this.#installations.get(id);
    if (installation === undefined) return { status: 'missing' };
    let last = installation;
    const seen = new Set<number>();
    while (last.successorId !== undefined && !seen.has(last.id)) {
      seen.add(last.id);
      const next = this.#installations.get(last.successorId);
      if (next === undefined) break;
      last = next;
    }
    if (last.id !== installation.id) {
      return { status: 'replaced', installation, successorId: last.id };
    }
    return installation.removed ? { status: 'missing' } : { status: 'active', installation };
  }

  async listActiveInstallations(): Promise<readonly Installation[]> {
    this.listActiveCalls++;
    return [...this.#installations.values()].filter(
      (i) => !i.removed && i.successorId === undefined,
    );
  }

  async windowAverages(
    installationId: number,
    windows: readonly TimeWindow[],
  ): Promise<readonly WindowAverages[]> {
    this.windowAveragesCalls.push({ installationId, windows });
    const samples = this.#samples.get(installationId) ?? [];
    return windows.map(({ fromMs, tillMs }) => {
      const first = new Map<string, number>();
      const differences = new Map<string, number>();
      const counts = new Map<string, number>();
      for (const { name, atMs, value } of samples) {
        if (atMs < fromMs || atMs >= tillMs) continue;
        if (!first.has(name)) first.set(name, value);
        differences.set(name, (differences.get(name) ?? 0) + (value - first.get(name)!));
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      const record: Record<string, number> = {};
      for (const [name, anchor] of first) {
        record[name] = anchor + differences.get(name)! / counts.get(name)!;
      }
      return record;
    });
  }
}

/**
 * An installation for tests: Kraków-ish defaults, overridable.
 *
 * @example
 * fakeInstallation(7, 50.06, 19.94, { vendor: false });
 */
export function fakeInstallation(
  id: number,
  latitude: number,
  longitude: number,
  extra: Partial<Omit<FakeInstallation, 'id' | 'location'>> = {},
): FakeInstallation {
  return {
    id,
    location: { latitude, longitude },
    address: { country: 'Poland', city: 'Kraków', street: null, number: null },
    elevation: 220,
    vendor: true,
    sponsor: { id: 1, name: 'Test sponsor' },
    ...extra,
  };
}
