export type { FollowedSourceName, FollowLease } from '../../follow/followed-batch.js';
export type { PostgresStoreOptions } from './connect-options.js';
export type { PostgresFollowLease } from './follow-lease.js';
export { PostgresStore } from './postgres-store.js';
export type { PostgresPruneReport } from './retention.js';
