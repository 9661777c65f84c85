// package-lock.json read offline: what `npm install airq` would bring, and those packages' own
// declarations (engines), for the footprint and engines tests.
import { readFileSync } from 'node:fs';

/** One entry of the lockfile's `packages` map. */
export interface LockEntry {
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  readonly engines?: { readonly node?: string };
}

/** Parses a JSON file. */
export const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/**
 * The lockfile paths of every package `npm install airq` would add: the dependencies of the
 * root, then theirs (optional and required peers included, as npm installs them), each found
 * as Node finds it, in the nearest node_modules folder up from the package that needs it.
 */
export function productionClosure(
  lock: Record<string, LockEntry>,
  roots: readonly string[] = Object.keys(lock['']?.dependencies ?? {}),
): string[] {
  const found = new Set<string>();
  const locate = (from: string, name: string): string | undefined => {
    let base = from;
    for (;;) {
      const path = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
      if (lock[path] !== undefined) return path;
      if (base === '') return undefined;
      const parent = base.lastIndexOf('/node_modules/');
      base = parent < 0 ? '' : base.slice(0, parent);
    }
  };
  const visit = (path: string, names: string[]): void => {
    for (const name of names) {
      const target = locate(path, name);
      if (target === undefined)
        throw new Error(`${name}, needed by ${path || 'airq'}, is not in the lockfile`);
      if (found.has(target)) continue;
      found.add(target);
      const entry = lock[target] ?? {};
      const peers = Object.keys(entry.peerDependencies ?? {}).filter(
        (peer) => entry.peerDependenciesMeta?.[peer]?.optional !== true,
      );
      visit(target, [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
        ...peers,
      ]);
    }
  };
  visit('', [...roots]);
  return [...found].sort();
}
