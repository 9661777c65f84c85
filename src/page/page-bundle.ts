import { fileURLToPath } from 'node:url';

/** The page's two built files. */
export interface PageFiles {
  /** `app.js`: the page's script with uPlot and Leaflet, one ES module. */
  readonly script: Uint8Array;
  /** `app.css`: the page's styles with uPlot's and Leaflet's. */
  readonly style: Uint8Array;
}

/** The file names of {@link PageFiles} in a built copy (`dist/page/`). */
export const PAGE_FILE_NAMES = Object.freeze({ script: 'app.js', style: 'app.css' });

// A specifier in a variable: the package build (tsup) must leave esbuild, a dev dependency,
// out of dist/ instead of bundling it. An installed package never gets here: it has the
// built copy.
const ESBUILD = 'esbuild';

/**
 * Bundles the page from its sources (`src/page/client/main.ts` and `page.css`) with esbuild,
 * minified, in memory. Used by `npm run build` to write `dist/page/`, and by the server of a
 * fresh clone, which has the sources and esbuild (a dev dependency) but no build.
 *
 * @throws when esbuild is not installed or the sources do not compile
 */
export async function bundlePage(): Promise<PageFiles> {
  const esbuild: typeof import('esbuild') = await import(ESBUILD);
  const source = (name: string) => fileURLToPath(new URL(`./client/${name}`, import.meta.url));
  const result = await esbuild.build({
    entryPoints: [
      { in: source('main.ts'), out: 'app' },
      { in: source('page.css'), out: 'app' },
    ],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    outdir: 'page',
    write: false,
    logLevel: 'silent',
    // Leaflet's style sheet names marker and layer-switcher images the page never shows.
    loader: { '.png': 'empty' },
    // uPlot's minified build carries no licence comment of its own; the bundle names it.
    banner: {
      js: '/*! airq page. Bundles uPlot (MIT licence, Leon Sorokin, github.com/leeoniya/uPlot) and Leaflet (BSD-2-Clause licence, Volodymyr Agafonkin and contributors, github.com/Leaflet/Leaflet). */',
    },
    legalComments: 'eof',
  });
  const file = (extension: string) => {
    const found = result.outputFiles.find((output) => output.path.endsWith(`app.${extension}`));
    if (found === undefined) throw new Error(`airq page: esbuild wrote no app.${extension}`);
    return found.contents;
  };
  return { script: file('js'), style: file('css') };
}
