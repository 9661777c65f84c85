import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ENTRIES } from '../../scripts/entries.js';
import { fencedBlocks } from '../docs/doc-blocks.js';
import { buildEsm } from '../helpers/web-bundle.js';

// One index in a small bundle: the first `ts` block under the docs/indexes.md heading that
// contains "small bundle", bundled and minified for the browser with esbuild as a front-end
// would bundle it, must stay within 12,000 bytes and hold no other index's tables or texts.
// The block's `airq/...` imports resolve to the src entries, as the doc tests do, and then to
// the entries of an ESM build made as the package's (tsup, code splitting, tree shaking): there
// the nine indexes share chunks, and only what those chunks mark as free of effects can go.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_BYTES = 12_000;

/** The first `ts` block after the first heading whose text contains `words`. */
function firstBlockUnder(markdown: string, words: string): string {
  const lines = markdown.split('\n');
  const heading = lines.findIndex(
    (line) => /^#+ /.test(line) && line.toLowerCase().includes(words),
  );
  if (heading < 0) throw new Error(`no heading containing "${words}"`);
  const block = fencedBlocks(markdown, 'docs/indexes.md').find(
    ({ language, line }) => language === 'ts' && line > heading + 1,
  );
  if (block === undefined) throw new Error(`no ts block under "${words}"`);
  return block.code;
}

// The ESM build of every public entry, as the package's, in a folder whose package.json says
// what the package's says: no side effects.
async function packageBuild(): Promise<string> {
  const { dir } = await buildEsm(PUBLIC_ENTRIES, { browser: false });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', sideEffects: false }));
  return dir;
}

async function minifiedBundle(code: string, entryOf: (subpath: string) => string): Promise<string> {
  const result = await build({
    stdin: { contents: code, loader: 'ts', resolveDir: root, sourcefile: 'small-bundle.ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'airq-from-src',
        setup(bundle) {
          bundle.onResolve({ filter: /^airq(\/.*)?$/ }, ({ path }) => ({
            path: entryOf(path.slice('airq/'.length) || 'index'),
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

describe('docs/indexes.md: one index in a small bundle', () => {
  const block = firstBlockUnder(
    readFileSync(join(root, 'docs/indexes.md'), 'utf8'),
    'small bundle',
  );

  it('computes a US AQI', () => {
    expect(block).toMatch(/from 'airq\/indexes'/);
    expect(block).toMatch(/US_AQI/);
  });

  const fromSources = (subpath: string) =>
    join(root, 'src', subpath === 'index' ? '' : subpath, 'index.ts');

  it.each([
    ['the sources', async () => fromSources],
    [
      'an ESM build like the package',
      async () => {
        const dir = await packageBuild();
        return (subpath: string) => join(dir, `${subpath}.js`);
      },
    ],
  ])(
    `bundles from %s into at most ${BUDGET_BYTES} bytes, minified, with the US AQI alone`,
    async (_, entries) => {
      const bundle = await minifiedBundle(block, await entries());
      expect(new TextEncoder().encode(bundle).length).toBeLessThanOrEqual(BUDGET_BYTES);
      // Its own levels and texts are in; no level name found only in another index is.
      expect(bundle).toContain('UNHEALTHY_FOR_SENSITIVE_GROUPS');
      expect(bundle).toContain('Hazardous air');
      for (const foreign of [
        'AIRMAGEDDON', // VENDOR_CAQI
        'VERY_LOW', // CAQI
        'SATISFACTORY', // PIJP, IN_NAQI
        'EXTREMELY_POOR', // EAQI
        'LIGHTLY_POLLUTED', // CN_AQI
        'SEVERE', // IN_NAQI
        '#9CFF9C', // UK_DAQI band 1
        '#00CCFF', // CA_AQHI 1
      ]) {
        expect(bundle).not.toContain(foreign);
      }
    },
    120_000,
  );
});
