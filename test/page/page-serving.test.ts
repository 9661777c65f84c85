import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/cli/start-server.js';
import { pageDemoKey } from '../../src/page/demo-key.js';
import { PAGE_SCRIPT_PATH } from '../../src/page/page-html.js';
import { serveOptions } from '../helpers/page-browser.js';

// `npm start` puts the page in front of /v2: `/` and the page's files are the page's, every
// other path answers as it did before the page existed.
const NOW = '2026-11-21T09:27:00.000Z';
let demo: RunningServer;
let configured: RunningServer;

beforeAll(async () => {
  demo = await startServer(serveOptions(['--now', NOW]));
  configured = await startServer(serveOptions(['--now', NOW, '--keys', 'operator-secret-key']));
});

afterAll(async () => {
  await Promise.all([demo?.close(), configured?.close()]);
});

describe('npm start serves the page', () => {
  it('at / with the generated demo key, and the page bundled from the sources', async () => {
    const page = await fetch(`${demo.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`content="${demo.demoKey}"`);
    const script = await fetch(`${demo.url}${PAGE_SCRIPT_PATH}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript;charset=UTF-8');
  });

  it('never with a key the operator configured', async () => {
    const html = await (await fetch(`${configured.url}/`)).text();
    expect(html).not.toContain('operator-secret-key');
    expect(html).not.toContain('airq-demo-key');
  });

  it('and leaves /v2 and every other path as they were', async () => {
    const key = { apikey: 'operator-secret-key' };
    const meta = await fetch(`${configured.url}/v2/meta/indexes`, { headers: key });
    expect(meta.status).toBe(200);
    expect(meta.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    for (const path of ['/nope', '/index.html', '/page/other.js', '/v2']) {
      const withKey = await fetch(`${configured.url}${path}`, { headers: key });
      expect(withKey.status).toBe(404);
      expect(withKey.headers.get('content-type')).toBe('application/json;charset=UTF-8');
      const withoutKey = await fetch(`${configured.url}${path}`);
      expect(withoutKey.status).toBe(401);
    }
    const post = await fetch(`${configured.url}/`, { method: 'POST', headers: key });
    expect(post.status).toBe(405);
  });
});

describe('pageDemoKey', () => {
  it('gives the page the demo key on loopback only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])
      expect(pageDemoKey('demo-k', host)).toBe('demo-k');
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'example.org', '127.0.0.1.example.org'])
      expect(pageDemoKey('demo-k', host)).toBeUndefined();
    expect(pageDemoKey(undefined, '127.0.0.1')).toBeUndefined();
  });

  it('so npm start on every interface asks for the key instead', async () => {
    const open = await startServer(serveOptions(['--now', NOW, '--host', '0.0.0.0']));
    try {
      expect(open.demoKey).toBeDefined();
      const html = await (await fetch(`${open.url}/`)).text();
      expect(html).not.toContain('airq-demo-key');
      expect(html).not.toContain(open.demoKey);
    } finally {
      await open.close();
    }
  });
});
