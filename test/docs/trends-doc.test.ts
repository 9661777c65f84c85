import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { cliEnvironment } from '../helpers/cli-environment.js';
import { fencedBlocks } from './doc-blocks.js';

// The `airq trend` examples of docs/trends.md, run in process on the committed excerpt of the
// Kraków data (test/fixtures/krakow-wios-2019-pm10-hourly.csv) and compared line by line with
// the ```text block under each command. The ```ts blocks of the page run in doc-examples.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const page = 'docs/trends.md';
const blocks = fencedBlocks(readFileSync(join(root, page), 'utf8'), page);
const examples = blocks.flatMap((block, i) => {
  const next = blocks[i + 1];
  if (block.language !== 'sh' || !block.code.includes('airq trend')) return [];
  if (next?.language !== 'text') throw new Error(`${page}:${block.line}: no text block follows`);
  return [{ line: block.line, command: block.code.trim(), output: next.code }];
});

describe(`the airq trend examples of ${page}`, () => {
  it('are there: by month and by week', () => {
    expect(examples.map((example) => example.command.match(/--period (\w+)/)?.[1])).toEqual([
      undefined,
      'week',
    ]);
  });

  it.each(examples.map((example) => [example.line, example] as const))(
    'the command at line %i prints what the page shows',
    async (_line, { command, output }) => {
      const [npx, airq, ...argv] = command.split(/\s+/);
      expect([npx, airq, argv[0]]).toEqual(['npx', 'airq', 'trend']);
      // The page names the file from the repository's root; the test may run elsewhere.
      const file = argv.at(-1)!;
      const { out, err, env } = cliEnvironment([...argv.slice(0, -1), join(root, file)]);
      expect(await main(env)).toBe(0);
      expect(err).toEqual([]);
      const printed = out.join('\n').replaceAll(join(root, file), file);
      expect(printed).toBe(output.replace(/\n$/, ''));
    },
  );
});
