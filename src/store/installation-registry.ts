import type { CorrectionOptions } from '../corrections/correction-options.js';
import type { Installation } from '../model/api-types.js';
import { analyseDevices, assertNoDeviceIssues } from './device-owners.js';
import type { IngestContext } from './ingest-plan.js';
import { checkedInstallations } from './installation-input.js';
import type { InstallationLookup } from './measurement-store.js';
import { analyseReplacements, assertNoReplacementIssues, endLookup } from './replacement-graph.js';
import type { StoredInstallation } from './stored-installation.js';

const MISSING: InstallationLookup = Object.freeze({ status: 'missing' });

/**
 * An immutable, checked set of installations with every lookup resolved in advance, so that a
 * query is one map access. Changing the set builds a new registry, which the store swaps in
 * only when the new set is valid: a failed change leaves nothing half-applied.
 *
 * @example
 * const registry = InstallationRegistry.from('InMemoryStore', [installation]);
 * registry.lookup(installation.id).status; // 'active'
 */
export class InstallationRegistry {
  readonly #byId: ReadonlyMap<number, StoredInstallation>;
  readonly #lookups: ReadonlyMap<number, InstallationLookup>;
  readonly #deviceOwners: ReadonlyMap<string, number>;
  /** Active installations, spec-shaped, ascending id, frozen. */
  readonly active: readonly Installation[];

  private constructor(
    byId: ReadonlyMap<number, StoredInstallation>,
    lookups: ReadonlyMap<number, InstallationLookup>,
    deviceOwners: ReadonlyMap<string, number>,
    active: readonly Installation[],
  ) {
    this.#byId = byId;
    this.#lookups = lookups;
    this.#deviceOwners = deviceOwners;
    this.active = Object.freeze(active);
  }

