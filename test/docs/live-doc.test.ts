import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-args.js';
import { type RunningServer, startServer } from '../../src/cli/start-server.js';
import { installation } from '../helpers/store-fixtures.js';
import { fencedBlocks } from './doc-blocks.js';

// The curl examples of docs/live.md, run as written with bash and curl against a server started
// as the page says (installation 1001 fed by esp8266-12345678, write key write-secret, the data
// clock at 2026-11-21 09:27 UTC), each answer compared with the `# → …` line under its command.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const page = 'docs/live.md';
const blocks = fencedBlocks(readFileSync(join(root, page), 'utf8'), page).filter(
  (block) => block.language === 'sh' && block.code.includes('curl'),
);
const run = promisify(execFile);

let directory: string;
let running: RunningServer;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'airq-live-doc-'));
  const installations = join(directory, 'installations.json');
  await writeFile(
    installations,
    JSON.stringify([installation(1001, { sensors: ['esp8266-12345678'] })]),
  );
  const argv = [
    '--port',
    '0',
    '--quiet',
    '--installations',
    installations,
    '--keys',
    'read-secret',
  ];
  argv.push('--write-keys', 'write-secret', '--data-dir', join(directory, 'data'));
  argv.push('--now', '2026-11-21T09:27:00Z', '--retention', '0');
  const command = parseCliArgs(argv, {});
  if (command.kind !== 'serve') throw new Error(JSON.stringify(command));
  running = await startServer(command.options);
});
afterAll(async () => {
  await running?.close();
  await rm(directory, { recursive: true, force: true });
});

describe(`the curl examples of ${page}`, () => {
  it('are there: the airRohr push, two samples posts and a 422', () => {
    expect(blocks.length).toBe(4);
  });

  it.each(blocks.map((block) => [block.line, block.code] as const))(
    'the block at line %i answers as written',
    async (_line, code) => {
      const [command, expected] = code.split(/\n# → /);
      const script = command!.replaceAll('http://127.0.0.1:8080', running.url);
      const { stdout } = await run('bash', ['-o', 'pipefail', '-c', script], { timeout: 30_000 });
      expect(JSON.parse(stdout)).toEqual(JSON.parse(expected!.trim()));
    },
  );
});
