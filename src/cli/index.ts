export { type CliEnvironment, EXIT_FAILURE, EXIT_USAGE, main } from './main.js';
export {
  CLI_HELP,
  type CliCommand,
  DEFAULT_HOST,
  DEFAULT_PORT,
  parseCliArgs,
  type ServeOptions,
} from './parse-args.js';
export {
  type RunningServer,
  SAMPLE_PRODUCE_INTERVAL_MS,
  SERVER_TIMEOUTS,
  startServer,
} from './start-server.js';
