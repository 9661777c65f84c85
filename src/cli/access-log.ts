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

/** The adapter's logger and how to write out what is still buffered. */
export interface AccessLog {
  /** `undefined` for `silent`, so the adapter does not even build the lines. */
  readonly logger: ApiLogger | undefined;
  /** Writes buffered lines out (at shutdown); never throws. */
  flush(): void;
}

/**
 * The access log of `airq`: one JSON line per request (`level`, `time`, `msg: "request"`,
 * method, URL with every `apikey` value redacted, status) and an `error` line with the stack
 * for each unexpected failure. A line never holds the API key: the adapter hands over the
 * redacted URL only, and no header. Lines are gathered and written together at most
 * {@link LOG_FLUSH_INTERVAL_MS} later (or at once when 16 KiB are waiting), so a request never
 * waits for the terminal and a line still shows up within a second.
 *
 * @param level - the least severe level written; `silent` turns the log off
 * @param destination - where the lines go; default: standard output
 * @example
 * const log = createAccessLog('info');
 * createApi({ service, keys: ['demo'], logger: log.logger });
 * // {"level":30,"time":1795253220000,"msg":"request","method":"GET","url":"/v2/meta/indexes?apikey=[redacted]","status":200}
 */
export function createAccessLog(level: LogLevel, destination?: LogDestination): AccessLog {
  if (level === 'silent') return { logger: undefined, flush: () => {} };
  const out: LogDestination = destination ?? { write: (text) => process.stdout.write(text) };
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
    if (LEVEL_NUMBERS[levelName] < least) return;
    const record = { level: LEVEL_NUMBERS[levelName], time: Date.now(), msg: message, ...fields };
    buffered += `${JSON.stringify(record, plainErrors)}\n`;
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
