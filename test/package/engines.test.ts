// `engines` tells the truth: every Node version it admits loads the package under `require`
// (require(esm)) and `import`, satisfies the engines of every dependency and peer, has every
// newer runtime API the built code names, and runs `npx airq`.
//
// Only one Node is installed here, so the versions below the one running the tests are checked
// by what they lack: a table of the APIs added after Node 20.0 that code could reach for, each
// with the releases that have it, is compared with the built files; the type check adds the
// rest (`lib` has no ECMAScript edition newer than the minimum Node runs, `@types/node` is of
// the minimum's major, so a newer Node API does not compile).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LockEntry, productionClosure, readJson } from './lockfile.js';
import { type PackedPackage, packedPackage, REPOSITORY } from './packed-package.js';

/** The releases whose `require()` loads an ES module without a flag or a warning. */
const REQUIRE_ESM = '^20.19.0 || >=22.12.0';

/** Runtime APIs newer than Node 20.0, by a pattern that finds them in built code. */
const NEWER_APIS: readonly { api: string; pattern: RegExp; releases: string }[] = [
  {
    api: 'process.getBuiltinModule',
    pattern: /\bgetBuiltinModule\b/,
    releases: '^20.16.0 || >=22.3.0',
  },
  {
    api: 'import.meta.dirname / filename',
    pattern: /import\.meta\.(dirname|filename)\b/,
    releases: '^20.11.0 || >=21.2.0',
  },
  { api: 'process.loadEnvFile', pattern: /\bloadEnvFile\b/, releases: '^20.12.0 || >=21.7.0' },
  { api: 'util.styleText', pattern: /\bstyleText\b/, releases: '^20.12.0 || >=21.7.0' },
  {
    api: 'Object.groupBy / Map.groupBy',
    pattern: /\b(Object|Map)\.groupBy\b/,
    releases: '>=21.0.0',
  },
  { api: 'navigator', pattern: /\bnavigator\./, releases: '>=21.0.0' },
  { api: 'Promise.withResolvers', pattern: /\bPromise\.withResolvers\b/, releases: '>=22.0.0' },
  { api: 'Array.fromAsync', pattern: /\bArray\.fromAsync\b/, releases: '>=22.0.0' },
  { api: 'Iterator helpers', pattern: /\bIterator\.(from|prototype)\b/, releases: '>=22.0.0' },
  {
    api: 'Set methods',
    pattern: /\.(symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/,
    releases: '>=22.0.0',
  },
  { api: 'fs.glob', pattern: /\b(glob|globSync)\(/, releases: '>=22.0.0' },
  { api: 'URL.parse', pattern: /\bURL\.parse\(/, releases: '>=22.1.0' },
  { api: 'WebSocket', pattern: /\bnew WebSocket\(/, releases: '>=22.4.0' },
  { api: 'node:sqlite', pattern: /["']node:sqlite["']/, releases: '>=22.5.0' },
  { api: 'RegExp.escape', pattern: /\bRegExp\.escape\b/, releases: '>=24.0.0' },
  { api: 'Float16Array', pattern: /\bFloat16Array\b/, releases: '>=24.0.0' },
  { api: 'Error.isError', pattern: /\bError\.isError\b/, releases: '>=24.0.0' },
];

/** The newest ECMAScript edition every release of Node 20 implements in full. */
const NEWEST_LIB = 2023;

const manifest = readJson<{
  engines: { node: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  bin: Record<string, string>;
}>(join(REPOSITORY, 'package.json'));
const engines = manifest.engines.node;

describe('engines', () => {
  it('admits only releases that load ES modules with require()', () => {
    expect(semver.validRange(engines)).not.toBeNull();
    expect(semver.subset(engines, REQUIRE_ESM), `${engines} within ${REQUIRE_ESM}`).toBe(true);
    // The Node running these tests is one of them, so what it runs below is what users run.
    expect(semver.satisfies(process.version, engines), process.version).toBe(true);
  });

  it("admits only releases that every dependency's and peer's engines admit", () => {
    const lock = readJson<{ packages: Record<string, LockEntry> }>(
      join(REPOSITORY, 'package-lock.json'),
    );
    const roots = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    const checked: string[] = [];
    for (const path of productionClosure(lock.packages, roots)) {
      const node = lock.packages[path]?.engines?.node;
      if (typeof node !== 'string') continue;
      checked.push(path);
      expect(semver.subset(engines, node), `${path} needs node ${node}`).toBe(true);
    }
    expect(checked).toEqual(expect.arrayContaining(['node_modules/pg', 'node_modules/redis']));
  });

  it('type-checks against no ECMAScript library and no Node typings newer than the minimum', () => {
    const tsconfig = readJson<{ compilerOptions: { lib: string[] } }>(
      join(REPOSITORY, 'tsconfig.json'),
    );
    for (const lib of tsconfig.compilerOptions.lib) {
      const year = /^es(\d{4})/i.exec(lib)?.[1];
      if (year !== undefined) expect(Number(year), lib).toBeLessThanOrEqual(NEWEST_LIB);
      expect(lib.toLowerCase()).not.toBe('esnext');
    }
    const typesNode = semver.minVersion(manifest.devDependencies['@types/node'] ?? '');
    expect(typesNode?.major).toBe(semver.minVersion(engines)?.major);
  });
});

describe('the built package on the minimum Node', () => {
  let packed: PackedPackage;

  beforeAll(async () => {
    packed = await packedPackage();
  }, 300_000);

  it('names no runtime API newer than every release engines admits', () => {
    const dist = join(packed.packageDir, 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    const code = files.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    const used = NEWER_APIS.filter(({ pattern }) => pattern.test(code));
    for (const { api, releases } of used) {
      expect(semver.subset(engines, releases), `${api} needs ${releases}`).toBe(true);
    }
    // Not vacuous: the store and the key digests use process.getBuiltinModule (Node 20.16).
    expect(used.map(({ api }) => api)).toContain('process.getBuiltinModule');
  });

  it('runs `npx airq --help`: the bin file, with its #! line', () => {
    const bin = readJson<{ bin: Record<string, string> }>(join(packed.packageDir, 'package.json'))
      .bin.airq;
    expect(bin).toBeDefined();
    const file = join(packed.packageDir, bin ?? '');
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const help = execFileSync(process.execPath, [file, '--help'], {
      cwd: packed.projectDir,
      encoding: 'utf8',
    });
    expect(help).toMatch(/--help/);
  });
});
