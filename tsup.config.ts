import { defineConfig } from 'tsup';
import { CLI_ENTRY, PUBLIC_ENTRIES } from './scripts/entries.js';

// kdbush, geokdbush and tinyqueue ship as ES modules only. The ESM build keeps them as
// ordinary imports; the CommonJS build bundles them so `require('airq/geo')` works on every
// Node 20 release, including those that cannot `require()` an ES module.
const ESM_ONLY_DEPENDENCIES = ['kdbush', 'geokdbush', 'tinyqueue'];

export default defineConfig([
  {
    entry: { ...PUBLIC_ENTRIES, ...CLI_ENTRY },
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
  },
  {
    entry: PUBLIC_ENTRIES,
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    noExternal: ESM_ONLY_DEPENDENCIES,
  },
]);
