import {
  FOLLOWED_SOURCE_NAMES,
  FOLLOWED_SOURCES,
  readFollowConfig,
} from '../follow/follow-options.js';
import { checkLimit } from '../http/api-keys.js';
import { DEFAULT_DAY_LIMIT, DEFAULT_MINUTE_LIMIT } from '../limits/rate-limiter.js';
import { DEFAULT_TILE_URL, DEFAULT_TILES } from '../page/map-tiles.js';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, parseTimestamp } from '../time/instant.js';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from './access-log.js';
import { type CommandLine, invalid, oneOf, readCommandLine, UsageError } from './command-line.js';
import { durationTextMs } from './duration-text.js';
import { readTiles } from './tiles-option.js';
import { DEFAULT_DATA_DIR, readKeyList, readWrites } from './write-options.js';

/** Default port of `airq`. */
export const DEFAULT_PORT = 8080;
/** Default interface: loopback only, so a demo key is never exposed to the network by accident. */
export const DEFAULT_HOST = '127.0.0.1';
/** Default `--retention`: 30 days of history before the data clock, in milliseconds. */
export const DEFAULT_RETENTION_MS = 30 * MS_PER_DAY;

const followDefaults = FOLLOWED_SOURCE_NAMES.map(
  (name) => `${name} ${FOLLOWED_SOURCES[name].everyMs / MS_PER_MINUTE}m`,
).join(', ');

/** The `--help` text of serving, the default command; it declares the flags too. */
export const CLI_HELP = `Usage: airq [options]

Serves the airq /v2 API (the default command). Without --installations it serves the embedded sample network
of installations around Kraków, with new samples every 30 s.

Options:
  --port N               port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host HOST            interface to bind (default ${DEFAULT_HOST})
  --keys LIST            API keys: KEY[:DAY_LIMIT[:MINUTE_LIMIT]],... (default: AIRQ_API_KEYS,
                         else a random demo key printed at start)
  --write-keys LIST      keys that may write (POST /v2/airq/samples, /v2/airq/airrohr), in the
                         syntax of --keys, unlimited unless an entry gives limits (default:
                         AIRQ_WRITE_KEYS, else none: the write routes answer 403)
  --max-body SIZE        largest write body, as sent and decompressed: bytes, or with k or m
                         for KiB or MiB (default 1m)
  --data-dir DIR         without --database, the journal that keeps every acknowledged write
                         (default ${DEFAULT_DATA_DIR}; used when there are write keys or it exists)
  --fsync POLICY         always: a write is answered once on disk (fdatasync, grouped); interval:
                         once the OS has it, synced every second (a power cut may lose that
                         second, a killed process nothing) (default always)
  --day-limit N          requests per key per UTC day (default ${DEFAULT_DAY_LIMIT})
  --minute-limit N       requests per key per minute (default ${DEFAULT_MINUTE_LIMIT})
  --installations FILE   installations JSON file instead of the sample network
  --samples FILE         samples CSV (installationId,name,timestamp,value); needs --installations
  --import-sensor-community DIR
                         import the Sensor.Community archive CSV files below DIR, then serve them
                         (see airq import --help; set --now to the archive's day)
  --now ISO              freeze the data clock, e.g. 2026-11-21T09:27:00Z (rate limits keep real time)
  --retention DURATION   history kept before the data clock, in memory or in --database: 30d, 12h,
                         90m (at least 1h), or 0 to keep everything (default 30d); older samples
                         are dropped while serving, and loading files keeps only the newer ones
  --who 2021|2005        WHO guideline edition of the standards (default 2021)
  --log-level LEVEL      JSON log lines on stdout from this level: trace, debug, info (one
                         line per request), warn, error, fatal or silent (default ${DEFAULT_LOG_LEVEL})
  --database URL         postgres://… : measurements in PostgreSQL (default: AIRQ_DATABASE_URL,
                         else in memory); with --installations/--samples the files are loaded
                         into it first; with neither, it serves what the database holds
  --sample-network       write the embedded sample network into --database and produce there
  --redis URL            redis://… : rate-limit counters in Redis, shared by every instance
                         (default: AIRQ_REDIS_URL, else in memory)
  --redis-fail-open      while Redis is unavailable, serve keyed requests uncounted and log
                         them (default: answer 503)
  --tiles URL            map tiles of the page at /: a {z}/{x}/{y} URL template, or none for
                         no tile layer (default ${DEFAULT_TILE_URL})
  --tiles-attribution TEXT
                         the attribution the tile provider requires, shown on the map
                         (default for the default tiles: ${DEFAULT_TILES.attribution})
  --follow SOURCE...     follow an open-data network live and store what each poll reads as pushed
                         samples are stored: sensor-community, openaq (key in AIRQ_OPENAQ_KEY) or
                         purpleair (key in AIRQ_PURPLEAIR_KEY); repeat for several
  --follow-box BOX       the area followed, minLat,minLng,maxLat,maxLng in decimal degrees
                         (required with --follow; minLng > maxLng crosses 180°)
  --follow-every DURATION...
                         time between polls of every followed source, or SOURCE=DURATION for one,
                         from 1s to 1d, e.g. 30s, 5m, 1h
                         (default ${followDefaults})
  --follow-url SOURCE=URL...
                         a followed source's base URL, http or https, for a mirror or a test server
  --follow-indoor        follow indoor sensors too (default: outdoor ones only)
  --quiet                no log at all (as --log-level silent)
  -h, --help             show this text (every command)
  -v, --version          print the version of airq
`;

