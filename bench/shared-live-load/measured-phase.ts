// One phase of `npm run bench:shared-load`: readers, pushes or both for a number of seconds,
// with the CPU of every process involved read around it. The readers stop at once when the
// time is up (autocannon drops what is in flight); the pushes stop being sent then, and their
// answers still due are awaited, as a device waits for its own. Then the servers are left to
// finish what they still work on (a backlog of requests whose clients have gone) until their
// CPU falls near idle, and only then is the CPU read: a phase's work is charged to it, not to
// the next. The rates divide by the seconds the requests were sent in, and the machine's busy
// share is read over those seconds too.
import type { PhaseResult } from './load-report.js';
import { machineCpu, treeCpuMs } from './process-cpu.js';
import type { PushFigures, PushLoad } from './push-writer.js';
import type { ReadLoad, RouteFigures } from './route-readers.js';

/** What a phase runs and where its CPU is read. */
export interface PhasePlan {
  readonly key: string;
  readonly label: string;
  readonly seconds: number;
  /** The `airq` processes' ids, then the postmaster's last. */
  readonly roots: readonly number[];
  /** Starts the readers; absent: no reads in this phase. */
  readonly reads?: () => ReadLoad;
  /** Starts the pushes; absent: no pushes. */
  readonly pushes?: () => PushLoad;
}

/** Idle: the watched processes used less than this share of one core over {@link SETTLE_STEP_MS}. */
const IDLE_SHARE = 0.1;
const SETTLE_STEP_MS = 500;
/** Longest wait for the servers to go idle after a phase, ms. */
const SETTLE_LIMIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one phase and measures it.
 *
 * @example
 * const a = await measurePhase({ key: 'A', label: 'reads only', seconds: 30, roots, reads: () => startReaders(urls, headers, routes) });
 * a.airqCpuMs / a.reads.reduce((n, route) => n + route.completed, 0); // CPU ms per read
 */
export async function measurePhase(plan: PhasePlan): Promise<PhaseResult> {
  const cpuBefore = treeCpuMs(plan.roots);
  const benchBefore = process.cpuUsage();
  const machineBefore = machineCpu();
  const startedMs = performance.now();
  const readers = plan.reads?.();
  const writers = plan.pushes?.();
  await sleep(plan.seconds * 1000);
  const loadS = (performance.now() - startedMs) / 1000;
  const machineAfter = machineCpu();
  const [reads, pushes] = await Promise.all([
    readers?.stop() ?? Promise.resolve([] as RouteFigures[]),
    writers?.stop() ?? Promise.resolve(undefined as PushFigures | undefined),
  ]);
  const bench = process.cpuUsage(benchBefore);
  const settledMs = performance.now();
  const cpuAfter = await settle(plan.roots);
  const settleS = (performance.now() - settledMs) / 1000;
  const durationS = (performance.now() - startedMs) / 1000;
  const used = cpuAfter.map((value, at) => value - cpuBefore[at]!); // the same roots
  return {
    key: plan.key,
    label: plan.label,
    loadS,
    durationS,
    settleS,
    reads,
    pushes,
    airqCpuMs: used.slice(0, -1).reduce((sum, value) => sum + value, 0),
    postgresCpuMs: used.at(-1) ?? 0,
    benchCpuMs: (bench.user + bench.system) / 1000,
    machineBusy:
      (machineAfter.busyMs - machineBefore.busyMs) /
      Math.max(1, machineAfter.totalMs - machineBefore.totalMs),
  };
}

// Waits until the processes' CPU over one step falls below the idle share (or the limit
// passes) and returns their CPU times then, ms.
async function settle(roots: readonly number[]): Promise<number[]> {
  const limitMs = performance.now() + SETTLE_LIMIT_MS;
  let last = treeCpuMs(roots);
  for (;;) {
    await sleep(SETTLE_STEP_MS);
    const now = treeCpuMs(roots);
    const usedMs = now.reduce((sum, value, at) => sum + value - last[at]!, 0); // same roots
    if (usedMs < IDLE_SHARE * SETTLE_STEP_MS || performance.now() > limitMs) return now;
    last = now;
  }
}

/**
 * Waits, when the next `neededS` seconds would cross the top of a UTC hour, until a few
 * seconds after it; resolves with the seconds waited (0 when clear). At the top of the hour
 * every installation's kept element of the network route ends its validity at once (and so do
 * the hourly parts of every Measurements answer): a phase that crosses it measures that, not
 * the steady load it is meant to.
 *
 * @example
 * await waitPastTheHour(150); // 0, or e.g. 97.3 at 11:58:28
 */
export async function waitPastTheHour(neededS: number): Promise<number> {
  const hourMs = 3_600_000;
  const nowMs = Date.now();
  const nextHourMs = Math.ceil(nowMs / hourMs) * hourMs;
  if (nextHourMs - nowMs > neededS * 1000) return 0;
  const waitMs = nextHourMs - nowMs + 5_000;
  await sleep(waitMs);
  return waitMs / 1000;
}
