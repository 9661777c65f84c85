import { type MapTiles, tileImageSource } from './map-tiles.js';

/** Paths of the page's files, as the HTML refers to them. */
export const PAGE_SCRIPT_PATH = '/page/app.js';
export const PAGE_STYLE_PATH = '/page/app.css';

/**
 * The page's Content-Security-Policy: its own files and `/v2` on its own origin, and images
 * from the tile server (when there is one), nothing else.
 *
 * @example
 * pageContentSecurityPolicy(undefined).includes("img-src 'self' data:;"); // → true
 */
export function pageContentSecurityPolicy(tiles: MapTiles | undefined): string {
  const images = tiles === undefined ? '' : ` ${tileImageSource(tiles.url)}`;
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:${images}; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

/** The names of the `<meta>` elements that tell the script which tiles to draw. */
export const TILE_META_NAMES = Object.freeze({
  url: 'airq-tiles',
  attribution: 'airq-tiles-attribution',
  attributionUrl: 'airq-tiles-attribution-url',
});

/**
 * A credit the page shows under the map for data it did not measure itself (a followed
 * open-data source, `src/follow/source-attributions.ts`): plain text, linked when a URL is
 * given, with the licence's name, linked too. The script links only `http(s)` URLs.
 */
export interface DataAttribution {
  readonly text: string;
  readonly url?: string | undefined;
  readonly licence?: string | undefined;
  readonly licenceUrl?: string | undefined;
}

/**
 * The `<meta>` element of each {@link DataAttribution}: its text in `content`, its URLs and
 * licence in `data-` attributes, one element per credit, in order.
 */
export const DATA_ATTRIBUTION_META = Object.freeze({
  name: 'airq-data-attribution',
  url: 'data-url',
  licence: 'data-licence',
  licenceUrl: 'data-licence-url',
});

function meta(name: string, content: string | undefined): string {
  return content === undefined
    ? ''
    : `\n<meta name="${name}" content="${escapeAttribute(content)}">`;
}

function attributionMeta(attribution: DataAttribution): string {
  const { url, licence, licenceUrl } = DATA_ATTRIBUTION_META;
  const extra = [
    [url, attribution.url],
    [licence, attribution.licence],
    [licenceUrl, attribution.licenceUrl],
  ]
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const content = escapeAttribute(attribution.text);
  return `\n<meta name="${DATA_ATTRIBUTION_META.name}" content="${content}"${extra}>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's HTML: the frame the script fills in. `demoKey` is the key a plain `npm start`
 * generated; it is written into the page only then (a key the operator configured never is).
 * `tiles` are the map tiles (none when absent), handed to the script in `<meta>` elements, and
 * so are `attributions`, the credits of followed data sources (none when absent: the page is
 * then the same as without them).
 *
 * @example
 * pageHtml({}).includes('data-testid="index-type"'); // → true
 * pageHtml({ tiles: DEFAULT_TILES }).includes('<meta name="airq-tiles" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png">'); // → true
 * pageHtml({ attributions: [{ text: 'OpenAQ', url: 'https://openaq.org' }] })
 *   .includes('<meta name="airq-data-attribution" content="OpenAQ" data-url="https://openaq.org">'); // → true
 */
export function pageHtml(options: {
  readonly demoKey?: string | undefined;
  readonly tiles?: MapTiles | undefined;
  readonly attributions?: readonly DataAttribution[] | undefined;
}): string {
  const { tiles } = options;
  const metas =
    meta('airq-demo-key', options.demoKey) +
    meta(TILE_META_NAMES.url, tiles?.url) +
    meta(TILE_META_NAMES.attribution, tiles?.attribution) +
    meta(TILE_META_NAMES.attributionUrl, tiles?.attributionUrl) +
    (options.attributions ?? []).map(attributionMeta).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>airq</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${PAGE_STYLE_PATH}">${metas}
<script type="module" src="${PAGE_SCRIPT_PATH}"></script>
</head>
<body>
<header>
  <h1 data-text="title">airq</h1>
  <p data-text="intro"></p>
  <div class="controls">
    <label><span data-text="indexLabel">Index</span>
      <select data-testid="index-type"><option value="VENDOR_CAQI">VENDOR_CAQI</option></select></label>
    <label><span data-text="languageLabel">Language</span>
      <select data-testid="language"><option value="en" lang="en">English</option><option value="pl" lang="pl">polski</option></select></label>
  </div>
  <form data-testid="key-form" hidden>
    <p data-testid="key-message"></p>
    <label><span data-text="keyLabel">API key</span> <input name="key" autocomplete="off" spellcheck="false" required></label>
    <button type="submit" data-text="keyButton">Use key</button>
  </form>
  <p data-testid="status" role="status" aria-live="polite"></p>
</header>
<main>
  <div class="map-area">
    <div data-testid="map" role="group" aria-labelledby="map-label" aria-describedby="map-help" tabindex="0"></div>
    <p id="map-label" class="visually-hidden" data-text="mapLabel"></p>
    <div class="map-buttons">
      <button type="button" data-action="zoom-in" data-text-label="zoomIn">+</button>
      <button type="button" data-action="zoom-out" data-text-label="zoomOut">−</button>
      <button type="button" data-action="reset" data-text="resetView">Whole network</button>
    </div>
    <p id="map-help" class="help" data-text="mapHelp"></p>
    <p data-testid="tiles-note" class="help" data-text="tilesUnavailable" hidden></p>
    <section data-testid="legend" class="legend" aria-live="polite"></section>
  </div>
  <aside data-testid="panel" aria-labelledby="panel-title" hidden></aside>
</main>
</body>
</html>
`;
}
