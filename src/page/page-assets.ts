import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { bundlePage, PAGE_FILE_NAMES, type PageFiles } from './page-bundle.js';
import { PAGE_SCRIPT_PATH, PAGE_STYLE_PATH } from './page-html.js';

/** One file of the page, ready to send. */
export interface PageAsset {
  readonly body: Uint8Array;
  /** The same bytes gzipped (level 9, once), for clients that accept gzip. */
  readonly gzip: Uint8Array;
  readonly contentType: string;
  /** A strong validator of `body`. */
  readonly etag: string;
}

/** The page's files by request path (`/page/app.js`, `/page/app.css`). */
export type PageAssets = ReadonlyMap<string, PageAsset>;

/** Makes a {@link PageAsset} of some bytes. */
export function pageAsset(body: Uint8Array, contentType: string): PageAsset {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { body, gzip: gzipSync(body, { level: 9 }), contentType, etag: `"${digest}"` };
}

// The built copy sits in `page/` beside the module that reads it: `dist/page/` in the package
// (the CLI's bundle is in dist/). Beside the sources (`src/page/page/`) there is none, so a
// fresh clone always serves the page bundled from its current sources, never a stale build.
async function readBuiltCopy(): Promise<PageFiles | undefined> {
  const file = (name: string) => readFile(new URL(`./page/${name}`, import.meta.url));
  try {
    const [script, style] = await Promise.all([
      file(PAGE_FILE_NAMES.script),
      file(PAGE_FILE_NAMES.style),
    ]);
    return { script, style };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The page's script and styles: the built copy of the package when there is one, else
 * bundled from the sources with esbuild (a fresh clone's `npm start`).
 *
 * @throws when there is no built copy and the sources cannot be bundled
 */
export async function loadPageAssets(): Promise<PageAssets> {
  const files = (await readBuiltCopy()) ?? (await bundlePage());
  return new Map([
    [PAGE_SCRIPT_PATH, pageAsset(files.script, 'text/javascript;charset=UTF-8')],
    [PAGE_STYLE_PATH, pageAsset(files.style, 'text/css;charset=UTF-8')],
  ]);
}
