// Runs every ```ts block of README.md and docs/*.md and asserts its result comments, so the
// documentation cannot drift from the code.
//
// Convention (also in docs/README.md):
//   expr; // → value                 expr evaluates to value (deep, strict equality)
//   expr; // → RangeError: message   expr throws (or rejects with) that error and message
// The comment may also stand on the line after the statement and continue on further `//`
// lines. `0.2517…` matches any number whose digits start so; `{ a: 1, … }` allows further
// properties; a message ending in `…` is a prefix. Other comments assert nothing.
// Blocks import the public subpaths ('airq', 'airq/geo', …), rewritten to their src entries.
// A block that must not run uses another fence language (sh, text, json, csv).
//
// Each block becomes a module under test/docs/.generated/ (git-ignored), is type-checked with
// the project's compiler options and then imported, one test per block.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  blockModule,
  type DocBlock,
  docBlocks,
  docFiles,
  fencedBlocks,
  UNRUN_CODE_LANGUAGES,
} from './doc-blocks.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const generatedDir = join(root, 'test/docs/.generated');

const blocks = docBlocks(root);
const moduleName = (block: DocBlock) =>
  `${block.file.replace(/[^\w]+/g, '-').toLowerCase()}-${block.line}.ts`;

rmSync(generatedDir, { recursive: true, force: true });
mkdirSync(generatedDir, { recursive: true });
// A block that cannot be turned into a module fails its own test, not the whole file.
const modules = blocks.map((block) => {
  const path = join(generatedDir, moduleName(block));
  try {
    writeFileSync(path, blockModule(block, root, generatedDir));
    return { block, path, problem: undefined };
  } catch (problem) {
    return { block, path, problem };
  }
});

describe('documentation', () => {
  it('has runnable examples in the README and on the page of every public subpath', () => {
    const subpaths = Object.keys(
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports,
    )
      // The OpenAPI document is data, described on the http page, not a module of its own.
      .filter((subpath) => subpath !== './openapi.json')
      .filter((subpath) => subpath !== '.' && subpath !== './package.json');
    const withExamples = new Set(blocks.map((block) => block.file));
    const pages = subpaths
      .filter((subpath) => !subpath.slice(2).includes('/'))
      .map((subpath) => `docs/${subpath.slice(2)}.md`);
    expect(['README.md', ...pages].filter((file) => !withExamples.has(file))).toEqual([]);
    // A nested subpath (airq/http/redis) is a section of its parent's page (docs/http.md),
    // with an example that imports it.
    const nested = subpaths
      .filter((subpath) => subpath.slice(2).includes('/'))
      .filter((subpath) => {
        const page = `docs/${subpath.slice(2).split('/')[0]}.md`;
        const specifier = `'airq${subpath.slice(1)}'`;
        return !blocks.some((block) => block.file === page && block.code.includes(specifier));
      });
    expect(nested).toEqual([]);
  });

  it('uses no fence language that looks runnable but is not run', () => {
    const unrun = docFiles(root).flatMap((file) =>
      fencedBlocks(readFileSync(join(root, file), 'utf8'), file)
        .filter((block) => UNRUN_CODE_LANGUAGES.includes(block.language))
        .map((block) => `${file}:${block.line} (${block.language})`),
    );
    expect(unrun).toEqual([]);
  });

  it('type-checks every example with the project compiler options', () => {
    const configPath = join(root, 'tsconfig.json');
    const config = ts.readConfigFile(configPath, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    const written = modules.filter((module) => module.problem === undefined);
    const program = ts.createProgram(
      written.map((module) => module.path),
      options,
    );
    // Only the examples are checked here (npm run typecheck covers src), file by file.
    const problems = written.flatMap(({ path }) => {
      const file = program.getSourceFile(path)!;
      const origin = /Generated from (\S+):(\d+)/.exec(file.text);
      return [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
      ].map((diagnostic) => {
        const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        // Generated line 3 is the block's first line, which is the fence line + 1.
        const docLine = origin ? `${origin[1]}:${Number(origin[2]) + line - 1}` : path;
        return `${docLine}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
    });
    expect(problems).toEqual([]);
  }, 120_000);

  for (const { block, path, problem } of modules) {
    it(`${block.file}:${block.line} runs and its results hold`, async () => {
      if (problem !== undefined) throw problem;
      // An example makes its temporary directories as a user would, and leaves them: they go
      // into one of the test's own, removed afterwards (os.tmpdir() reads TMPDIR on each call).
      const previous = process.env.TMPDIR;
      const scratch = mkdtempSync(join(tmpdir(), 'airq-doc-example-'));
      process.env.TMPDIR = scratch;
      try {
        await import(pathToFileURL(path).href);
      } finally {
        if (previous === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = previous;
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  }
});
