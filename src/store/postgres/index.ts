export type { FollowedSourceName, FollowLease } from '../../follow/followed-batch.js';
export type { PostgresStoreOptions } from './connect-options.js';
export { MAX_LEASE_MS, PostgresFollowLease } from './follow-lease.js';
export { PostgresStore } from './postgres-store.js';
export type { PostgresPruneReport } from './retention.js';
