// vitest's global set-up (vitest.config.ts): one directory per test run where the first
// PostgreSQL suite to start a server leaves an initialised data directory for the others.
// `initdb` took about 3.5 s of a loaded 2-core machine for each of the sixteen suites' servers;
// a copy of its result takes a quarter of a second. The directory is made here, empty, and
// removed with everything in it when the run ends.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where {@link startPostgres} keeps the run's initialised data directory. */
    postgresTemplateRoot: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'airq-postgres-template-'));
  // Run as root, the suites start PostgreSQL as the `postgres` user, which must reach inside.
  chmodSync(root, 0o755);
  project.provide('postgresTemplateRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
