// `npm run build`, after tsup: bundles the page at `/` into dist/page/ (app.js, app.css),
// which the built server serves. Without it the server bundles the page from src/ at run time.
import { mkdir, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { bundlePage, PAGE_FILE_NAMES } from '../src/page/page-bundle.js';

const outDir = new URL('../dist/page/', import.meta.url);
const files = await bundlePage();
await mkdir(outDir, { recursive: true });
await writeFile(new URL(PAGE_FILE_NAMES.script, outDir), files.script);
await writeFile(new URL(PAGE_FILE_NAMES.style, outDir), files.style);
const kb = (bytes: Uint8Array) => (gzipSync(bytes, { level: 9 }).byteLength / 1024).toFixed(1);
console.log(
  `dist/page: ${PAGE_FILE_NAMES.script} ${kb(files.script)} KB gzip, ${PAGE_FILE_NAMES.style} ${kb(files.style)} KB gzip`,
);
