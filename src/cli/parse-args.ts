import { parseArgs } from 'node:util';
import { type ApiKeyConfig, checkLimit, parseKeyList } from '../http/api-keys.js';
import { DEFAULT_DAY_LIMIT, DEFAULT_MINUTE_LIMIT } from '../http/rate-limiter.js';
import type { WhoEdition } from '../standards/who.js';
import { parseTimestamp } from '../time/instant.js';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from './access-log.js';
import { CLI_HELP, DEFAULT_HOST, DEFAULT_PORT } from './serve-help.js';

/** Everything `npm start` needs to serve, after the flags were checked. */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** Configured keys; `undefined` means "generate a demo key". */
  readonly keys: readonly ApiKeyConfig[] | undefined;
  readonly keysSource: '--keys' | 'AIRQ_API_KEYS' | 'demo';
  readonly dayLimit: number;
  readonly minuteLimit: number;
  readonly installationsPath?: string;
  readonly samplesPath?: string;
  /** A Sensor.Community archive directory to import and serve (instead of --installations). */
  readonly importSensorCommunityDir?: string;
  /** A frozen data clock (epoch ms) for reproducible payloads. */
  readonly nowMs?: number;
  readonly whoEdition: WhoEdition;
  /** The least severe log line written; `silent` (also `--quiet`) writes none. */
  readonly logLevel: LogLevel;
  /** PostgreSQL connection string (`--database`, else `AIRQ_DATABASE_URL`): measurements there. */
  readonly databaseUrl?: string;
  /** `--sample-network`: write the embedded network into the database and produce there. */
  readonly sampleNetwork?: true;
  /** Redis URL (`--redis`, else `AIRQ_REDIS_URL`): rate-limit counters there. */
  readonly redisUrl?: string;
  /** `--redis-fail-open`: admit keyed requests uncounted (and log) while Redis is unavailable. */
  readonly redisFailOpen?: true;
}

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'version' }
  | { readonly kind: 'serve'; readonly options: ServeOptions }
  | { readonly kind: 'usage-error'; readonly message: string };

export { CLI_HELP, DEFAULT_HOST, DEFAULT_PORT } from './serve-help.js';

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  keys: { type: 'string' },
  'day-limit': { type: 'string' },
  'minute-limit': { type: 'string' },
  installations: { type: 'string' },
  samples: { type: 'string' },
  'import-sensor-community': { type: 'string' },
  now: { type: 'string' },
  who: { type: 'string' },
  'log-level': { type: 'string' },
  quiet: { type: 'boolean' },
  database: { type: 'string' },
  'sample-network': { type: 'boolean' },
  redis: { type: 'string' },
  'redis-fail-open': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

class UsageError extends Error {}

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>
>['values'];
type Environment = Readonly<Record<string, string | undefined>>;

function positiveInteger(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text))
    throw new UsageError(`${flag} must be a positive integer, got ${JSON.stringify(text)}`);
  try {
    return checkLimit('airq', flag, Number(text));
  } catch {
    throw new UsageError(`${flag} must be a positive integer, got ${JSON.stringify(text)}`);
  }
}

function readPort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535))
    throw new UsageError(`--port must be an integer in [0, 65535], got ${JSON.stringify(text)}`);
  return port;
}

function readKeys(
  flag: string | undefined,
  env: string | undefined,
): Pick<ServeOptions, 'keys' | 'keysSource'> {
  const [text, source] =
    flag !== undefined ? [flag, '--keys' as const] : [env, 'AIRQ_API_KEYS' as const];
  if (text === undefined || (source === 'AIRQ_API_KEYS' && text.trim() === ''))
    return { keys: undefined, keysSource: 'demo' };
  try {
    return { keys: parseKeyList(text), keysSource: source };
  } catch (error) {
    throw new UsageError(`${source}: ${(error as Error).message.replace(/^parseKeyList: /, '')}`);
  }
}

function readLogLevel(text: string | undefined, quiet: boolean): LogLevel {
  if (quiet) {
    if (text !== undefined && text !== 'silent')
      throw new UsageError(`--quiet and --log-level ${text} contradict each other`);
    return 'silent';
  }
  if (text === undefined) return DEFAULT_LOG_LEVEL;
  const level = LOG_LEVELS.find((name) => name === text);
  if (level === undefined)
    throw new UsageError(
      `--log-level must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(text)}`,
    );
  return level;
}

// Where each server's URL comes from. A URL may hold a password, so errors never echo it.
const SERVER_URLS = {
  database: [
    '--database',
    'AIRQ_DATABASE_URL',
    /^postgres(?:ql)?:\/\/\S+$/,
    'postgres:// or postgresql://',
  ],
  redis: ['--redis', 'AIRQ_REDIS_URL', /^rediss?:\/\/\S+$/, 'redis:// or rediss://'],
} as const;

