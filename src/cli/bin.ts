#!/usr/bin/env node
import { main } from './main.js';

// The executable entry of `npm start` (and of `dist/cli.js` when built): wires `main` to the
// real process. Everything testable lives in main.ts and parse-args.ts.
const stopRequested = new Promise<string>((resolve) => {
  process.once('SIGINT', () => resolve('SIGINT'));
  process.once('SIGTERM', () => resolve('SIGTERM'));
});

process.exitCode = await main({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
  stopRequested,
  writeStderr: (text) => process.stderr.write(text),
  stderrIsTty: process.stderr.isTTY === true,
});