/**
 * Everything `airq` needs to serve, after the flags were checked: one field per flag of
 * {@link CLI_HELP} that was given (`nowMs`, the frozen data clock, in epoch ms), `retentionMs`
 * (default {@link DEFAULT_RETENTION_MS}; absent for `--retention 0`), `tiles` (the page's map
 * tiles, `undefined` for `--tiles none`), `follow` (the followed sources, absent without
 * `--follow`; it holds their keys, so it is never logged), `keys`
 * `undefined` for "generate a demo key", and the URLs from the flags or the environment.
 */
export type ServeOptions = ReturnType<typeof readServeOptions>;

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'version' }
  | { readonly kind: 'serve'; readonly options: ServeOptions }
  | { readonly kind: 'usage-error'; readonly message: string };

type Environment = Readonly<Record<string, string | undefined>>;

function positiveInteger(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  try {
    // Digits only: Number() alone would take '1e3' or ' 5'.
    return checkLimit('airq', flag, /^\d+$/.test(text) ? Number(text) : Number.NaN);
  } catch {
    throw invalid(flag, 'must be a positive integer', text);
  }
}

function readKeys(line: CommandLine, env: Environment) {
  const read = readKeyList(line, env, 'keys', 'AIRQ_API_KEYS');
  if (read === undefined) return { keys: undefined, keysSource: 'demo' as const };
  return { keys: read.list, keysSource: read.source as '--keys' | 'AIRQ_API_KEYS' };
}

// `--retention`: `undefined` for none (`0`). Under an hour would cut into the moving hour that
// every payload averages, and into the sample network's hour-late readings.
function readRetention(text: string | undefined): number | undefined {
  if (text === '0') return undefined;
  if (text === undefined) return DEFAULT_RETENTION_MS;
  const ms = durationTextMs(text, ['d', 'h', 'm']) ?? Number.NaN;
  if (!(ms >= MS_PER_HOUR)) {
    throw invalid(
      '--retention',
      'must be 0 or a duration of at least 1h such as 30d, 12h or 90m',
      text,
    );
  }
  return ms;
}

function readLogLevel(text: string | undefined, quiet: boolean): LogLevel {
  if (quiet && text !== undefined && text !== 'silent')
    throw new UsageError(`--quiet and --log-level ${text} contradict each other`);
  return quiet ? 'silent' : oneOf('--log-level', text ?? DEFAULT_LOG_LEVEL, LOG_LEVELS);
}

// A server's URL from its flag, else from its variable (blank there means unset). A URL may hold
// a password, so the message never echoes it.
function serverUrl(line: CommandLine, env: Environment, server: 'database' | 'redis') {
  const [variable, scheme, expected] =
    server === 'database'
      ? ['AIRQ_DATABASE_URL', /^postgres(?:ql)?:\/\/\S+$/, 'postgres:// or postgresql://']
      : ['AIRQ_REDIS_URL', /^rediss?:\/\/\S+$/, 'redis:// or rediss://'];
  const flag = line.text(server);
  const [text, source] =
    flag !== undefined ? [flag, `--${server}`] : [env[variable]?.trim(), variable];
  if (text === undefined || text === '') return undefined;
  if (!scheme.test(text)) throw new UsageError(`${source} must be a ${expected} URL`);
  return text;
}

