import { DEFAULT_DAY_LIMIT, DEFAULT_MINUTE_LIMIT } from '../http/rate-limiter.js';
import { DEFAULT_LOG_LEVEL } from './access-log.js';

// What `airq` serves by default, and its `--help` text (the other commands' texts are theirs).

/** Default port of `airq`. */
export const DEFAULT_PORT = 8080;
/** Default interface: loopback only, so a demo key is never exposed to the network by accident. */
export const DEFAULT_HOST = '127.0.0.1';

/** The `--help` text. */
export const CLI_HELP = `Usage: airq [options]

Serves the airq /v2 API (the default command). Without --installations it serves the embedded sample network
of installations around Kraków, with new samples every 30 s.

Options:
  --port N               port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host HOST            interface to bind (default ${DEFAULT_HOST})
  --keys LIST            API keys: KEY[:DAY_LIMIT[:MINUTE_LIMIT]],... (default: AIRQ_API_KEYS,
                         else a random demo key printed at start)
  --day-limit N          requests per key per UTC day (default ${DEFAULT_DAY_LIMIT})
  --minute-limit N       requests per key per minute (default ${DEFAULT_MINUTE_LIMIT})
  --installations FILE   installations JSON file instead of the sample network
  --samples FILE         samples CSV (installationId,name,timestamp,value); needs --installations
  --import-sensor-community DIR
                         import the Sensor.Community archive CSV files below DIR, then serve them
                         (see airq import --help; set --now to the archive's day)
  --now ISO              freeze the data clock, e.g. 2026-11-21T09:27:00Z (rate limits keep real time)
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
  --quiet                no log at all (as --log-level silent)
  -h, --help             show this text (every command)
  -v, --version          print the version of airq
`;
