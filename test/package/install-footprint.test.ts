// What `npm install airq` brings, counted offline from package-lock.json (the production
// closure of `dependencies`, resolved the way npm lays out node_modules), and what each subpath
// of the packed build loads: the computation subpaths never reach a dependency of the adapter.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_ONLY_ENTRIES } from '../../scripts/entries.js';
import { type LockEntry, productionClosure, readJson } from './lockfile.js';
import { type PackedPackage, packedPackage, publicSubpaths, REPOSITORY } from './packed-package.js';

/** At most this many packages besides airq (issue 21). */
const MAX_INSTALLED_PACKAGES = 8;
/** The only runtime dependencies of the computations (docs/design.md). */
const COMPUTATION_DEPENDENCIES = ['kdbush', 'geokdbush', 'date-fns', '@date-fns/utc'];
/** The adapter's subpaths; every other public subpath is a computation one. */
const ADAPTER_SUBPATHS = ['airq/http', ...NODE_ONLY_ENTRIES.map((entry) => `airq/${entry}`)];

interface Manifest {
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly exports: Record<string, string | { default: string }>;
}

/** The package a bare specifier names (`date-fns/parseISO` → `date-fns`), or undefined for a builtin. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every module specifier a built file imports, statically or dynamically. */
function importsOf(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'));
  return imports.flatMap((entry) => (entry.n === undefined ? [] : [entry.n]));
}

/** Bare specifiers reached from `entry` through the package's own files (relative imports). */
function bareImportsFrom(entry: string): string[] {
  const bare = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) visit(normalize(join(dirname(file), specifier)));
      else bare.add(specifier);
    }
  };
  visit(entry);
  return [...bare].sort();
}

describe('npm install airq', () => {
  const manifest = readJson<Manifest>(join(REPOSITORY, 'package.json'));
  const lock = readJson<{ packages: Record<string, LockEntry> }>(
    join(REPOSITORY, 'package-lock.json'),
  );

  it('the lockfile lists the dependencies of package.json', () => {
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies);
  });

  it(`brings at most ${MAX_INSTALLED_PACKAGES} packages besides airq`, () => {
    const closure = productionClosure(lock.packages);
    console.info(`npm install airq: ${closure.length} packages\n${closure.join('\n')}`);
    expect(closure.length).toBeGreaterThanOrEqual(Object.keys(manifest.dependencies ?? {}).length);
    expect(closure.length).toBeLessThanOrEqual(MAX_INSTALLED_PACKAGES);
  });
});

describe('what each subpath of the build loads', () => {
  let packed: PackedPackage;
  let packedManifest: Manifest;

  beforeAll(async () => {
    packed = await packedPackage();
    packedManifest = readJson<Manifest>(join(packed.packageDir, 'package.json'));
    await init;
  }, 300_000);

  const entryFile = (subpath: string): string => {
    const key = subpath === 'airq' ? '.' : `./${subpath.slice('airq/'.length)}`;
    const target = packedManifest.exports[key];
    const path = typeof target === 'string' ? target : target?.default;
    if (path === undefined) throw new Error(`no export ${key}`);
    return join(packed.packageDir, path);
  };

  it('the computation subpaths load only kdbush, geokdbush, date-fns and @date-fns/utc', () => {
    const computation = publicSubpaths(packed.packageDir).filter(
      (s) => !ADAPTER_SUBPATHS.includes(s),
    );
    expect(computation).toEqual(
      expect.arrayContaining(['airq', 'airq/geo', 'airq/indexes', 'airq/store']),
    );
    const loaded: Record<string, string[]> = {};
    for (const subpath of computation) {
      const packages = bareImportsFrom(entryFile(subpath)).map(packageOf);
      loaded[subpath] = [...new Set(packages.filter((name) => name !== undefined))];
      const outside = loaded[subpath].filter((name) => !COMPUTATION_DEPENDENCIES.includes(name));
      expect(outside, `${subpath} loads`).toEqual([]);
    }
    // Not vacuous: the geo and time code do load their dependencies through this graph.
    expect(loaded['airq/geo']).toEqual(expect.arrayContaining(['kdbush', 'geokdbush']));
    expect(loaded.airq).toEqual(expect.arrayContaining(COMPUTATION_DEPENDENCIES));
  });

  it('every file imports only Node built-ins, its dependencies and its peers', () => {
    const declared = [
      ...Object.keys(packedManifest.dependencies ?? {}),
      ...Object.keys(packedManifest.peerDependencies ?? {}),
    ];
    const files = readdirJs(join(packed.packageDir, 'dist'));
    expect(files.length).toBeGreaterThan(10);
    const undeclared = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => !specifier.startsWith('.'))
        .map(packageOf)
        .filter((name) => name !== undefined && !declared.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});

/** The JavaScript files under `dir`, at any depth. */
function readdirJs(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(dir, name));
}