function readServerUrl(server: keyof typeof SERVER_URLS, values: Values, env: Environment) {
  const [flag, envName, scheme, expected] = SERVER_URLS[server];
  const [text, source] =
    values[server] !== undefined ? [values[server], flag] : [env[envName]?.trim(), envName];
  if (text === undefined || text === '') return {};
  if (!scheme.test(text)) throw new UsageError(`${source} must be a ${expected} URL`);
  return server === 'database' ? { databaseUrl: text } : { redisUrl: text };
}

function readSharedState(values: Values, env: Environment) {
  if (values['sample-network'] === true && values.installations !== undefined)
    throw new UsageError('--sample-network and --installations exclude each other');
  const redis = readServerUrl('redis', values, env);
  if (values['redis-fail-open'] === true && redis.redisUrl === undefined)
    throw new UsageError('--redis-fail-open needs --redis (or AIRQ_REDIS_URL)');
  const database = readServerUrl('database', values, env);
  // The PostgreSQL store loads only --installations/--samples: an import would be lost silently.
  if (database.databaseUrl !== undefined && values['import-sensor-community'] !== undefined)
    throw new UsageError('--import-sensor-community cannot be combined with a --database');
  return {
    ...database,
    ...(values['sample-network'] === true ? { sampleNetwork: true as const } : {}),
    ...redis,
    ...(values['redis-fail-open'] === true ? { redisFailOpen: true as const } : {}),
  };
}

function readWho(text: string | undefined): WhoEdition {
  if (text === undefined || text === '2021') return 'WHO_2021';
  if (text === '2005') return 'WHO_2005';
  throw new UsageError(`--who must be 2021 or 2005, got ${JSON.stringify(text)}`);
}

/**
 * Reads the command line of `npm start`. Pure: no I/O, no exit, so every flag is testable;
 * `main` prints and exits.
 *
 * @param argv - the arguments after the script name
 * @param env - the environment (`AIRQ_API_KEYS`, `AIRQ_DATABASE_URL` and `AIRQ_REDIS_URL` are read)
 * @example
 * parseCliArgs(['--port', '9000'], {}); // { kind: 'serve', options: { port: 9000, host: '127.0.0.1', … } }
 * parseCliArgs(['--port', 'x'], {});    // { kind: 'usage-error', message: '--port must be an integer in [0, 65535], got "x"' }
 */
export function parseCliArgs(argv: readonly string[], env: Environment): CliCommand {
  try {
    let values: Values;
    try {
      ({ values } = parseArgs({
        args: [...argv],
        options: OPTIONS,
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (values.help === true) return { kind: 'help', text: CLI_HELP };
    if (values.version === true) return { kind: 'version' };
    if (values.samples !== undefined && values.installations === undefined) {
      throw new UsageError('--samples needs --installations (samples belong to installations)');
    }
    const importDir = values['import-sensor-community'];
    if (importDir !== undefined && values.installations !== undefined) {
      throw new UsageError('--import-sensor-community and --installations cannot be combined');
    }
    for (const flag of ['host', 'installations', 'samples', 'import-sensor-community'] as const) {
      if (values[flag] === '') throw new UsageError(`--${flag} must not be empty`);
    }
    let nowMs: number | undefined;
    if (values.now !== undefined) {
      nowMs = parseTimestamp(values.now);
      if (nowMs === undefined)
        throw new UsageError(
          `--now must be an ISO 8601 timestamp, got ${JSON.stringify(values.now)}`,
        );
    }
    const options: ServeOptions = {
      port: readPort(values.port),
      host: values.host ?? DEFAULT_HOST,
      ...readKeys(values.keys, env.AIRQ_API_KEYS),
      dayLimit: positiveInteger('--day-limit', values['day-limit'], DEFAULT_DAY_LIMIT),
      minuteLimit: positiveInteger('--minute-limit', values['minute-limit'], DEFAULT_MINUTE_LIMIT),
      ...(values.installations === undefined ? {} : { installationsPath: values.installations }),
      ...(values.samples === undefined ? {} : { samplesPath: values.samples }),
      ...(importDir === undefined ? {} : { importSensorCommunityDir: importDir }),
      ...(nowMs === undefined ? {} : { nowMs }),
      whoEdition: readWho(values.who),
      logLevel: readLogLevel(values['log-level'], values.quiet === true),
      ...readSharedState(values, env),
    };
    return { kind: 'serve', options };
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}