function readServeOptions(line: CommandLine, env: Environment) {
  const [installations, samples] = [line.text('installations'), line.text('samples')];
  const importDir = line.text('import-sensor-community');
  if (samples !== undefined && installations === undefined)
    throw new UsageError('--samples needs --installations (samples belong to installations)');
  if (importDir !== undefined && installations !== undefined)
    throw new UsageError('--import-sensor-community and --installations cannot be combined');
  for (const flag of ['host', 'installations', 'samples', 'import-sensor-community']) {
    if (line.text(flag) === '') throw new UsageError(`--${flag} must not be empty`);
  }
  const now = line.text('now');
  const nowMs = now === undefined ? undefined : parseTimestamp(now);
  if (now !== undefined && nowMs === undefined)
    throw invalid('--now', 'must be an ISO 8601 timestamp', now);
  const retentionMs = readRetention(line.text('retention'));
  const portText = line.text('port');
  const port = /^\d{1,5}$/.test(portText ?? '0') ? Number(portText ?? DEFAULT_PORT) : Number.NaN;
  if (!(port <= 65_535)) throw invalid('--port', 'must be an integer in [0, 65535]', portText);
  const keys = readKeys(line, env);
  const dayLimit = positiveInteger('--day-limit', line.text('day-limit'), DEFAULT_DAY_LIMIT);
  const minuteLimit = positiveInteger(
    '--minute-limit',
    line.text('minute-limit'),
    DEFAULT_MINUTE_LIMIT,
  );
  const who = oneOf('--who', line.text('who') ?? '2021', ['2021', '2005'], 'must be 2021 or 2005');
  const logLevel = readLogLevel(line.text('log-level'), line.flag('quiet'));
  const sampleNetwork = line.flag('sample-network');
  if (sampleNetwork && installations !== undefined)
    throw new UsageError('--sample-network and --installations exclude each other');
  const redisUrl = serverUrl(line, env, 'redis');
  const redisFailOpen = line.flag('redis-fail-open');
  if (redisFailOpen && redisUrl === undefined)
    throw new UsageError('--redis-fail-open needs --redis (or AIRQ_REDIS_URL)');
  const databaseUrl = serverUrl(line, env, 'database');
  // The PostgreSQL store loads only --installations/--samples: an import would be lost silently.
  if (databaseUrl !== undefined && importDir !== undefined)
    throw new UsageError('--import-sensor-community cannot be combined with a --database');
  const tiles = readTiles(line);
  const writes = readWrites(line, env, databaseUrl);
  const follow = readFollow(line, env);
  return {
    ...writes,
    port,
    host: line.text('host') ?? DEFAULT_HOST,
    ...keys,
    dayLimit,
    minuteLimit,
    ...(installations === undefined ? {} : { installationsPath: installations }),
    ...(samples === undefined ? {} : { samplesPath: samples }),
    ...(importDir === undefined ? {} : { importSensorCommunityDir: importDir }),
    ...(nowMs === undefined ? {} : { nowMs }),
    ...(retentionMs === undefined ? {} : { retentionMs }),
    whoEdition: who === '2005' ? ('WHO_2005' as const) : ('WHO_2021' as const),
    logLevel,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(sampleNetwork ? { sampleNetwork } : {}),
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(redisFailOpen ? { redisFailOpen } : {}),
    tiles,
    ...(follow === undefined ? {} : { follow }),
  };
}

// `--follow…`: checked together by readFollowConfig, whose message is the usage error.
function readFollow(line: CommandLine, env: Environment) {
  const read = readFollowConfig(
    {
      follow: line.texts('follow'),
      box: line.text('follow-box'),
      every: line.texts('follow-every'),
      url: line.texts('follow-url'),
      indoor: line.flag('follow-indoor'),
    },
    env,
  );
  if (!read.ok) throw new UsageError(read.message);
  return read.config;
}

/**
 * Reads the command line of `airq` (serving). Pure: no I/O, no exit, so every flag is
 * testable; `main` prints and exits.
 *
 * @param argv - the arguments after the script name
 * @param env - the environment (`AIRQ_API_KEYS`, `AIRQ_WRITE_KEYS`, `AIRQ_DATABASE_URL`,
 *   `AIRQ_REDIS_URL`, and with `--follow` `AIRQ_OPENAQ_KEY` and `AIRQ_PURPLEAIR_KEY` are read)
 * @example
 * parseCliArgs(['--port', '9000'], {}); // { kind: 'serve', options: { port: 9000, host: '127.0.0.1', … } }
 * parseCliArgs(['--port', 'x'], {});    // { kind: 'usage-error', message: '--port must be an integer in [0, 65535], got "x"' }
 */
export function parseCliArgs(argv: readonly string[], env: Environment): CliCommand {
  try {
    const line = readCommandLine(CLI_HELP, argv, false);
    if (line.flag('help')) return { kind: 'help', text: CLI_HELP };
    if (line.flag('version')) return { kind: 'version' };
    return { kind: 'serve', options: readServeOptions(line, env) };
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}
