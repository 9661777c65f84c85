import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadIssue } from '../store/load-issues.js';

/** Longest line the CSV reader holds, in characters; a longer one means the file is not CSV. */
export const MAX_LINE_CHARS = 1 << 20;

/** Bytes per read of an input file. */
const CHUNK_BYTES = 64 * 1024;

/** An input file and its size in bytes. */
export interface InputFile {
  readonly path: string;
  readonly bytes: number;
}

/**
 * The files to read: each path that is a file, and every file ending in one of `extensions`
 * below a path that is a directory (recursively, in name order, so the same tree always gives
 * the same order). A path that cannot be read is an issue; so is a directory with no such file.
 *
 * @param extensions - one ending such as `'.csv'`, or several (`['.csv', '.json']`)
 * @example
 * await inputFiles(['archive/2026-02-22'], '.csv');
 * // { files: [{ path: 'archive/2026-02-22/2026-02-22_sds011_sensor_88091.csv', bytes: 51234 }, …], issues: [] }
 */
export async function inputFiles(
  paths: readonly string[],
  extensions: string | readonly string[],
): Promise<{ files: InputFile[]; issues: LoadIssue[] }> {
  const endings = typeof extensions === 'string' ? [extensions] : extensions;
  const files: InputFile[] = [];
  const issues: LoadIssue[] = [];
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (!info.isDirectory()) {
        files.push({ path, bytes: info.size });
        continue;
      }
      const names = (await readdir(path, { recursive: true }))
        .filter((name) => endings.some((ending) => name.endsWith(ending)))
        .sort();
      if (names.length === 0) {
        issues.push({ file: path, message: `has no ${endings.join(' or ')} file` });
      }
      for (const name of names) {
        const file = join(path, name);
        const size = await stat(file);
        if (size.isFile()) files.push({ path: file, bytes: size.size });
      }
    } catch (error) {
      issues.push({ file: path, message: `cannot be read: ${(error as Error).message}` });
    }
  }
  return { files, issues };
}

/**
 * The lines of a UTF-8 text file, read in 64 KiB chunks: only one chunk and one partial line
 * are held at a time, so memory stays the same for any file size. Line ends are `\n` or
 * `\r\n`; a last line without a line end is yielded too.
 *
 * @param onBytes - told how many more bytes were read, after every chunk
 * @throws Error when a line is longer than {@link MAX_LINE_CHARS}
 * @example
 * for await (const line of readLines('day.csv')) console.log(line);
 */
export async function* readLines(
  path: string,
  onBytes: (bytes: number) => void = () => {},
): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  let reported = 0;
  let rest = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      onBytes(stream.bytesRead - reported);
      reported = stream.bytesRead;
      const text = rest + chunk;
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        yield text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end);
        start = end + 1;
      }
      rest = text.slice(start);
      if (rest.length > MAX_LINE_CHARS) {
        throw new Error(`has a line longer than ${MAX_LINE_CHARS} characters; is it CSV?`);
      }
    }
  } finally {
    stream.destroy();
  }
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}
