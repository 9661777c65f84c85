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
// the sixteen indexes share chunks, and only what those chunks mark as free of effects can go.
// Each of the seven indexes of issue 33, imported the same way, must fit the same budget.

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

// A colour found in one index of issue 33 alone (more-indexes.md §4–§9), to tell whether a bundle
// holds that index's levels. DEU_UBA shares all its colours with FRA_ATMO and has none of its own.
const OWN_COLOURS: Readonly<Record<string, string>> = {
  FRA_ATMO: '#872181',
  KOR_CAI: '#0000FF',
  SGP_PSI: '#79C466',
  HKG_AQHI: '#7F3710',
  AUS_AQC: '#41A93B',
  THA_AQI: '#3CCCFF',
};

// Markers of the nine older indexes, as in the US AQI test above, plus the US AQI's own.
const OLDER_INDEX_MARKERS = [
  'UNHEALTHY_FOR_SENSITIVE_GROUPS', // US_AQI
  'AIRMAGEDDON', // VENDOR_CAQI
  'VERY_LOW', // CAQI
  'SATISFACTORY', // PIJP, IN_NAQI
  'LIGHTLY_POLLUTED', // CN_AQI
  'SEVERE', // IN_NAQI
  '#9CFF9C', // UK_DAQI band 1
  '#00CCFF', // CA_AQHI 1
];

describe('each index of issue 33 in a small bundle, imported as the docs block shows', () => {
  // The block of the docs with the definition swapped, concentrations every index reads.
  const blockOf = (definition: string) =>
    [
      `import { computeIndexWith, ${definition} } from 'airq/indexes';`,
      '',
      `const result = computeIndexWith(${definition}, { PM25: 17.4, PM10: 30, NO2: 40, O3: 100 });`,
      'result.value;',
      'result.level;',
    ].join('\n');
  const fromSources = (subpath: string) =>
    join(root, 'src', subpath === 'index' ? '' : subpath, 'index.ts');
  let packageEntries: Promise<(subpath: string) => string> | undefined;
  const fromPackage = () => {
    packageEntries ??= packageBuild().then(
      (dir) => (subpath: string) => join(dir, `${subpath}.js`),
    );
    return packageEntries;
  };

  it.each(['DEU_UBA', 'FRA_ATMO', 'KOR_CAI', 'SGP_PSI', 'HKG_AQHI', 'AUS_AQC', 'THA_AQI'])(
    `%s bundles into at most ${BUDGET_BYTES} bytes from the sources and from a package build`,
    async (name) => {
      for (const entries of [fromSources, await fromPackage()]) {
        const bundle = await minifiedBundle(blockOf(`${name}_INDEX`), entries);
        expect(new TextEncoder().encode(bundle).length).toBeLessThanOrEqual(BUDGET_BYTES);
        if (OWN_COLOURS[name] !== undefined) expect(bundle).toContain(OWN_COLOURS[name]);
        for (const [other, colour] of Object.entries(OWN_COLOURS)) {
          if (other !== name) expect(bundle).not.toContain(colour);
        }
        for (const foreign of OLDER_INDEX_MARKERS) expect(bundle).not.toContain(foreign);
      }
    },
    120_000,
  );
});
