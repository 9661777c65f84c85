// Turns the ```ts blocks of README.md and docs/*.md into runnable modules.
//
// The result-comment convention (documented in docs/README.md):
// - `expr; // → value` asserts that `expr` evaluates to `value`. The comment may also stand on
//   the line right after the statement, and `value` may continue on further `//` lines until
//   it is a complete expression. Equality is deep and strict (vitest's `toStrictEqual`).
// - Inside `value`, a number written with a trailing ellipsis (`0.2517…`) matches any number
//   whose decimal text starts with those digits, and a lone `…` as the last entry of an object
//   (`{ level: 'LOW', … }`) means "and other properties".
// - `// → RangeError: message` asserts that `expr` throws (or rejects with) an error of that
//   name and exactly that message; a message ending in `…` is matched as a prefix.
// - A comment without `→` is an ordinary comment and asserts nothing.
// Imports from the public subpaths (`'airq'`, `'airq/geo'`, …) are rewritten to the matching
// `src/` entry, so an example can only use what the package exports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { PUBLIC_ENTRIES } from '../../scripts/entries.js';

/** One ```ts block of a Markdown file. */
export interface DocBlock {
  /** Path relative to the repository root, e.g. `docs/geo.md`. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The code, with the fence's indentation removed. */
  readonly code: string;
}

/** Fence languages that look executable but would not be run: use `ts` (runs) or `text`. */
export const UNRUN_CODE_LANGUAGES = ['js', 'javascript', 'typescript', 'tsx', 'mjs', 'cjs'];

/** README.md and every docs/*.md, relative to `root`. */
export function docFiles(root: string): string[] {
  const docsDir = join(root, 'docs');
  const pages = existsSync(docsDir)
    ? readdirSync(docsDir)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...pages];
}

