import type { FollowConfig } from '../follow/follow-options.js';
import { createFollowSink, type FollowSinkStore } from '../follow/follow-sink.js';
import { ALWAYS_HELD_LEASE } from '../follow/follow-sink-lease.js';
import type {
  FollowedSource,
  FollowedSourceName,
  FollowOptions,
} from '../follow/followed-batch.js';
import { type Follower, startFollower } from '../follow/follower.js';
import { openAqSource } from '../follow/openaq-source.js';
import { purpleAirSource } from '../follow/purpleair-source.js';
import { sensorCommunitySource } from '../follow/sensor-community-source.js';
import type { PostgresStore } from '../store/postgres/postgres-store.js';

// `--follow`: the followed sources of the command line, polled into the store's durable path
// (the journal, or PostgreSQL with its lease so that one instance polls each source at a time).

// How each source is made from its options: adding a source is adding a row.
const SOURCE_FACTORIES: Readonly<
  Record<FollowedSourceName, (options: FollowOptions) => FollowedSource>
> = Object.freeze({
  'sensor-community': sensorCommunitySource,
  openaq: openAqSource,
  purpleair: purpleAirSource,
});

/**
 * Starts polling every source of `config` into `store`: a `JournaledStore` (the lease is always
 * held: one process owns a journal) or a `PostgresStore` (a lease per source in the database).
 * Each change of a source's state goes to `log` as one line, never with a key.
 *
 * @example
 * const follower = startFollowing(options.follow, journaled, undefined, (line) => console.error(line));
 * await follower.stop();
 */
export function startFollowing(
  config: FollowConfig,
  store: FollowSinkStore,
  database: PostgresStore | undefined,
  log: (line: string) => void,
): Follower {
  const entries = config.sources.map((source) => ({
    source: SOURCE_FACTORIES[source.name](source),
    everyMs: source.everyMs,
    ...(source.key === undefined ? {} : { key: source.key }),
  }));
  return startFollower(entries, {
    sink: createFollowSink(store),
    lease: database?.followLease() ?? ALWAYS_HELD_LEASE,
    log,
  });
}
