import { type DestinationStream, type Level, pino } from 'pino';
import type { ApiLogger } from '../http/core-request.js';

/** The levels of `--log-level`, most verbose first; `silent` writes nothing. */
export const LOG_LEVELS = Object.freeze([
  'trace',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
  'silent',
] as const);

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Default `--log-level`: one access line per request and every unexpected failure. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** The adapter's logger and how to write out what is still buffered. */
export interface AccessLog {
  /** `undefined` for `silent`, so the adapter does not even build the lines. */
  readonly logger: ApiLogger | undefined;
  /** Writes buffered lines out (at shutdown); never throws. */
  flush(): void;
}

/**
 * The access log of `npm start`: structured JSON lines through pino, one `request` line per
 * request (method, URL with every `apikey` value redacted, status) and an `error` line with
 * the stack for each unexpected failure. A line never holds the API key: the adapter hands
 * over the redacted URL only, and no header. By default the lines go to standard output
 * through a buffered asynchronous destination, so a request never waits for the terminal or a
 * pipe.
 *
 * @param level - the least severe level written; `silent` turns the log off
 * @param destination - where the lines go; default: standard output, asynchronously
 * @example
 * const log = createAccessLog('info');
 * createApi({ service, keys: ['demo'], logger: log.logger });
 * // {"level":30,"time":1795253220000,"msg":"request","method":"GET","url":"/v2/meta/indexes?apikey=[redacted]","status":200}
 */
export function createAccessLog(level: LogLevel, destination?: DestinationStream): AccessLog {
  if (level === 'silent') return { logger: undefined, flush: () => {} };
  const stream = destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // No pid or hostname in each line: a process writes its own log.
  const serializers = { error: pino.stdSerializers.err };
  const log = pino({ level: level as Level, base: null, serializers }, stream);
  return {
    logger: {
      info: (message, fields) => log.info(fields ?? {}, message),
      error: (message, fields) => log.error(fields ?? {}, message),
    },
    flush() {
      try {
        log.flush();
      } catch {
        // A destination that cannot flush has nothing left to give.
      }
    },
  };
}
