// The single list of public entry points. tsup builds one bundle per entry, and
// scripts/sync-exports.ts derives package.json's `exports` map from the same list, so the
// two can never drift apart.
export const PUBLIC_ENTRIES = {
  index: 'src/index.ts',
  time: 'src/time/index.ts',
  series: 'src/series/index.ts',
  indexes: 'src/indexes/index.ts',
  averaging: 'src/averaging/index.ts',
  standards: 'src/standards/index.ts',
  meta: 'src/meta/index.ts',
  i18n: 'src/i18n/index.ts',
  geo: 'src/geo/index.ts',
  store: 'src/store/index.ts',
  'store/postgres': 'src/store/postgres/index.ts',
  'store/journal': 'src/store/journal/index.ts',
  payload: 'src/payload/index.ts',
  forecast: 'src/forecast/index.ts',
  sample: 'src/sample/index.ts',
  http: 'src/http/index.ts',
  'http/node': 'src/http/node/index.ts',
  import: 'src/import/index.ts',
  'http/redis': 'src/limits/redis/index.ts',
  assessment: 'src/assessment/index.ts',
  corrections: 'src/corrections/index.ts',
  trends: 'src/trends/index.ts',
  follow: 'src/follow/index.ts',
};

/**
 * The entries that need Node by design (files, sockets, the database and Redis clients).
 * Every other entry must bundle for a browser with no options (test/package/browser-bundles).
 */
export const NODE_ONLY_ENTRIES: readonly (keyof typeof PUBLIC_ENTRIES)[] = Object.freeze([
  'store/postgres',
  'store/journal',
  'http/node',
  'import',
  'http/redis',
  // Its sources share the importers' readers, which read files and streams.
  'follow',
]);

/** The command-line adapter; built, but not part of the import surface. */
export const CLI_ENTRY = { cli: 'src/cli/bin.ts' };

/**
 * Files that run in a worker thread of their own, built beside the chunks that start them (found
 * there by `new URL('./<name>.js', import.meta.url)`); not part of the import surface either.
 */
export const WORKER_ENTRIES = {
  'sensor-community-worker': 'src/follow/sensor-community-worker.ts',
};
