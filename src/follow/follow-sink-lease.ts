import type { FollowLease } from './followed-batch.js';

/**
 * The lease of a server without a database (a journal, or memory only): always held, since
 * no other process shares its store (the journal's lock keeps a second one out). With
 * `--database`, `PostgresStore.followLease()` gives the lease that one process holds at a time.
 *
 * @example
 * const lease = database?.followLease() ?? ALWAYS_HELD_LEASE;
 * await ALWAYS_HELD_LEASE.hold('openaq', 120_000); // true
 */
export const ALWAYS_HELD_LEASE: FollowLease = Object.freeze({
  hold: async () => true,
  release: async () => undefined,
});