/** Every fenced block of `markdown` with its language, in order. */
export function fencedBlocks(
  markdown: string,
  file: string,
): { language: string; line: number; code: string }[] {
  const lines = markdown.split('\n');
  const blocks: { language: string; line: number; code: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', language = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trimStart().startsWith(fence)) {
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!);
      j++;
    }
    if (j === lines.length) throw new Error(`${file}:${i + 1}: code fence is never closed`);
    blocks.push({ language, line: i + 1, code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** The ```ts blocks of every documentation file under `root`. */
export function docBlocks(root: string): DocBlock[] {
  return docFiles(root).flatMap((file) =>
    fencedBlocks(readFileSync(join(root, file), 'utf8'), file)
      .filter((block) => block.language === 'ts')
      .map(({ line, code }) => ({ file, line, code })),
  );
}

/**
 * Maps `'airq'`, `'airq/<module>'` and `'airq/<module>/<part>'` to the subpath's `src` entry,
 * or `undefined` if unknown.
 */
export function sourceEntry(root: string, specifier: string): string | undefined {
  const match = /^airq(?:\/([\w-]+(?:\/[\w-]+)*))?$/.exec(specifier);
  if (!match) return undefined;
  const exportsMap = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports;
  const subpath = match[1] === undefined ? '.' : `./${match[1]}`;
  if (!exportsMap?.[subpath]) return undefined;
  // The entries list says where each subpath is built from (airq/http/redis: src/limits/redis).
  const entry = (PUBLIC_ENTRIES as Readonly<Record<string, string>>)[match[1] ?? 'index'];
  return entry === undefined ? undefined : join(root, entry);
}

const ERROR_RESULT = /^([A-Z]\w*Error): ([\s\S]*)$/;

function isCompleteExpression(text: string): boolean {
  const source = ts.createSourceFile('x.ts', `(${text}\n);`, ts.ScriptTarget.ES2022, false);
  // parseDiagnostics is internal but stable; an incomplete literal leaves errors there.
  const diagnostics = (source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
  return diagnostics.length === 0;
}

/** Index of the matching `{` for the `…` at `at`, scanning backwards outside strings. */
function enclosingBrace(text: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '}' || c === ']' || c === ')') depth++;
    else if (c === '{' || c === '[' || c === '(') {
      if (depth === 0) return c === '{' ? i : -1;
      depth--;
    }
  }
  return -1;
}

/**
 * Turns a result value as written in the docs into a TypeScript expression: `0.25…` becomes a
 * digits matcher and an object ending in `…` an `objectContaining` matcher.
 */
export function expectedExpression(text: string, where: string): string {
  // Outside string literals only; strings are copied through unchanged.
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c !== '…') {
      out += c;
      continue;
    }
    const digits = /(-?\d+(?:\.\d+)?)$/.exec(out);
    if (digits) {
      out = `${out.slice(0, -digits[0].length)}__doc.digits('${digits[1]}')`;
      continue;
    }
    const open = enclosingBrace(out, out.length);
    const after = text.slice(i + 1).trimStart();
    if (open < 0 || !after.startsWith('}')) {
      throw new Error(`${where}: a lone … may only end an object literal: ${text}`);
    }
    const close = i + 1 + (text.slice(i + 1).length - after.length);
    const inner = out.slice(open + 1).replace(/,\s*$/, '');
    out = `${out.slice(0, open)}__doc.objectContaining({${inner} })`;
    i = close; // skip the closing brace of the object
  }
  return out;
}

interface ResultComment {
  /** Text after `→`, continuation lines joined. */
  readonly value: string;
  /** 1-based line of the `// →` comment inside the block. */
  readonly line: number;
}

/** The `// →` comment that follows a statement ending at `end`, if any. */
function resultAfter(code: string, end: number, nextStart: number): ResultComment | undefined {
  const gap = code.slice(end, nextStart);
  const first = /^[ \t]*(?:\r?\n[ \t]*)?\/\/ →(.*)/.exec(gap);
  if (!first) return undefined;
  const line = code.slice(0, end + first.index + first[0].indexOf('//')).split('\n').length;
  let value = first[1]!.trim();
  const rest = gap
    .slice(first.index + first[0].length)
    .split('\n')
    .slice(1);
  for (const next of rest) {
    if (ERROR_RESULT.test(value) || isCompleteExpression(value.replaceAll('…', ''))) break;
    const continued = /^\s*\/\/(.*)$/.exec(next);
    if (!continued) break;
    value += ` ${continued[1]!.trim()}`;
  }
  return { value, line };
}

/**
 * Rewrites a block into a module: imports point at `src`, and each statement followed by a
 * result comment becomes an awaited assertion from `test/docs/doc-assert.ts`.
 *
 * @param block - the block
 * @param root - the repository root
 * @param fromDir - the directory the module will be written to (for relative imports)
 */
export function blockModule(block: DocBlock, root: string, fromDir: string): string {
  const where = (line: number) => `${block.file}:${block.line + line}`;
  const source = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.ES2022, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const importPath = (absolute: string) => {
    const path = relative(fromDir, absolute).replace(/\\/g, '/').replace(/\.ts$/, '.js');
    return path.startsWith('.') ? path : `./${path}`;
  };

  const statements = source.statements;
  let asserted = 0;
  statements.forEach((statement, i) => {
    const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      if (specifier === 'airq' || specifier.startsWith('airq/')) {
        const entry = sourceEntry(root, specifier);
        if (!entry) {
          throw new Error(`${where(lineOf(statement.getStart()))}: no public subpath ${specifier}`);
        }
        const literal = statement.moduleSpecifier;
        edits.push({
          start: literal.getStart(),
          end: literal.getEnd(),
          text: `'${importPath(entry)}'`,
        });
      }
    }
    const nextStart = statements[i + 1]?.getStart() ?? block.code.length;
    const result = resultAfter(block.code, statement.getEnd(), nextStart);
    if (!result) return;
    const at = where(result.line);
    if (!ts.isExpressionStatement(statement)) {
      throw new Error(`${at}: a result comment must follow an expression statement`);
    }
    const expression = statement.expression.getText(source);
    const usesAwait = /\bawait\b/.test(expression);
    const arrow = usesAwait ? 'async () =>' : '() =>';
    const thrown = ERROR_RESULT.exec(result.value);
    const text = thrown
      ? `await __doc.expectThrow(${JSON.stringify(at)}, ${arrow} { ${expression}; }, ${JSON.stringify(thrown[1])}, ${JSON.stringify(thrown[2])});`
      : `await __doc.expectValue(${JSON.stringify(at)}, ${arrow} (${expression}), ${expectedExpression(result.value, at)});`;
    if (!thrown && !isCompleteExpression(result.value.replaceAll('…', ''))) {
      throw new Error(`${at}: result is not a complete expression: ${result.value}`);
    }
    edits.push({ start: statement.getStart(), end: statement.getEnd(), text });
    asserted++;
  });

  // A `// →` that follows no top-level statement would silently assert nothing.
  const written = block.code.split('\n').filter((line) => line.includes('// →')).length;
  if (asserted !== written) {
    throw new Error(
      `${where(0)}: ${written - asserted} result comment(s) follow no top-level statement`,
    );
  }

  let code = block.code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    code = code.slice(0, edit.start) + edit.text + code.slice(edit.end);
  }
  const helper = importPath(join(root, 'test/docs/doc-assert.ts'));
  return `// Generated from ${block.file}:${block.line} by test/docs/doc-examples.test.ts.\nimport * as __doc from '${helper}';\n${code}\nexport {};\n`;
}