  // The whole set analysed at once: every chain, every device, every id.
  static #analysed(
    installations: readonly StoredInstallation[],
    functionName: string,
  ): InstallationRegistry {
    const analysis = analyseReplacements(installations);
    assertNoReplacementIssues(functionName, analysis);
    const devices = analyseDevices(installations);
    assertNoDeviceIssues(functionName, devices);
    const active: Installation[] = [];
    for (const lookup of analysis.lookups.values()) {
      if (lookup.status === 'active') active.push(lookup.installation);
    }
    active.sort((a, b) => a.id - b.id);
    const byId = new Map(installations.map((installation) => [installation.id, installation]));
    return new InstallationRegistry(byId, analysis.lookups, devices.owners, active);
  }

  /**
   * Validates untrusted installations and builds a registry of frozen copies.
   *
   * @param functionName - named in error messages
   * @throws TypeError on an invalid installation field; RangeError on a duplicate id, a
   *   successor that does not exist, a replacement cycle or a device named in the `sensors`
   *   of two installations (the message names the device and both ids)
   */
  static from(
    functionName: string,
    installations: readonly StoredInstallation[],
  ): InstallationRegistry {
    return InstallationRegistry.#analysed(
      checkedInstallations(functionName, installations),
      functionName,
    );
  }

  /**
   * A new registry with `incoming` added, or replacing the installations with the same ids.
   * The resulting set is checked as a whole, so a device moves from installation A to B only
   * when `incoming` holds B naming it and A without it.
   *
   * @throws as {@link from}, and RangeError when `incoming` repeats an id
   * @example
   * registry.with('put', [aWithoutSensors, { ...b, sensors: ['esp8266-7'] }]); // a named esp8266-7
   */
  with(functionName: string, incoming: readonly StoredInstallation[]): InstallationRegistry {
    const checked = checkedInstallations(functionName, incoming);
    const added = this.#added(checked);
    if (added !== undefined) return added;
    const merged = new Map(this.#byId);
    const seen = new Set<number>();
    for (const installation of checked) {
      if (seen.has(installation.id)) {
        throw new RangeError(
          `${functionName}: installation id ${installation.id} appears more than once`,
        );
      }
      seen.add(installation.id);
      merged.set(installation.id, installation);
    }
    return InstallationRegistry.#analysed([...merged.values()], functionName);
  }

  // New installations that no chain touches (new ids, no successor, devices nobody names) can
  // only add their own lookups: they are added to copies of the maps. Analysing the whole set
  // again made each piece cost in proportion to everything stored, and a country's first poll
  // stores some 40 pieces of 250 new places (4.9–5.6 s, now 4.2 s: bench/RESULTS.md).
  // `undefined` when any of them is not such an addition.
  #added(incoming: readonly StoredInstallation[]): InstallationRegistry | undefined {
    const devices = new Map<string, number>();
    const ids = new Set<number>();
    for (const installation of incoming) {
      const { id } = installation;
      if (installation.successorId !== undefined || this.#byId.has(id) || ids.has(id)) return;
      ids.add(id);
      for (const device of installation.sensors ?? []) {
        const owner = devices.get(device) ?? this.#deviceOwners.get(device);
        if (owner !== undefined && owner !== id) return;
        devices.set(device, id);
      }
    }
    const byId = new Map(this.#byId);
    const lookups = new Map(this.#lookups);
    const deviceOwners = new Map(this.#deviceOwners);
    const added: Installation[] = [];
    for (const installation of incoming) {
      const lookup = endLookup(installation);
      byId.set(installation.id, installation);
      lookups.set(installation.id, lookup);
      if (lookup.status === 'active') added.push(lookup.installation);
    }
    for (const [device, id] of devices) deviceOwners.set(device, id);
    // Two ascending runs: the sort (TimSort) merges them in one pass.
    const active = [...this.active, ...added.sort((a, b) => a.id - b.id)];
    active.sort((a, b) => a.id - b.id);
    return new InstallationRegistry(byId, lookups, deviceOwners, active);
  }

  /** Whether `id` is an installation of the set (active, replaced or removed). */
  has(id: number): boolean {
    return this.#byId.has(id);
  }

  /**
   * What `planIngest` judges a batch against: the installations of this set (active, replaced
   * or removed; samples of all of them are accepted) and the store's retention horizon.
   *
   * @param retainedFromMs - samples before this epoch-ms instant are refused
   * @example
   * planIngest(samples, registry.ingestContext(Number.NEGATIVE_INFINITY)).rejected; // []
   */
  ingestContext(retainedFromMs: number): IngestContext {
    return { isKnownInstallation: (id) => this.has(id), retainedFromMs };
  }

  /**
   * The PM25 correction of installation `id` (active, replaced or removed): what the store
   * applies to each of its windows. `undefined` when it has none or the id is unknown.
   */
  correction(id: number): CorrectionOptions | undefined {
    return this.#byId.get(id)?.correction;
  }

  /**
   * The ids of `next` whose correction is not the one they have here (set, changed or removed;
   * a new installation with a correction counts), so a store can mark their averages changed.
   *
   * @example
   * registry.correctionChanges(registry.with('put', [{ ...installation, correction: { method: 'EPA_2021' } }]));
   * // [installation.id]
   */
  correctionChanges(next: InstallationRegistry): number[] {
    const changed: number[] = [];
    for (const [id, installation] of next.#byId) {
      const kept = this.#byId.get(id);
      if (kept === installation) continue; // carried over unchanged: the same object
      // Both sides are normalised copies (`storedInstallationCopy`), so equal options have equal JSON.
      const before = kept?.correction;
      if (JSON.stringify(before) !== JSON.stringify(installation.correction)) changed.push(id);
    }
    return changed;
  }

  /**
   * The id of the installation whose `sensors` names `device` (active, replaced or removed),
   * or `undefined` when none does: one map access.
   *
   * @param device - as the airRohr `X-Sensor` header names it, e.g. `esp8266-12345678`
   * @example
   * InstallationRegistry.from('f', [{ ...installation, sensors: ['esp8266-7'] }]).deviceInstallation('esp8266-7');
   * // installation.id
   */
  deviceInstallation(device: string): number | undefined {
    return this.#deviceOwners.get(device);
  }

  /** What a query for `id` answers; `missing` for an unknown id. */
  lookup(id: number): InstallationLookup {
    return this.#lookups.get(id) ?? MISSING;
  }
}
