import { TILE_META_NAMES } from '../page-html.js';

/** The tile layer as the map needs it: the URL template and the attribution as HTML. */
export interface TileChoice {
  /** A `{z}/{x}/{y}` URL template. */
  readonly url: string;
  /** The attribution, escaped, linked when a link was given (Leaflet shows it as HTML). */
  readonly attributionHtml: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The tiles the server chose (`--tiles`), from the three values of its `<meta>` elements:
 * `undefined` without a URL (`--tiles none`). The attribution is text from the operator and is
 * escaped before Leaflet writes it as HTML; only a `http(s)` link is kept.
 *
 * @example
 * tileChoice('https://t.example/{z}/{x}/{y}.png', '© Example', 'https://example.org/terms');
 * // → { url: 'https://t.example/{z}/{x}/{y}.png',
 * //     attributionHtml: '<a href="https://example.org/terms">© Example</a>' }
 */
export function tileChoice(
  url: string | undefined,
  attribution: string | undefined,
  attributionUrl: string | undefined,
): TileChoice | undefined {
  if (url === undefined || url === '') return undefined;
  const text = escapeHtml(attribution ?? '');
  const link = attributionUrl !== undefined && /^https?:\/\//i.test(attributionUrl);
  return {
    url,
    attributionHtml: link ? `<a href="${escapeHtml(attributionUrl)}">${text}</a>` : text,
  };
}

/** The tiles named in the page's `<meta>` elements (see `src/page/page-html.ts`). */
export function readTileChoice(): TileChoice | undefined {
  const meta = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return tileChoice(
    meta(TILE_META_NAMES.url),
    meta(TILE_META_NAMES.attribution),
    meta(TILE_META_NAMES.attributionUrl),
  );
}
