import { argumentError, describeValue } from '../arguments/describe-value.js';
import { InMemoryStore, type InMemoryStoreOptions } from './in-memory-store.js';
import { parseInstallationsJson } from './installations-json.js';
import { type LoadIssue, StoreLoadError } from './load-issues.js';
import { parseSamplesCsv } from './samples-csv.js';

/** A named piece of text: `file` is only used in error messages. */
export interface NamedText {
  readonly file: string;
  readonly text: string;
}

/** Input of {@link loadStoreFromText}. */
export interface StoreTexts extends InMemoryStoreOptions {
  /** A JSON array of installations (see `parseInstallationsJson`). */
  readonly installations: NamedText;
  /** Optional samples CSV (see `parseSamplesCsv`). */
  readonly samples?: NamedText;
}

/** Input of {@link loadStoreFromFiles}. */
export interface StoreFiles extends InMemoryStoreOptions {
  readonly installationsPath: string;
  readonly samplesPath?: string;
}

/**
 * Builds an {@link InMemoryStore} from the text of an installations JSON file and, optionally,
 * a samples CSV file. Everything is parsed and checked before a store is returned: on any
 * problem it throws one {@link StoreLoadError} listing every problem of both files (samples of
 * unknown installations or unknown measurement types included, each with its line), so a
 * half-loaded store is never served. Pure: no I/O.
 *
 * @throws StoreLoadError
 * @example
 * const store = loadStoreFromText({
 *   installations: { file: 'installations.json', text: installationsJson },
 *   samples: { file: 'samples.csv', text: 'installationId,name,timestamp,value\n1001,PM10,2026-11-21T09:05:00Z,41.3\n' },
 * });
 * store.sampleCount; // 1
 */
export function loadStoreFromText(texts: StoreTexts): InMemoryStore {
  const fn = 'loadStoreFromText';
  checkNamedText(fn, 'installations', texts?.installations);
  if (texts.samples !== undefined) checkNamedText(fn, 'samples', texts.samples);
  const installations = parseInstallationsJson(texts.installations.text, texts.installations.file);
  const samples =
    texts.samples === undefined
      ? undefined
      : parseSamplesCsv(texts.samples.text, texts.samples.file);
  const issues: LoadIssue[] = [...installations.issues];
  if (samples !== undefined) issues.push(...samples.issues);
  // Without valid installations the samples cannot be checked against them; report what we have.
  if (installations.issues.length > 0) throw new StoreLoadError(fn, issues);

  const options = texts.retentionMs === undefined ? {} : { retentionMs: texts.retentionMs };
  const store = new InMemoryStore(installations.installations, options);
  if (samples !== undefined && texts.samples !== undefined) {
    const report = store.ingest(samples.samples);
    const file = texts.samples.file;
    for (const rejected of report.rejected) {
      issues.push({ file, line: samples.lines[rejected.index] ?? 0, message: rejected.reason });
    }
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  }
  if (issues.length > 0) throw new StoreLoadError(fn, issues);
  return store;
}

/**
 * Reads an installations JSON file and an optional samples CSV file (UTF-8) and builds an
 * {@link InMemoryStore} with {@link loadStoreFromText}; used by the adapter's command line.
 * It finds `node:fs/promises` when it runs, through `process.getBuiltinModule` (Node, Deno,
 * Bun), never through an import, so `airq/store` bundles for a browser with no options; where
 * there is no file system, read the texts another way and call {@link loadStoreFromText}.
 *
 * @throws StoreLoadError when a file cannot be read or holds any problem (every problem is
 *   listed with file and line, or file, array index and field)
 * @throws TypeError when the runtime has no file system (a browser, a worker)
 * @example
 * const store = await loadStoreFromFiles({ installationsPath: 'data/installations.json', samplesPath: 'data/samples.csv' });
 * (await store.listActiveInstallations()).length; // e.g. 2
 */
export async function loadStoreFromFiles(files: StoreFiles): Promise<InMemoryStore> {
  const fn = 'loadStoreFromFiles';
  if (typeof files?.installationsPath !== 'string' || files.installationsPath === '') {
    throw argumentError(
      TypeError,
      fn,
      'installationsPath',
      'must be a file path',
      files?.installationsPath,
    );
  }
  if (
    files.samplesPath !== undefined &&
    (typeof files.samplesPath !== 'string' || files.samplesPath === '')
  ) {
    throw argumentError(
      TypeError,
      fn,
      'samplesPath',
      'must be a file path when given',
      files.samplesPath,
    );
  }
  const { readFile } = fileSystem(fn);
  const read = async (file: string): Promise<string | LoadIssue> => {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { file, message: `cannot read the file: ${reason}` };
    }
  };
  const [installationsText, samplesText] = await Promise.all([
    read(files.installationsPath),
    files.samplesPath === undefined ? undefined : read(files.samplesPath),
  ]);
  const unreadable = [installationsText, samplesText].filter(
    (x): x is LoadIssue => typeof x === 'object',
  );
  if (unreadable.length > 0) throw new StoreLoadError(fn, unreadable);

  const texts: StoreTexts = {
    installations: { file: files.installationsPath, text: installationsText as string },
    ...(files.samplesPath !== undefined && typeof samplesText === 'string'
      ? { samples: { file: files.samplesPath, text: samplesText } }
      : {}),
    ...(files.retentionMs !== undefined ? { retentionMs: files.retentionMs } : {}),
  };
  try {
    return loadStoreFromText(texts);
  } catch (error) {
    if (error instanceof StoreLoadError) throw new StoreLoadError(fn, error.issues);
    throw error;
  }
}

type NodeFsPromises = typeof import('node:fs/promises');

/**
 * `node:fs/promises` from the runtime, found at call time. A static or dynamic `import` of it
 * would make every bundler of a browser app stop at a module it cannot resolve, although a
 * browser never calls this.
 */
function fileSystem(functionName: string): NodeFsPromises {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs =
    typeof host?.getBuiltinModule === 'function'
      ? (host.getBuiltinModule('node:fs/promises') as NodeFsPromises | undefined)
      : undefined;
  if (typeof fs?.readFile !== 'function') {
    throw new TypeError(
      `${functionName}: this runtime has no file system (no process.getBuiltinModule('node:fs/promises')); read the files yourself and call loadStoreFromText`,
    );
  }
  return fs;
}

function checkNamedText(
  functionName: string,
  parameter: string,
  named: NamedText | undefined,
): void {
  if (typeof named?.file !== 'string' || typeof named.text !== 'string') {
    throw new TypeError(
      `${functionName}: ${parameter} must be { file: string, text: string }, got ${describeValue(named)}`,
    );
  }
}
