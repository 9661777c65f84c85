import { type ParseArgsConfig, parseArgs } from 'node:util';
import { describeValue } from '../arguments/describe-value.js';
import type { LogDestination } from './access-log.js';
import { createProgressBar } from './progress-bar.js';

// Each command of `airq` declares its options once, in its `--help` text: a line
// `  -h, --name VALUE   text` is an option taking a value, one without VALUE a boolean flag,
// and one whose VALUE ends in `...` (`--name VALUE...`) an option that may be repeated.
// node:util's parseArgs reads the command line from what those lines declare, so a flag and
// its help cannot drift apart.

/** Exit code for bad flags (as most Unix tools use it). */
export const EXIT_USAGE = 2;
/** Exit code when a command fails (unreadable files, a port in use). */
export const EXIT_FAILURE = 1;

/** What every command talks to; `process` in production, fakes in tests. */
export interface CliEnvironment {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM). */
  readonly stopRequested: Promise<string>;
  /** Where the JSON log lines go (a few lines per write). Default: standard output. */
  readonly logDestination?: LogDestination;
  /** Raw stderr (no line end added), for the progress bar. */
  readonly writeStderr?: (text: string) => void;
  /** Whether stderr is a terminal (the progress bar is drawn only there). */
  readonly stderrIsTty?: boolean;
}

/** A command line that cannot run; its message names the flag and the value. */
export class UsageError extends Error {}

/**
 * The usage error for a flag with a bad value, in the shape of airq's argument errors.
 *
 * @example
 * invalid('--port', 'must be an integer in [0, 65535]', 'x').message;
 * // '--port must be an integer in [0, 65535], got "x"'
 */
export function invalid(flag: string, expectation: string, text: string | undefined): UsageError {
  const got = text === undefined ? 'nothing' : describeValue(text);
  return new UsageError(`${flag} ${expectation}, got ${got}`);
}

/**
 * The one of `names` that `text` is, or the usage error saying which are allowed.
 *
 * @example
 * oneOf('--who', '1999', ['2021', '2005'], 'must be 2021 or 2005'); // throws: --who must be 2021 or 2005, got "1999"
 */
export function oneOf<T extends string>(
  flag: string,
  text: string | undefined,
  names: readonly T[],
  expectation = `must be one of ${names.join(', ')}`,
): T {
  const name = names.find((known) => known === text);
  if (name === undefined) throw invalid(flag, expectation, text);
  return name;
}

/** A command line read: the value of each option, and the other arguments. */
export interface CommandLine {
  /** The value of `--name VALUE`, if given. */
  text(name: string): string | undefined;
  /** Every value of a repeatable `--name VALUE...`, in command-line order (none: `[]`). */
  texts(name: string): readonly string[];
  /** Whether the flag `--name` was given. */
  flag(name: string): boolean;
  readonly positionals: readonly string[];
}

const OPTION_LINE = /^ {2}(?:-(\w), )?--([\w-]+)( \S+)?/gm;

/**
 * Reads `argv` against the options that `help` declares, strictly: an unknown flag, a missing
 * value or (without `allowPositionals`) a stray argument is a {@link UsageError}, with
 * parseArgs's own message.
 *
 * @example
 * readCommandLine('  --out DIR   output directory\n', ['--out', 'data', 'a.csv'], true).text('out'); // 'data'
 */
export function readCommandLine(
  help: string,
  argv: readonly string[],
  allowPositionals: boolean,
): CommandLine {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [, short, name, value] of help.matchAll(OPTION_LINE)) {
    const type = value === undefined ? 'boolean' : 'string';
    const multiple = value?.endsWith('...') === true;
    options[name!] = { type, ...(multiple && { multiple }), ...(short && { short }) };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const read = (name: string, type: 'string' | 'boolean', multiple = false) => {
    // A name the help does not declare is a slip in airq's code, not in the command line.
    const option = options[name];
    if (option?.type !== type || (option.multiple === true) !== multiple)
      throw new Error(`no ${multiple ? 'repeatable ' : ''}${type} option --${name}`);
    return parsed.values[name];
  };
  return {
    text: (name) => read(name, 'string') as string | undefined,
    texts: (name) => (read(name, 'string', true) as string[] | undefined) ?? [],
    flag: (name) => read(name, 'boolean') === true,
    positionals: parsed.positionals,
  };
}

/** What a subcommand's arguments ask for: its help, a run, or a message for stderr. */
export type SubcommandArgs<Run> =
  | { readonly kind: 'help' }
  | ({ readonly kind: 'run' } & Run)
  | { readonly kind: 'usage-error'; readonly message: string };

/**
 * Reads a subcommand's arguments (after its name) against its help text; `-h`/`--help` wins,
 * then `read` checks the values and throws {@link UsageError}. Pure.
 *
 * @example
 * readSubcommand(IMPORT_HELP, ['-h'], read); // { kind: 'help' }
 */
export function readSubcommand<Run>(
  help: string,
  argv: readonly string[],
  read: (line: CommandLine) => Run,
): SubcommandArgs<Run> {
  try {
    const line = readCommandLine(help, argv, true);
    return line.flag('help') ? { kind: 'help' } : { kind: 'run', ...read(line) };
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}

/** How a subcommand shows its progress on stderr while it works. */
export interface SubcommandProgress {
  /** Moves the progress bar (drawn on a terminal for inputs over 10 MiB). */
  update(bytesRead: number, totalBytes: number): void;
  /** Prints a line (a rejected row) to stderr, clearing the bar first. */
  report(line: string): void;
}

/**
 * Runs a subcommand: prints its help, or its usage error (exit 2); else `run` works on the
 * checked arguments and resolves with the lines for stdout (exit 0), or rejects with what went
 * wrong, printed as `airq NAME: message` (exit 1).
 *
 * @example
 * await runSubcommand('import', IMPORT_HELP, parseImportArgs(argv), environment, importFiles);
 */
export async function runSubcommand<Run>(
  name: string,
  help: string,
  args: SubcommandArgs<Run>,
  { stdout, stderr, writeStderr, stderrIsTty }: CliEnvironment,
  run: (command: Run, progress: SubcommandProgress) => Promise<readonly string[]>,
): Promise<number> {
  if (args.kind === 'help') {
    stdout(help);
    return 0;
  }
  if (args.kind === 'usage-error') {
    stderr(`airq ${name}: ${args.message}\nRun airq ${name} --help for the options.`);
    return EXIT_USAGE;
  }
  const write = writeStderr ?? (() => {});
  const bar = createProgressBar({ write, isTty: stderrIsTty === true && write === writeStderr });
  const report = (line: string) => {
    bar.clear();
    stderr(line);
  };
  try {
    const lines = await run(args, { update: (read, total) => bar.update(read, total), report });
    bar.finish();
    for (const line of lines) stdout(line);
    return 0;
  } catch (error) {
    bar.finish();
    stderr(`airq ${name}: ${(error as Error).message}`);
    return EXIT_FAILURE;
  }
}
