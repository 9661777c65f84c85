/**
 * The map tiles the page draws under the installations: a `{z}/{x}/{y}` URL template and the
 * attribution the tile provider requires, or none at all (`--tiles none`, or no internet: the
 * page draws the same markers, outline and scale on a plain background).
 */
export interface MapTiles {
  /** An `http(s)` URL template with `{z}`, `{x}` and `{y}` (and optionally `{s}`, `{r}`). */
  readonly url: string;
  /** Plain text shown in the map's corner (never HTML: the page writes it as text). */
  readonly attribution: string;
  /** Where the attribution links to, if anywhere. */
  readonly attributionUrl?: string | undefined;
}

/** The default tiles: OpenStreetMap's standard layer. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The attribution of the default tiles, as OpenStreetMap's licence and tile usage policy ask
 * (https://www.openstreetmap.org/copyright, https://operations.osmfoundation.org/policies/tiles/):
 * "© OpenStreetMap contributors", linked to the copyright page.
 */
export const DEFAULT_TILES: MapTiles = Object.freeze({
  url: DEFAULT_TILE_URL,
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
});

/**
 * Why a tile URL template cannot be used, or `undefined` when it can: it must be an absolute
 * `http:` or `https:` URL holding `{z}`, `{x}` and `{y}`, with no other `{…}` than `{s}` and
 * `{r}` (Leaflet's subdomain and retina placeholders), and no quote, space or angle bracket
 * (it goes into the page's HTML and Content-Security-Policy).
 *
 * @example
 * tileUrlProblem('https://tile.openstreetmap.org/{z}/{x}/{y}.png'); // → undefined
 * tileUrlProblem('tiles/{z}/{x}.png'); // → 'must be an http(s) URL with {z}, {x} and {y}'
 */
export function tileUrlProblem(url: string): string | undefined {
  const expected = 'must be an http(s) URL with {z}, {x} and {y}';
  if (!/^https?:\/\/[^/\s"'<>]+/i.test(url) || /[\s"'<>\\]/.test(url)) return expected;
  for (const part of ['{z}', '{x}', '{y}']) if (!url.includes(part)) return expected;
  const others = url.replace(/\{[zxysr]\}/g, '');
  if (/[{}]/.test(others)) return 'may hold no placeholder other than {z}, {x}, {y}, {s} and {r}';
  return undefined;
}

/**
 * The source the page's Content-Security-Policy allows images from for these tiles: the
 * template's scheme and host, with `{s}` (a subdomain letter) as a wildcard.
 *
 * @example
 * tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png'); // → 'https://*.tile.example.org'
 * tileImageSource('http://127.0.0.1:9000/{z}/{x}/{y}.png'); // → 'http://127.0.0.1:9000'
 */
export function tileImageSource(url: string): string {
  const match = /^(https?:\/\/)([^/]+)/i.exec(url);
  if (match === null) throw new RangeError(`tileImageSource: url is not an http(s) URL: ${url}`);
  const host = match[2]!.replace(/^\{s\}\./, '*.').replace(/\{s\}/g, '*');
  return `${match[1]!.toLowerCase()}${host}`;
}
