// One copy of each class and function: every subpath of the packed package is loaded in a
// fresh Node process by `require`, by `import`, and by both in one process, and every function
// or class exported by two subpaths (or by both loaders) must be the same object. Under the old
// per-entry CommonJS build, 36 of them were copies, so `instanceof` failed across subpaths.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type PackedPackage,
  packedPackage,
  publicSubpaths,
  runInProject,
} from './packed-package.js';

interface Census {
  /** Subpath → names of its exported functions and classes. */
  readonly exported: Record<string, string[]>;
  /** `name: subpathA ≠ subpathB` for each pair that holds two different objects. */
  readonly copies: string[];
  /** How many (name, subpath, subpath) pairs were compared. */
  readonly pairs: number;
}

// Shared by the child scripts: loads each subpath with `load`, then compares every exported
// function or class with the first one of that name. Printed as JSON.
const CENSUS = `
async function census(subpaths, load) {
  const exported = {};
  const first = new Map();
  const copies = [];
  let pairs = 0;
  for (const subpath of subpaths) {
    const module = await load(subpath);
    exported[subpath] = Object.keys(module).filter((name) => typeof module[name] === 'function').sort();
    for (const name of exported[subpath]) {
      const seen = first.get(name);
      if (seen === undefined) { first.set(name, { subpath, value: module[name] }); continue; }
      pairs += 1;
      if (seen.value !== module[name]) copies.push(name + ': ' + seen.subpath + ' ≠ ' + subpath);
    }
  }
  return { exported, copies, pairs };
}
`;

let packed: PackedPackage;
let subpaths: string[];

beforeAll(async () => {
  packed = await packedPackage();
  subpaths = publicSubpaths(packed.packageDir);
}, 300_000);

function run(file: string, body: string): Census {
  return JSON.parse(runInProject(packed, file, `${CENSUS}\n${body}`, [JSON.stringify(subpaths)]));
}

describe('one copy of each function and class', () => {
  let required: Census;
  let imported: Census;

  beforeAll(() => {
    required = run(
      'census.cjs',
      `census(JSON.parse(process.argv[2]), async (s) => require(s)).then((r) => process.stdout.write(JSON.stringify(r)));`,
    );
    imported = run(
      'census.mjs',
      `process.stdout.write(JSON.stringify(await census(JSON.parse(process.argv[2]), (s) => import(s))));`,
    );
  }, 120_000);

  it('loads every public subpath under require and under import, with the same exports', () => {
    expect(subpaths).toContain('airq');
    expect(subpaths).toContain('airq/http/redis');
    expect(Object.keys(required.exported)).toEqual(subpaths);
    expect(required.exported).toEqual(imported.exported);
    for (const subpath of subpaths) expect(imported.exported[subpath]?.length).toBeGreaterThan(0);
  });

  it('under require, a function or class exported by two subpaths is one object', () => {
    // The root re-exports the pure modules, so there are many shared names to compare (35 since
    // airq/geo and airq/forecast left the root, issue 40), classes that `instanceof` meets among
    // them: each of these is exported by the root and by its module's subpath.
    expect(required.pairs).toBeGreaterThanOrEqual(35);
    for (const [name, subpath] of [
      ['InMemoryStore', 'airq/store'],
      ['IngestError', 'airq/store'],
      ['computeIndex', 'airq/indexes'],
      ['measurementWindows', 'airq/time'],
    ]) {
      expect(required.exported.airq, name).toContain(name);
      expect(required.exported[subpath!], name).toContain(name);
    }
    expect(required.copies).toEqual([]);
  });

  it('under import, a function or class exported by two subpaths is one object', () => {
    expect(imported.pairs).toBe(required.pairs);
    expect(imported.copies).toEqual([]);
  });

  it('require and import in one process hand out the same objects', () => {
    const mixed = run(
      'mixed.mjs',
      `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
// Each subpath twice, by require then import or the other way round, alternately.
const loads = JSON.parse(process.argv[2]).flatMap((s, i) =>
  i % 2 === 0 ? ['require ' + s, 'import ' + s] : ['import ' + s, 'require ' + s]);
const load = (item) => {
  const [how, s] = item.split(' ');
  return how === 'require' ? require(s) : import(s);
};
process.stdout.write(JSON.stringify(await census(loads, load)));`,
    );
    // Every name is compared once more for its second load.
    const names = Object.values(required.exported).flat().length;
    expect(mixed.pairs).toBe(required.pairs + names);
    expect(mixed.copies).toEqual([]);
  });
});
