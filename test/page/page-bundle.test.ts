import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadPageAssets } from '../../src/page/page-assets.js';
import { bundlePage } from '../../src/page/page-bundle.js';
import { pageHtml } from '../../src/page/page-html.js';

// The page's whole transfer: the HTML and every file it loads from its server, gzipped as the
// server sends them. The map tiles come from the tile server (--tiles), not counted here.
const BUDGET_BYTES = 150 * 1024;

describe('the page bundle', () => {
  it('builds from the sources into one script and one style sheet, with uPlot and Leaflet inside', async () => {
    const files = await bundlePage();
    const script = new TextDecoder().decode(files.script);
    // Compared as booleans: a failure must not print 80 KB of minified script.
    expect(script.startsWith('/*! airq page')).toBe(true);
    expect(script.includes('u-legend')).toBe(true);
    expect(script.includes('leaflet-container')).toBe(true);
    // No address of another origin is in the script: the SVG namespace is a name, not a
    // request, and leafletjs.com is the link of Leaflet's attribution prefix, which the page
    // turns off. The tiles' address comes from the HTML.
    expect(/https?:\/\/(?!www\.w3\.org\/2000\/svg|leafletjs\.com)/.test(script)).toBe(false);
    const style = new TextDecoder().decode(files.style);
    expect(style.includes('.u-legend')).toBe(true);
    expect(style.includes('.leaflet-pane')).toBe(true);
    // Leaflet's images are not shipped: the page draws no default marker or layer switcher.
    expect(/url\([^)]*\.png/.test(style)).toBe(false);
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
