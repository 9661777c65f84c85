import { write as writeToFd } from 'node:fs';
import type { ApiLogger } from '../http/core-request.js';

// The numbers pino and most JSON log readers use, so existing tooling keeps working.
const LEVEL_NUMBERS = Object.freeze({
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
});

/** One of {@link LOG_LEVELS}. */
export type LogLevel = keyof typeof LEVEL_NUMBERS;

/** The levels of `--log-level`, most verbose first; `silent` writes nothing. */
export const LOG_LEVELS = Object.freeze(Object.keys(LEVEL_NUMBERS) as LogLevel[]);

/** Default `--log-level`: one access line per request and every unexpected failure. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** Where log lines go: each call gets one whole line ending with `\n`. */
export interface LogDestination {
  write(line: string): void;
}

/** How long a line may wait in the buffer before it is written, ms. */
export const LOG_FLUSH_INTERVAL_MS = 200;
// A full buffer is written at once, whatever the timer says.
const LOG_BUFFER_CHARS = 16_384;

// An Error as plain fields (JSON.stringify would give `{}`).
const plainErrors = (_: string, value: unknown) =>
  value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value;

/**
 * One JSON line, exactly `JSON.stringify({ level, time, msg, ...fields })` with Errors as plain
 * fields, and a newline. Written out by hand for the access line (strings and numbers):
 * `JSON.stringify` with a replacer over a spread copy made a line cost 939 ns against 591
 * (docs/design.md, the mechanisms table).
 */
function jsonLine(level: number, message: string, fields: Readonly<Record<string, unknown>>) {
  let line = `{"level":${level},"time":${Date.now()},"msg":${jsonName(message)}`;
  for (const name in fields) {
    if (!Object.hasOwn(fields, name)) continue;
    // A field named like the first three takes their place in the spread, and an index-like
    // name goes before them: both the general way.
    const first = name.charCodeAt(0);
    if (name === 'level' || name === 'time' || name === 'msg' || (first >= 48 && first <= 57)) {
      const record = { level, time: Date.now(), msg: message, ...fields };
      return `${JSON.stringify(record, plainErrors)}\n`;
    }
    const value = fields[name];
    const json =
      typeof value === 'string' || typeof value === 'number'
        ? JSON.stringify(value)
        : JSON.stringify(value, plainErrors);
    // `undefined`, functions and symbols are left out, as JSON.stringify leaves them out.
    if (json !== undefined) line += `,${jsonName(name)}:${json}`;
  }
  return `${line}}\n`;
}

// The JSON of the messages and field names, which are few and come back on every line: a
// line cost 491–525 ns with each quoted anew and 323–354 ns with them kept (in process, the
// access line, 2026-12-03). Kept up to a bound, so that names made up at run time cannot grow it.
const JSON_NAMES = new Map<string, string>();
const MAX_JSON_NAMES = 64;

function jsonName(name: string): string {
  let json = JSON_NAMES.get(name);
  if (json === undefined) {
    json = JSON.stringify(name);
    if (JSON_NAMES.size < MAX_JSON_NAMES) JSON_NAMES.set(name, json);
  }
  return json;
}

/** The adapter's logger and how to write out what is still buffered. */
export interface AccessLog {
  /** `undefined` for `silent`, so the adapter does not even build the lines. */
  readonly logger: ApiLogger | undefined;
  /** Hands the buffered lines to the destination (at shutdown); never throws. */
  flush(): void;
}

/**
 * The access log of `airq`: one JSON line per request (`level`, `time`, `msg: "request"`,
 * method, URL with every `apikey` value redacted, status) and an `error` line with the stack
 * for each unexpected failure. A line never holds the API key: the adapter hands over the
 * redacted URL only, and no header. Lines are gathered and handed to the destination together
 * at most {@link LOG_FLUSH_INTERVAL_MS} later (or at once when 16 KiB are waiting), so a line
 * still shows up within a second. The default destination, {@link createFdDestination} on
 * standard output, writes from libuv's thread pool: a request never waits for the terminal.
 *
 * @param level - the least severe level written; `silent` turns the log off
 * @param destination - where the lines go; default: standard output, written off the main thread
 * @example
 * const log = createAccessLog('info');
 * createApi({ service, keys: ['demo'], logger: log.logger });
 * // {"level":30,"time":1795253220000,"msg":"request","method":"GET","url":"/v2/meta/indexes?apikey=[redacted]","status":200}
 */
