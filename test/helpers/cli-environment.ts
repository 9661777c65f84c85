// A command-line environment for running `main` and the subcommands in process: every line,
// raw write and JSON log line is collected, stderr is a TTY only when asked, and a stop is
// requested only when the caller's `stop` promise resolves.

/**
 * The environment for `argv`, with what the command printed.
 *
 * @example
 * const { env, out } = cliEnvironment(['--version']);
 * await main(env); // out: ['airq 0.1.0']
 */
export function cliEnvironment(
  argv: string[],
  extra: { tty?: boolean; stop?: Promise<string> } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const raw: string[] = [];
  const logLines: string[] = [];
  return {
    out,
    err,
    raw,
    logLines,
    env: {
      argv,
      logDestination: {
        write: (text: string) => logLines.push(...text.split('\n').filter((line) => line !== '')),
      },
      env: {},
      stdout: (line: string) => out.push(line),
      stderr: (line: string) => err.push(line),
      writeStderr: (text: string) => raw.push(text),
      stderrIsTty: extra.tty ?? false,
      stopRequested: extra.stop ?? new Promise<string>(() => {}),
    },
  };
}
