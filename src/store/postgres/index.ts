export type { PostgresStoreOptions } from './connect-options.js';
export { PostgresStore } from './postgres-store.js';
