import type { Pool } from 'pg';
import { InstallationRegistry } from '../installation-registry.js';
import type { ChangeFeed } from './change-feed.js';
import { readInstallations } from './installation-rows.js';

// A `PostgresStore` answers lookups, the active list and the devices of its installations
// from a copy in this process, so those cost no query: the measurements service asks for them
// on every request. The copy is what this file keeps, with its own state: the registry, the
// version that counts its replacements (`installationsVersion`) and whether the change log
// said the table changed since it was read. A refresh reads the table again only then. Kept
// apart from the class (postgres-store.ts), whose other state is the server's.

/**
 * This process's copy of the installations table, and when to read it again.
 *
 * @example
 * const copy = new InstallationCopy(opened.registry);
 * await copy.refresh(pool, feed); // reads the table only when the change log says it changed
 * copy.registry.lookup(1001); // { status: 'active', installation }
 */
export class InstallationCopy {
  #registry: InstallationRegistry;
  #version = 0;
  #stale = false;

  /** @param registry - the installations as read when the store connected */
  constructor(registry: InstallationRegistry) {
    this.#registry = registry;
  }

  /** The installations as this process knows them now (a refresh may replace them). */
  get registry(): InstallationRegistry {
    return this.#registry;
  }

  /** 0 at first, one more every time a refresh replaced the copy. */
  get version(): number {
    return this.#version;
  }

  /**
   * Polls `feed` and, when it (or an earlier poll whose read failed) found a change of the
   * installations, reads the table into a new registry. An installation whose `correction`
   * changed has its data versions moved once more as the new registry takes the old one's place.
   *
   * @throws the pool's errors (the copy then stays as it was and is read again next time);
   *   TypeError / RangeError when a row is no longer a valid installation
   * @example
   * await copy.refresh(pool, feed);
   * copy.version; // one more when another process put installations since the last refresh
   */
  async refresh(pool: Pool, feed: ChangeFeed): Promise<void> {
    if (await feed.poll(pool)) this.#stale = true;
    if (!this.#stale) return;
    const rows = await readInstallations(pool);
    const next = InstallationRegistry.from('PostgresStore.refresh', rows);
    // The poll published a changed correction's versions before this read; an answer computed
    // in between (old correction) may be cached under them: a version after the swap drops it.
    for (const id of this.#registry.correctionChanges(next)) feed.touch(id);
    this.#registry = next;
    this.#stale = false;
    this.#version++;
  }
}
