import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';

/** The public entries a page or a Buffer-less process needs to serve the sample network. */
const WEB_ENTRIES = Object.freeze({
  http: 'src/http/index.ts',
  payload: 'src/payload/index.ts',
  sample: 'src/sample/index.ts',
});

/**
 * Builds `entries` as the package's ESM build does (tsup, code splitting, tree shaking),
 * without declarations, into a fresh temporary folder. `browser` targets a page instead of
 * Node and bundles the dependencies too, so a page can load the files without a resolver.
 * Returns the folder and its file names.
 */
export async function buildEsm(
  entries: Readonly<Record<string, string>>,
  { browser }: { browser: boolean },
): Promise<{ dir: string; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'airq-esm-'));
  await build({
    entry: { ...entries },
    format: ['esm'],
    outDir: dir,
    dts: false,
    sourcemap: false,
    splitting: true,
    treeshake: true,
    ...(browser
      ? { platform: 'browser' as const, target: 'es2022', noExternal: [/.*/] }
      : { target: 'node20' }),
    silent: true,
    config: false,
  });
  return { dir, files: readdirSync(dir) };
}

/** `airq/http`, `airq/payload` and `airq/sample` built for a page (see {@link buildEsm}). */
export function buildWebBundle(): Promise<{ dir: string; files: string[] }> {
  return buildEsm(WEB_ENTRIES, { browser: true });
}

/** Every `node:` or bare Node built-in import left in the built files (must be none). */
export function nodeImports(dir: string, files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(
      /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["'](node:[^"']+|buffer|zlib|crypto|http|stream)["']/g,
    ))
      found.push(`${file}: ${match[1]}`);
    if (/\bBuffer\./.test(text)) found.push(`${file}: Buffer`);
  }
  return found;
}
