// Stalls over 4 ms, a second, in each phase of `npm run bench:follow`'s span: while the file
// server sends the file, from its last byte until the batch is stored (the reading thread takes
// the last chunks from the socket's buffers, then the store's turns run on the server's
// thread), and with no poll running. Counted for `airq`'s thread and for an idle process beside
// it (machine-probe.mjs): a phase where both stall alike is the machine's, one where only
// `airq` stalls is `airq`'s own work.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PollWindow, Stall } from './poll-report.js';

/** A stall worth counting, ms: longer than the 2 ms the probe notes from, as a read notices. */
const COUNTED_STALL_MS = 4;

/** An idle process's stall probe, started now. */
export interface MachineProbe {
  /** The stalls noted so far; the probe ends. */
  take(): Promise<Stall[]>;
}

/**
 * Starts the idle process of machine-probe.mjs.
 *
 * @example
 * const machine = startMachineProbe();
 * const stalls = await machine.take(); // [[1796387866337.7, 4.1], …]
 */
export function startMachineProbe(): MachineProbe {
  const child = fork(fileURLToPath(new URL('./machine-probe.mjs', import.meta.url)), [], {
    // Plain Node, without the loader this process runs under: the probe needs nothing else.
    execArgv: [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return {
    take: () =>
      new Promise<Stall[]>((resolve, reject) => {
        child.once('message', (stalls) => {
          child.disconnect();
          resolve(stalls as Stall[]);
        });
        child.once('exit', () => reject(new Error('the machine probe exited first')));
        child.send({ stalls: 'take' });
      }),
  };
}

interface Phase {
  readonly label: string;
  readonly spans: readonly { readonly fromMs: number; readonly untilMs: number }[];
}

/**
 * The table rows: per phase, its seconds and the stalls over 4 ms a second of `airq`'s thread
 * and of the idle process.
 *
 * @param polls - the measured polls (the phases of a poll count those that stored)
 * @param span - the measured span and the guard after each poll (classifyReads' span)
 * @example
 * stallPhaseRows(polls, span, airqStalls, machineStalls);
 * // ['| stalls over 4 ms a second, while the file server sends the file: `airq`'s thread / an idle process beside it (68.3 s) | 0.83 / 0.75 |', …]
 */
export function stallPhaseRows(
  polls: readonly PollWindow[],
  span: { readonly fromMs: number; readonly untilMs: number; readonly guardMs: number },
  airq: readonly Stall[],
  machine: readonly Stall[],
): string[] {
  const stored = polls.filter((poll) => poll.storedMs !== undefined && poll.sentMs !== undefined);
  // Every poll's time is kept out of the quiet spans, one that stored nothing too (until its
  // file was sent), as classifyReads keeps its reads out.
  const quiet: { fromMs: number; untilMs: number }[] = [];
  let fromMs = span.fromMs;
  for (const poll of polls) {
    if (poll.startMs > fromMs) quiet.push({ fromMs, untilMs: poll.startMs });
    const endMs = poll.storedMs ?? poll.sentMs ?? poll.startMs;
    fromMs = Math.max(fromMs, endMs + span.guardMs);
  }
  if (span.untilMs > fromMs) quiet.push({ fromMs, untilMs: span.untilMs });
  const phases: Phase[] = [
    {
      label: 'while the file server sends the file',
      spans: stored.map((poll) => ({ fromMs: poll.startMs, untilMs: poll.sentMs! })),
    },
    {
      label: "from the file server's last byte to stored",
      spans: stored.map((poll) => ({ fromMs: poll.sentMs!, untilMs: poll.storedMs! })),
    },
    { label: 'with no poll running', spans: quiet },
  ];
  return phases.map(({ label, spans }) => {
    const seconds = spans.reduce((sum, { fromMs, untilMs }) => sum + (untilMs - fromMs), 0) / 1000;
    const rate = (stalls: readonly Stall[]) => {
      const counted = stalls.filter(
        ([atMs, stallMs]) =>
          stallMs > COUNTED_STALL_MS &&
          spans.some(({ fromMs, untilMs }) => atMs >= fromMs && atMs < untilMs),
      ).length;
      return seconds === 0 ? '—' : (counted / seconds).toFixed(2);
    };
    return `| stalls over ${COUNTED_STALL_MS} ms a second, ${label}: \`airq\`'s thread / an idle process beside it (${seconds.toFixed(1)} s) | ${rate(airq)} / ${rate(machine)} |`;
  });
}