export function createAccessLog(level: LogLevel, destination?: LogDestination): AccessLog {
  if (level === 'silent') return { logger: undefined, flush: () => {} };
  const out: LogDestination = destination ?? createFdDestination(1);
  const least = LEVEL_NUMBERS[level];
  let buffered = '';
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (buffered === '') return;
    const text = buffered;
    buffered = '';
    try {
      out.write(text);
    } catch {
      // A destination that cannot take the lines has nothing left to give.
    }
  }

  function line(levelName: 'info' | 'error', message: string, fields = {}): void {
    const levelNumber = LEVEL_NUMBERS[levelName];
    if (levelNumber < least) return;
    buffered += jsonLine(levelNumber, message, fields);
    if (buffered.length >= LOG_BUFFER_CHARS) flush();
    else if (timer === undefined) {
      timer = setTimeout(flush, LOG_FLUSH_INTERVAL_MS);
      // A pending line never keeps the process alive; shutdown flushes it.
      timer.unref?.();
    }
  }

  return {
    logger: {
      info: (message, fields) => line('info', message, fields),
      error: (message, fields) => line('error', message, fields),
    },
    flush,
  };
}

/** Most characters waiting for a destination that is behind before lines are dropped. */
export const LOG_BACKLOG_CHARS = 16 * 1024 * 1024;
// How long to wait before trying again when a non-blocking descriptor is full, ms.
const RETRY_MS = 10;

/** The part of `fs.write` that {@link createFdDestination} uses (a test passes a fake). */
export type FdWrite = (
  fd: number,
  bytes: Uint8Array,
  callback: (error: NodeJS.ErrnoException | null, written: number) => void,
) => void;

const fdWrite: FdWrite = (fd, bytes, callback) =>
  writeToFd(fd, bytes, 0, bytes.byteLength, null, callback);

/**
 * A destination that writes to a file descriptor (standard output by default) with `fs.write`,
 * which runs on libuv's thread pool: a terminal that is slow to take the lines blocks a pool
 * thread, never the event loop (a TTY `process.stdout.write` is synchronous on POSIX). One write
 * is under way at a time; what comes meanwhile waits, in order. A destination that stays behind
 * keeps at most {@link LOG_BACKLOG_CHARS} waiting: further lines are dropped and counted, and a
 * `warn` line says how many once it caught up. A pending write keeps the process alive, so the
 * last lines reach the descriptor before it exits.
 *
 * @example
 * const log = createAccessLog('info', createFdDestination(1));
 */
export function createFdDestination(
  fd: number,
  { write = fdWrite, backlogChars = LOG_BACKLOG_CHARS } = {},
): LogDestination {
  let waiting = '';
  // The bytes being written, or what a partial write left of them.
  let current: Uint8Array | undefined;
  let writing = false;
  let dropped = 0;

  function pump(): void {
    if (current === undefined) {
      if (dropped > 0) {
        const notice = { level: LEVEL_NUMBERS.warn, time: Date.now(), msg: 'log lines dropped' };
        waiting += `${JSON.stringify({ ...notice, dropped })}\n`;
        dropped = 0;
      }
      if (waiting === '') return;
      current = Buffer.from(waiting, 'utf8');
      waiting = '';
    }
    const bytes = current;
    writing = true;
    write(fd, bytes, (error, written) => {
      if (error?.code === 'EAGAIN') {
        // A full non-blocking pipe: the same bytes again a little later.
        setTimeout(pump, RETRY_MS);
        return;
      }
      writing = false;
      // Another error (a closed descriptor) loses these lines; later ones are tried.
      current = error === null && written < bytes.byteLength ? bytes.subarray(written) : undefined;
      pump();
    });
  }

  return {
    write(text) {
      if (waiting.length + text.length > backlogChars) {
        for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) dropped++;
        return;
      }
      waiting += text;
      if (!writing) pump();
    },
  };
}
