import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Compiles test/indexes/types/index-types.ts with the project's compiler options: every line
// marked there as an expected error must meet one, and nothing else may fail. So a regression
// of the public types (a misspelt key, a wrong edition or level that compiles again, a type no
// longer exported) fails `npm test` itself.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pinnedFile = join(root, 'test/indexes/types/index-types.ts');

function diagnosticsOf(file: string): string[] {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram([file], { ...options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('the public index types', () => {
  it('compile exactly as pinned (every @ts-expect-error meets an error, nothing else fails)', () => {
    expect(diagnosticsOf(pinnedFile)).toEqual([]);
  }, 120_000);
});
