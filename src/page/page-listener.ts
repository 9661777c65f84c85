import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MapTiles } from './map-tiles.js';
import { loadPageAssets, type PageAsset, type PageAssets, pageAsset } from './page-assets.js';
import { type DataAttribution, pageContentSecurityPolicy, pageHtml } from './page-html.js';

/** A `node:http` request listener. */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** Options of {@link createPageListener}. */
export interface PageListenerOptions {
  /**
   * The key a plain `npm start` generated, written into the page so it works at once. Pass it
   * only for a generated demo key, never for keys an operator configured.
   */
  readonly demoKey?: string | undefined;
  /**
   * The map's tiles (`--tiles`); without them the map has no tile layer. The CLI passes
   * `DEFAULT_TILES` (OpenStreetMap) unless told otherwise.
   */
  readonly tiles?: MapTiles | undefined;
  /**
   * The credits of the open-data sources the server follows (`--follow`), shown under the map
   * with their licences: `sourceAttributions(names)` of `src/follow/source-attributions.ts`.
   * None by default, and the page is then as without them.
   */
  readonly attributions?: readonly DataAttribution[] | undefined;
  /** Where the page's files come from; default {@link loadPageAssets}, called at the first request. */
  readonly loadAssets?: () => Promise<PageAssets>;
}

function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

function acceptsGzip(request: IncomingMessage): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/i.test(header);
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  asset: PageAsset,
  extra: Record<string, string>,
): void {
  const headers: Record<string, string> = {
    'Content-Type': asset.contentType,
    ETag: asset.etag,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...extra,
  };
  if (request.headers['if-none-match'] === asset.etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  const gzip = acceptsGzip(request);
  const body = gzip ? asset.gzip : asset.body;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.byteLength);
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Puts the page in front of another listener: answers `GET` and `HEAD` of `/` (the page) and
 * of the page's files under `/page/`, and hands every other request, `/v2` included, to
 * `next` untouched. The files are loaded once, at the first request for the page, so a server
 * nobody opens the page on never builds it. If they cannot be loaded, `/` answers 500 with
 * the reason as plain text and the API goes on working.
 *
 * @example
 * createServer(createPageListener(createNodeListener(api), { demoKey, tiles: DEFAULT_TILES }));
 * createPageListener(listener, { tiles, attributions: sourceAttributions(['sensor-community']) });
 */
export function createPageListener(
  next: RequestListener,
  options: PageListenerOptions = {},
): RequestListener {
  const html = pageAsset(
    new TextEncoder().encode(
      pageHtml({
        demoKey: options.demoKey,
        tiles: options.tiles,
        attributions: options.attributions,
      }),
    ),
    'text/html;charset=UTF-8',
  );
  const policy = pageContentSecurityPolicy(options.tiles);
  const load = options.loadAssets ?? loadPageAssets;
  let assets: Promise<PageAssets> | undefined;
  return (request, response) => {
    const path = pathOf(request.url);
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || (path !== '/' && !path.startsWith('/page/'))) {
      next(request, response);
      return;
    }
    assets ??= load();
    assets.then(
      (files) => {
        if (path === '/') {
          // The HTML may carry the demo key: never stored by a cache.
          send(request, response, html, {
            'Cache-Control': 'no-store',
            'Content-Security-Policy': policy,
          });
          return;
        }
        const asset = files.get(path);
        if (asset === undefined) next(request, response);
        else send(request, response, asset, { 'Cache-Control': 'no-cache' });
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        response.writeHead(500, { 'Content-Type': 'text/plain;charset=UTF-8' });
        response.end(`airq: the page could not be built: ${reason}\n`);
      },
    );
  };
}
