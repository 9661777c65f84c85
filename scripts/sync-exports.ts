// Writes package.json's `exports` map from scripts/entries.ts; with --check it only
// verifies that the committed map matches (CI runs it that way).
import { readFileSync, writeFileSync } from 'node:fs';
import { PUBLIC_ENTRIES } from './entries.js';

const packagePath = new URL('../package.json', import.meta.url);
const manifest = JSON.parse(readFileSync(packagePath, 'utf8'));

const exportsMap: Record<string, unknown> = {};
for (const name of Object.keys(PUBLIC_ENTRIES)) {
  const subpath = name === 'index' ? '.' : `./${name}`;
  // ES modules only: `import` and `require` (Node's require(esm)) load the same file.
  exportsMap[subpath] = { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` };
}
// The OpenAPI document of the adapter, written at build by scripts/write-openapi.ts.
exportsMap['./openapi.json'] = './dist/openapi.json';
exportsMap['./package.json'] = './package.json';

const expected = JSON.stringify(exportsMap);
if (process.argv.includes('--check')) {
  if (JSON.stringify(manifest.exports) !== expected) {
    console.error('package.json exports are out of date: run `npm run sync:exports`');
    process.exit(1);
  }
  console.log(`exports map matches ${Object.keys(PUBLIC_ENTRIES).length} entries`);
} else {
  manifest.exports = exportsMap;
  writeFileSync(packagePath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${Object.keys(exportsMap).length} exports`);
}
