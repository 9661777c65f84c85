// `airq/follow`: what `airq --follow` runs, for a program that serves airq from its own server.
// A follower polls Sensor.Community, OpenAQ or PurpleAir for a box and stores each complete
// poll through a store's durable path (a `JournaledStore` or a `PostgresStore`), as the CLI
// does. It fetches with the global `fetch` (or one it is given), keeps timers and reads
// Sensor.Community's file on a worker thread, so it is a module with I/O, unlike the pure
// computations.

export type { NetworkBox } from '../payload/network-box.js';
export { createFollowSink, type FollowSinkStore } from './follow-sink.js';
export { ALWAYS_HELD_LEASE } from './follow-sink-lease.js';
export type {
  FollowedBatch,
  FollowedPlace,
  FollowedSample,
  FollowedSource,
  FollowedSourceName,
  FollowLease,
  FollowOptions,
  FollowSink,
  FollowStoreReport,
} from './followed-batch.js';
export { PollFailure } from './followed-batch.js';
export {
  type FollowClock,
  type Follower,
  type FollowerEntry,
  type FollowerOptions,
  SYSTEM_FOLLOW_CLOCK,
  startFollower,
} from './follower.js';
export { OPENAQ_BASE_URL, openAqSource } from './openaq-source.js';
export { PURPLEAIR_BASE_URL } from './purpleair-request.js';
export { purpleAirSource } from './purpleair-source.js';
export { SENSOR_COMMUNITY_READ_BYTES_PER_SECOND } from './sensor-community-read.js';
export { SENSOR_COMMUNITY_BASE_URL, sensorCommunitySource } from './sensor-community-source.js';
export { type SourceAttribution, sourceAttributions } from './source-attributions.js';
