import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleShell } from '../helpers/browser-page.js';
import type { TestServer } from '../helpers/http-client.js';
import { buildWebBundle, nodeImports } from '../helpers/web-bundle.js';

// airq/http must load where there is no Buffer and no node: module: it is built as the package
// builds it, then imported by a Node process that deletes globalThis.Buffer first, and its
// Fetch handler's answers are compared with the node:http shell's.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'portable-key';
const PATHS = [
  '/v2/meta/indexes',
  '/v2/installations/nearest?lat=50.0614&lng=19.9366&maxResults=3',
  '/v2/measurements/point?lat=50.0614&lng=19.9366',
  '/v2/measurements/nearest?lat=50.0614&lng=19.9366&indexType=US_AQI',
  '/v2/installations/0',
];

// Runs in the child. Buffer is deleted before the built modules are imported and the adapter is
// built. Serving then needs Node's own Response, whose constructor reads the global Buffer
// (undici's implementation), so from there on Buffer is a getter that records every read made
// directly by code of the built files: the adapter's own reads, which must be none.
const CHILD = `
const realBuffer = globalThis.Buffer;
await new Response(new Request('http://x', { headers: { a: 'b' } }).body).text();
new CompressionStream('gzip'); new DecompressionStream('gzip');
delete globalThis.Buffer;
const [dir, nowMs, key, paths] = [process.argv[1], Number(process.argv[2]), process.argv[3], JSON.parse(process.argv[4])];
const { createApi, createFetchHandler } = await import(dir + '/http.js');
const { createMeasurementsService } = await import(dir + '/payload.js');
const { createSampleNetwork } = await import(dir + '/sample.js');
const bufferGone = typeof Buffer === 'undefined';
const { store } = createSampleNetwork({ now: nowMs });
const api = createApi({ service: createMeasurementsService({ store }), keys: [key], clock: () => nowMs });
const handler = createFetchHandler(api);
const readsByAirq = [];
Object.defineProperty(globalThis, 'Buffer', {
  configurable: true,
  get() {
    const stack = new Error().stack ?? '';
    const caller = stack.split('\\n')[2] ?? '';
    if (caller.includes(dir) && !caller.includes('[eval')) readsByAirq.push(stack);
    return realBuffer;
  },
});
const answers = [];
for (const path of paths) {
  for (const gzip of [false, true]) {
    const headers = { apikey: key, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) };
    const response = await handler(new Request('http://airq.test' + path, { headers }));
    const stream = gzip ? response.body.pipeThrough(new DecompressionStream('gzip')) : response.body;
    const text = await new Response(stream).text();
    answers.push({ path, gzip, status: response.status, encoding: response.headers.get('content-encoding'), json: JSON.parse(text) });
  }
}
process.stdout.write(JSON.stringify({ bufferGone, readsByAirq, answers }));
`;

let bundle: { dir: string; files: string[] };
let shell: TestServer;

beforeAll(async () => {
  bundle = await buildWebBundle();
  shell = await startSampleShell(NOW_MS, KEY);
}, 60_000);

afterAll(async () => {
  await shell?.close();
  if (bundle !== undefined) rmSync(bundle.dir, { recursive: true, force: true });
});

describe('airq/http without Node', () => {
  it('imports nothing from Node and never names Buffer', () => {
    expect(bundle.files).toContain('http.js');
    expect(nodeImports(bundle.dir, bundle.files)).toEqual([]);
  });

  it('serves requests through createFetchHandler in a process without Buffer, as the node:http shell does', async () => {
    const dirUrl = pathToFileURL(bundle.dir).href;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', CHILD, dirUrl, String(NOW_MS), KEY, JSON.stringify(PATHS)],
      { cwd: join(bundle.dir) },
    );
    const child = JSON.parse(stdout) as {
      bufferGone: boolean;
      readsByAirq: string[];
      answers: {
        path: string;
        gzip: boolean;
        status: number;
        encoding: string | null;
        json: unknown;
      }[];
    };
    expect(child.bufferGone).toBe(true);
    expect(child.readsByAirq).toEqual([]);
    expect(child.answers).toHaveLength(PATHS.length * 2);
    for (const answer of child.answers) {
      const response = await fetch(`${shell.origin}${answer.path}`, {
        headers: { apikey: KEY, ...(answer.gzip ? { 'accept-encoding': 'gzip' } : {}) },
      });
      expect([answer.path, answer.status]).toEqual([answer.path, response.status]);
      expect(answer.encoding).toBe(answer.gzip ? 'gzip' : null);
      expect(answer.json).toEqual(await response.json());
    }
  });
});
