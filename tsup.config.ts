import { defineConfig } from 'tsup';
import { CLI_ENTRY, PUBLIC_ENTRIES, WORKER_ENTRIES } from './scripts/entries.js';

// One ES module build, split into shared chunks: every class and function exists once, whether
// a user imports it or requires it (Node's `require(esm)`, unflagged from 20.19 and 22.12, the
// minimum `engines` declares). Why not a CommonJS build as well: docs/design.md, "ESM only".
export default defineConfig({
  entry: { ...PUBLIC_ENTRIES, ...CLI_ENTRY, ...WORKER_ENTRIES },
  format: ['esm'],
  dts: { entry: PUBLIC_ENTRIES },
  clean: true,
  target: 'node20',
  splitting: true,
  treeshake: true,
});
