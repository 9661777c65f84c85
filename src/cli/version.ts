import { readFileSync } from 'node:fs';

/**
 * The version of the airq package this command runs from, read from its `package.json`: the
 * nearest one named `airq` above this file (`src/cli/` when run from the sources, `dist/` when
 * installed), so the number is never written twice.
 *
 * @returns e.g. `'0.1.0'`, or `'unknown'` when no such `package.json` is found
 * @example
 * airqVersion(); // '0.1.0'
 */
export function airqVersion(): string {
  for (let up = 1; up <= 3; up++) {
    const url = new URL(`${'../'.repeat(up)}package.json`, import.meta.url);
    try {
      const manifest = JSON.parse(readFileSync(url, 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === 'airq' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // No manifest here: look one folder higher.
    }
  }
  return 'unknown';
}
