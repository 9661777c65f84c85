// Every subpath that is not Node-only by design bundles for the browser with esbuild, Vite,
// Rollup and webpack as a front-end project would call them: the packed package installed, an
// entry that imports the whole subpath, no externals, no polyfills, no options beyond "browser"
// and the output folder. A module a bundler cannot resolve (`fs/promises`, `node:crypto`) fails
// the build, or, where a bundler only warns and leaves the import in place, fails the test.
//
// The bytes of each bundle (the entry and every chunk it loads) are printed for docs/design.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import * as esbuild from 'esbuild';
import { type OutputChunk, rollup } from 'rollup';
import { build as viteBuild } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import webpack from 'webpack';
import { NODE_ONLY_ENTRIES } from '../../scripts/entries.js';
import { type PackedPackage, packedPackage, publicSubpaths } from './packed-package.js';

const NODE_ONLY_SUBPATHS = NODE_ONLY_ENTRIES.map((entry) => `airq/${entry}`);

let packed: PackedPackage;
let subpaths: string[];
/** Entry name (`airq_time`) → the entry file's path in the consumer project. */
const entries: Record<string, string> = {};
const bytes: Record<string, Record<string, number>> = {};

const entryName = (subpath: string) => subpath.replaceAll('/', '_');

beforeAll(async () => {
  packed = await packedPackage();
  subpaths = publicSubpaths(packed.packageDir).filter((s) => !NODE_ONLY_SUBPATHS.includes(s));
  const dir = join(packed.projectDir, 'browser-entries');
  mkdirSync(dir, { recursive: true });
  for (const subpath of subpaths) {
    const file = join(dir, `${entryName(subpath)}.js`);
    // The whole namespace is kept, so nothing of the subpath can be dropped as unused.
    writeFileSync(file, `import * as airq from '${subpath}';\nglobalThis.airq = airq;\n`);
    entries[entryName(subpath)] = file;
  }
}, 300_000);

function record(bundler: string, sizes: Record<string, number>): void {
  for (const subpath of subpaths) {
    const size = sizes[entryName(subpath)];
    expect(size, `${bundler} bundle of ${subpath}`).toBeGreaterThan(0);
    bytes[subpath] = { ...bytes[subpath], [bundler]: size ?? 0 };
  }
}

function outDir(bundler: string): string {
  const dir = join(packed.projectDir, 'browser-out', bundler);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** Bytes of a Rollup-style output's entry chunk plus every chunk it imports, by entry name. */
function chunkSizes(output: readonly { type: string }[]): Record<string, number> {
  const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const sizes: Record<string, number> = {};
  for (const chunk of chunks) {
    // An import that names no chunk of the output is a module left outside the bundle.
    const outside = [...chunk.imports, ...chunk.dynamicImports].filter((file) => !byFile.has(file));
    expect(outside, chunk.fileName).toEqual([]);
    // Vite replaces a Node built-in with a module that throws when loaded ("externalized for
    // browser compatibility"), without a warning: the build passes and the page fails.
    const stubs = chunk.moduleIds.filter((id) => id.includes('__vite-browser-external'));
    expect(stubs, chunk.fileName).toEqual([]);
    if (!chunk.isEntry) continue;
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    sizes[chunk.name] = [...seen].reduce(
      (sum, file) => sum + Buffer.byteLength(byFile.get(file)?.code ?? ''),
      0,
    );
  }
  return sizes;
}

describe('every subpath that is not Node-only bundles for the browser', () => {
  it('covers every public subpath but the six Node-only ones', () => {
    expect(NODE_ONLY_SUBPATHS.sort()).toEqual([
      'airq/follow',
      'airq/http/node',
      'airq/http/redis',
      'airq/import',
      'airq/store/journal',
      'airq/store/postgres',
    ]);
    expect(subpaths).toEqual(expect.arrayContaining(['airq', 'airq/store', 'airq/http']));
  });

  it('with esbuild --bundle --platform=browser --minify', async () => {
    const dir = outDir('esbuild');
    const result = await esbuild.build({
      entryPoints: entries,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      outdir: dir,
      absWorkingDir: packed.projectDir,
      logLevel: 'silent',
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const outputs = Object.values(result.metafile.outputs);
    expect(outputs.flatMap((output) => output.imports.filter((i) => i.external))).toEqual([]);
    const sizes: Record<string, number> = {};
    for (const name of Object.keys(entries)) {
      sizes[name] = Buffer.byteLength(readFileSync(join(dir, `${name}.js`)));
    }
    record('esbuild', sizes);
  }, 120_000);

  it('with Vite (vite build, its defaults)', async () => {
    const result = await viteBuild({
      root: packed.projectDir,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, rolldownOptions: { input: entries } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) =>
      'output' in item ? item.output : [],
    );
    record('vite', chunkSizes(outputs));
  }, 180_000);

  it('with Rollup and @rollup/plugin-node-resolve in browser mode (not minified)', async () => {
    const warnings: string[] = [];
    const bundle = await rollup({
      input: entries,
      plugins: [nodeResolve({ browser: true })],
      onwarn: (warning) => {
        warnings.push(`${warning.code}: ${warning.message}`);
      },
    });
    const { output } = await bundle.generate({ format: 'es' });
    await bundle.close();
    // Rollup leaves a module it cannot resolve as an external import, with a warning.
    expect(warnings.filter((warning) => warning.startsWith('UNRESOLVED_IMPORT'))).toEqual([]);
    record('rollup', chunkSizes(output));
  }, 180_000);

  it('with webpack in production mode', async () => {
    const dir = outDir('webpack');
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      webpack(
        { mode: 'production', context: packed.projectDir, entry: entries, output: { path: dir } },
        (error, result) => (error || result === undefined ? reject(error) : resolve(result)),
      );
    });
    const json = stats.toJson({ all: false, errors: true, warnings: true, modules: true });
    const { errors = [], warnings = [], modules = [] } = json;
    expect(errors.map((error) => error.message)).toEqual([]);
    // Only the size advice of production mode may remain ("asset size limit").
    const problems = warnings.filter((warning) => !/size limit/i.test(warning.message));
    expect(problems.map((warning) => warning.message)).toEqual([]);
    const externals = modules.filter((module) => module.identifier?.startsWith('external '));
    expect(externals.map((module) => module.identifier)).toEqual([]);
    expect(modules.length).toBeGreaterThan(subpaths.length);
    const sizes: Record<string, number> = {};
    for (const name of Object.keys(entries)) {
      sizes[name] = Buffer.byteLength(readFileSync(join(dir, `${name}.js`)));
    }
    record('webpack', sizes);
    console.info(`browser bundle bytes per subpath\n${JSON.stringify(bytes, null, 1)}`);
  }, 180_000);
});
