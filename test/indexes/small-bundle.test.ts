import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// One index in a small bundle: the first `ts` block under the docs/indexes.md heading that
// contains "small bundle", bundled and minified for the browser with esbuild as a front-end
// would bundle it, must stay within 12,000 bytes and hold no other index's tables or texts.
// The block's `airq/...` imports resolve to the src entries, as the doc tests do.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_BYTES = 12_000;

/** The first `ts` block after the first heading whose text contains `words`. */
function firstBlockUnder(markdown: string, words: string): string {
  const lines = markdown.split('\n');
  const heading = lines.findIndex(
    (line) => /^#+ /.test(line) && line.toLowerCase().includes(words),
  );
  if (heading < 0) throw new Error(`no heading containing "${words}"`);
  const open = lines.findIndex((line, i) => i > heading && line.trim() === '```ts');
  if (open < 0) throw new Error(`no ts block under "${words}"`);
  const close = lines.findIndex((line, i) => i > open && line.trim() === '```');
  return lines.slice(open + 1, close).join('\n');
}

async function minifiedBundle(code: string): Promise<string> {
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
            path: join(root, 'src', path.slice('airq'.length) || '/', 'index.ts'),
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

  it(`bundles into at most ${BUDGET_BYTES} bytes, minified, with the US AQI alone`, async () => {
    const bundle = await minifiedBundle(block);
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
  }, 60_000);
});
