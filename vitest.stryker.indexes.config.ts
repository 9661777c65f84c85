import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.stryker.config';

// The StrykerJS run of src/indexes (`npm run mutate -- indexes`, docs/mutation.md). Its mutants
// are reached by tests spread over many small files of test/indexes, test/standards and
// test/averaging, and with a module graph per file each mutant's run imported the index tables
// once per file. Those tests keep no state between files (no mocks, no globals, no environment
// variables), so, as in the src/assessment run, one module graph serves the whole run.
export default mergeConfig(base, defineConfig({ test: { isolate: false } }));
