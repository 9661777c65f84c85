import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageAssets, pageAsset } from '../../src/page/page-assets.js';
import { PAGE_SCRIPT_PATH, PAGE_STYLE_PATH } from '../../src/page/page-html.js';
import { createPageListener } from '../../src/page/page-listener.js';
import { rawRequest } from '../helpers/http-client.js';

// The page's listener in front of a stand-in for the API that echoes what reached it, on a
// real socket. The page's files here are small fixed bytes; the real bundle is checked in
// page-bundle.test.ts.
const POLICY_WITHOUT_TILES =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const SCRIPT = new TextEncoder().encode('console.log("page");'.repeat(50));
const STYLE = new TextEncoder().encode('body{margin:0}');
const assets: PageAssets = new Map([
  [PAGE_SCRIPT_PATH, pageAsset(SCRIPT, 'text/javascript;charset=UTF-8')],
  [PAGE_STYLE_PATH, pageAsset(STYLE, 'text/css;charset=UTF-8')],
]);

function behindTheApi(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(418, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ reached: 'api', method: request.method, url: request.url }));
}

async function listen(
  listener: (q: IncomingMessage, s: ServerResponse) => void,
): Promise<{ server: Server; origin: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let plain: { server: Server; origin: string };
let demo: { server: Server; origin: string };
let loads = 0;

beforeAll(async () => {
  plain = await listen(
    createPageListener(behindTheApi, {
      loadAssets: async () => {
        loads++;
        return assets;
      },
    }),
  );
  demo = await listen(
    createPageListener(behindTheApi, {
      demoKey: 'demo-"<k>',
      tiles: {
        url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        attribution: '© "Example" <maps>',
        attributionUrl: 'https://example.org/terms',
      },
      loadAssets: async () => assets,
    }),
  );
});

afterAll(async () => {
  for (const { server } of [plain, demo]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('createPageListener', () => {
  it('answers GET / with the page, its CSP, never cached, and no key unless a demo key was given', async () => {
    const response = await fetch(`${plain.origin}/?lang=pl`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html;charset=UTF-8');
    expect(response.headers.get('content-security-policy')).toBe(POLICY_WITHOUT_TILES);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(`<script type="module" src="${PAGE_SCRIPT_PATH}">`);
    expect(html).toContain('data-testid="index-type"');
    expect(html).toContain('data-testid="language"');
    expect(html).not.toContain('airq-demo-key');
    expect(html).not.toContain('airq-tiles');
    const demoResponse = await fetch(`${demo.origin}/`);
    const withDemo = await demoResponse.text();
    expect(withDemo).toContain('<meta name="airq-demo-key" content="demo-&#34;&#60;k&#62;">');
    // The tiles, for the script, and images from their host (any subdomain) for the policy.
    expect(withDemo).toContain(
      '<meta name="airq-tiles" content="https://{s}.tiles.example.org/{z}/{x}/{y}.png">',
    );
    expect(withDemo).toContain(
      '<meta name="airq-tiles-attribution" content="© &#34;Example&#34; &#60;maps&#62;">',
    );
    expect(withDemo).toContain(
      '<meta name="airq-tiles-attribution-url" content="https://example.org/terms">',
    );
    expect(demoResponse.headers.get('content-security-policy')).toBe(
      POLICY_WITHOUT_TILES.replace('data:;', 'data: https://*.tiles.example.org;'),
    );
  });

  it("writes the followed sources' credits into the page and keeps its policy", async () => {
    const followed = await listen(
      createPageListener(behindTheApi, {
        attributions: [
          {
            text: 'Sensor.Community',
            url: 'https://sensor.community',
            licence: 'ODbL 1.0',
            licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
          },
        ],
        loadAssets: async () => assets,
      }),
    );
    try {
      const response = await fetch(`${followed.origin}/`);
      expect(await response.text()).toContain(
        '<meta name="airq-data-attribution" content="Sensor.Community" data-url="https://sensor.community" data-licence="ODbL 1.0" data-licence-url="https://opendatacommons.org/licenses/odbl/1-0/">',
      );
      // Links need no policy: no new origin for images, scripts or requests.
      expect(response.headers.get('content-security-policy')).toBe(POLICY_WITHOUT_TILES);
      expect(await (await fetch(`${plain.origin}/`)).text()).not.toContain('airq-data-attribution');
    } finally {
      followed.server.closeAllConnections();
      await new Promise((resolve) => followed.server.close(resolve));
    }
  });

  it('serves the files gzipped when asked, with a validator, and 304 when it matches', async () => {
    const port = Number(new URL(plain.origin).port);
    const gzipped = await rawRequest(port, PAGE_SCRIPT_PATH, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.byteLength);
    expect(gzipped.body.byteLength).toBeLessThan(SCRIPT.byteLength);
    expect(new Uint8Array(gunzipSync(gzipped.body))).toEqual(SCRIPT);
    const refused = await rawRequest(port, PAGE_SCRIPT_PATH, {
      headers: { 'Accept-Encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const identity = await fetch(`${plain.origin}${PAGE_STYLE_PATH}`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('content-type')).toBe('text/css;charset=UTF-8');
    expect(await identity.text()).toBe('body{margin:0}');
    const etag = identity.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${plain.origin}${PAGE_STYLE_PATH}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${plain.origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('hands /v2, other paths, other methods and unknown page files to the API untouched', async () => {
    for (const [method, path] of [
      ['GET', '/v2/meta/indexes?x=1'],
      ['GET', '/nope'],
      ['GET', '/index.html'],
      ['GET', '/page/missing.js'],
      ['POST', '/'],
      ['DELETE', PAGE_SCRIPT_PATH],
    ] as const) {
      const response = await fetch(`${plain.origin}${path}`, { method });
      expect(response.status).toBe(418);
      expect(await response.json()).toEqual({ reached: 'api', method, url: path });
    }
  });

  it('loads the files once, at the first request for the page', () => {
    expect(loads).toBe(1);
  });

  it('answers / with 500 and the reason when the files cannot be loaded, and the API goes on', async () => {
    const broken = await listen(
      createPageListener(behindTheApi, {
        loadAssets: () => Promise.reject(new Error('no esbuild')),
      }),
    );
    try {
      const response = await fetch(`${broken.origin}/`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('airq: the page could not be built: no esbuild\n');
      expect((await fetch(`${broken.origin}/v2/meta/indexes`)).status).toBe(418);
    } finally {
      broken.server.closeAllConnections();
      await new Promise((resolve) => broken.server.close(resolve));
    }
  });
});
