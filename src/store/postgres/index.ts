export type { PostgresStoreOptions } from './connect-options.js';
export { PostgresStore } from './postgres-store.js';
export type { PostgresPruneReport } from './retention.js';
