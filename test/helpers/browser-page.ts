import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { createApi } from '../../src/http/create-api.js';
import { createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { createSampleNetwork } from '../../src/sample/index.js';
import { startTestServer, type TestServer } from './http-client.js';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's headless Chromium, driven by playwright-core (no browser download). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A page origin on loopback: an HTML page, plus the files of `scripts` as ES modules. */
export interface PageServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves a page (and, when given, the `.js` files of a folder) from its own origin. */
export async function startPageServer(
  title: string,
  scripts?: { readonly dir: string; readonly files: readonly string[] },
): Promise<PageServer> {
  const page: Server = createServer((request, response) => {
    const name = (request.url ?? '/').slice(1);
    if (scripts?.files.includes(name) === true) {
      response.writeHead(200, { 'Content-Type': 'text/javascript;charset=UTF-8' });
      response.end(readFileSync(join(scripts.dir, name)));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' });
    response.end(`<!doctype html><title>${title}</title><p>client</p>`);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(page.address() as AddressInfo).port}`,
    async close() {
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    },
  };
}

/** The node:http shell over the sample network at a frozen instant, with one key. */
export function startSampleShell(nowMs: number, key: string): Promise<TestServer> {
  const { store } = createSampleNetwork({ now: nowMs });
  return startTestServer(
    createApi({
      service: createMeasurementsService({ store }),
      keys: [key],
      clock: () => nowMs,
      gzip: createNodeGzip(),
    }),
  );
}
