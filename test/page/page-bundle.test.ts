import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadPageAssets } from '../../src/page/page-assets.js';
import { bundlePage } from '../../src/page/page-bundle.js';
import { pageHtml } from '../../src/page/page-html.js';

// The page's whole transfer: the HTML and every file it loads (it loads nothing from
// elsewhere, and the map has no tiles), gzipped as the server sends them.
const BUDGET_BYTES = 150 * 1024;

describe('the page bundle', () => {
  it('builds from the sources into one script and one style sheet, with uPlot inside', async () => {
    const files = await bundlePage();
    const script = new TextDecoder().decode(files.script);
    // Compared as booleans: a failure must not print 80 KB of minified script.
    expect(script.startsWith('/*! airq page')).toBe(true);
    expect(script.includes('u-legend')).toBe(true);
    // Nothing is fetched from another origin (the SVG namespace is a name, not a request).
    expect(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/.test(script)).toBe(false);
    expect(new TextDecoder().decode(files.style).includes('.u-legend')).toBe(true);
  });

  it('transfers at most 150 KB gzipped in all (HTML, script and styles)', async () => {
    const assets = await loadPageAssets();
    const html = gzipSync(pageHtml({ demoKey: 'demo-0123456789abcdef' }), { level: 9 }).byteLength;
    let total = html;
    for (const asset of assets.values()) total += asset.gzip.byteLength;
    expect(assets.size).toBe(2);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
