/** Paths of the page's files, as the HTML refers to them. */
export const PAGE_SCRIPT_PATH = '/page/app.js';
export const PAGE_STYLE_PATH = '/page/app.css';

/** The page's Content-Security-Policy: its own files and `/v2` on its own origin, nothing else. */
export const PAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's HTML: the frame the script fills in. `demoKey` is the key a plain `npm start`
 * generated; it is written into the page only then (a key the operator configured never is).
 *
 * @example
 * pageHtml({}).includes('data-testid="index-type"'); // → true
 */
export function pageHtml(options: { readonly demoKey?: string | undefined }): string {
  const demo =
    options.demoKey === undefined
      ? ''
      : `\n<meta name="airq-demo-key" content="${escapeAttribute(options.demoKey)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>airq</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${PAGE_STYLE_PATH}">${demo}
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
    <svg data-testid="map" role="group" aria-labelledby="map-label" aria-describedby="map-help" tabindex="0"></svg>
    <p id="map-label" class="visually-hidden" data-text="mapLabel"></p>
    <div class="map-buttons">
      <button type="button" data-action="zoom-in" data-text-label="zoomIn">+</button>
      <button type="button" data-action="zoom-out" data-text-label="zoomOut">−</button>
      <button type="button" data-action="reset" data-text="resetView">Whole network</button>
    </div>
    <p id="map-help" class="help" data-text="mapHelp"></p>
    <section data-testid="legend" class="legend" aria-live="polite"></section>
  </div>
  <aside data-testid="panel" aria-labelledby="panel-title" hidden></aside>
</main>
</body>
</html>
`;
}
