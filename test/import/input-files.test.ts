import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { inputFiles, MAX_LINE_CHARS, readLines } from '../../src/import/input-files.js';

const root = mkdtempSync(join(tmpdir(), 'airq-lines-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function lines(path: string, onBytes?: (bytes: number) => void): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readLines(path, onBytes)) out.push(line);
  return out;
}

describe('readLines', () => {
  it('splits on LF and CRLF, keeps a last line without a line end, and counts every byte', async () => {
    const file = join(root, 'small.csv');
    writeFileSync(file, 'a;b\r\n\r\nc;ł\nlast');
    let bytes = 0;
    expect(await lines(file, (n) => (bytes += n))).toEqual(['a;b', '', 'c;ł', 'last']);
    expect(bytes).toBe(Buffer.byteLength('a;b\r\n\r\nc;ł\nlast'));
  });

  it('gives the same lines as a split of the whole text, across 64 KiB chunk borders (1,000 runs)', async () => {
    const file = join(root, 'chunks.csv');
    // Lines of multi-byte characters with CR LF, sized so chunk borders fall inside characters.
    const lineArb = fc.string({
      unit: fc.constantFrom('a', ';', 'ł', 'µ', '€', '𝔸'),
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 70_000 }),
        fc.boolean(),
        async (body, padding, crlf) => {
          const all = ['x'.repeat(padding), ...body];
          writeFileSync(file, `${all.join(crlf ? '\r\n' : '\n')}\n`);
          expect(await lines(file)).toEqual(all);
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('refuses a line longer than MAX_LINE_CHARS instead of holding it', async () => {
    const file = join(root, 'long.csv');
    writeFileSync(file, 'x'.repeat(MAX_LINE_CHARS + 70_000));
    await expect(lines(file)).rejects.toThrow(
      `has a line longer than ${MAX_LINE_CHARS} characters; is it CSV?`,
    );
  });
});

describe('inputFiles', () => {
  it('takes files as given and the matching files below a directory, recursively in name order', async () => {
    const dir = join(root, 'tree');
    mkdirSync(join(dir, 'b', 'c'), { recursive: true });
    for (const name of ['b/c/2.csv', 'b/1.csv', 'a.csv', 'note.txt']) {
      writeFileSync(join(dir, name), '12345');
    }
    const single = join(dir, 'note.txt');
    expect(await inputFiles([dir, single], '.csv')).toEqual({
      files: [
        { path: join(dir, 'a.csv'), bytes: 5 },
        { path: join(dir, 'b/1.csv'), bytes: 5 },
        { path: join(dir, 'b/c/2.csv'), bytes: 5 },
        { path: single, bytes: 5 },
      ],
      issues: [],
    });
  });
});
