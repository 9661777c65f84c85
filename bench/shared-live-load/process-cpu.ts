// CPU time of whole process trees, read from /proc (Linux only), for `npm run
// bench:shared-load`. A process's /proc/PID/stat counts every thread of it (for `airq`: the
// main thread, libuv's pool where gzip and the access log's writes run, V8's GC threads); its
// cutime and cstime hold what its children used once they ended and were reaped. The sum of
// the four over a process and its living descendants is then everything the tree used, once:
// a PostgreSQL backend counts while it lives and, after it ends, in the postmaster.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on Linux nearly always). */
const TICKS_PER_S = readTicksPerSecond();

function readTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

/** The fields of /proc/PID/stat that matter here; `undefined` when the process is gone. */
interface ProcessStat {
  readonly pid: number;
  readonly parentPid: number;
  /** The executable's name, at most 15 characters (`postgres`, `node`). */
  readonly command: string;
  /** utime + stime + cutime + cstime, ticks. */
  readonly ticks: number;
}

function readStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // ended between the listing and the read
  }
  // The command sits in parentheses and may itself hold spaces and parentheses.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const rest = text.slice(close + 2).split(' ');
  // rest[0] is field 3 (state): ppid is field 4, utime … cstime fields 14 … 17.
  const ticks = [11, 12, 13, 14].reduce((sum, at) => sum + Number(rest[at]), 0);
  return { pid, parentPid: Number(rest[1]), command: text.slice(open + 1, close), ticks };
}

function allStats(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat !== undefined) stats.push(stat);
  }
  return stats;
}

/**
 * CPU time (user + system, every thread, children that ended included) used so far by each
 * tree rooted at `rootPids`, in one pass over /proc, ms.
 *
 * @example
 * treeCpuMs([airq.pid, postmasterPid]); // e.g. [48210, 9120]
 */
export function treeCpuMs(rootPids: readonly number[]): number[] {
  const stats = allStats();
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.parentPid);
    if (siblings === undefined) children.set(stat.parentPid, [stat]);
    else siblings.push(stat);
  }
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  return rootPids.map((root) => {
    let ticks = 0;
    const pending = [byPid.get(root)];
    for (let stat = pending.pop(); stat !== undefined; stat = pending.pop()) {
      ticks += stat.ticks;
      pending.push(...(children.get(stat.pid) ?? []));
    }
    return (ticks * 1000) / TICKS_PER_S;
  });
}

/**
 * The ids of this process's children running `command` (e.g. the postmaster that
 * startPostgres spawned: `postgres`).
 *
 * @example
 * ownChildren('postgres'); // [81234]
 */
export function ownChildren(command: string): number[] {
  return allStats()
    .filter((stat) => stat.parentPid === process.pid && stat.command === command)
    .map((stat) => stat.pid);
}

/** Busy and total CPU time of the whole machine since boot, ms (all cores, /proc/stat). */
export interface MachineCpu {
  readonly busyMs: number;
  readonly totalMs: number;
}

/**
 * The machine's CPU time so far, from the first line of /proc/stat: busy is everything but
 * idle and iowait. Two readings give the share of the machine that was busy in between,
 * whoever used it (other work on a shared machine shows here).
 *
 * @example
 * const before = machineCpu(); … const after = machineCpu();
 * (after.busyMs - before.busyMs) / (after.totalMs - before.totalMs); // e.g. 0.62
 */
export function machineCpu(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal (guest times are inside user already).
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const totalTicks = ticks.reduce((sum, value) => sum + value, 0);
  const idleTicks = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const ms = (value: number) => (value * 1000) / TICKS_PER_S;
  return { busyMs: ms(totalTicks - idleTicks), totalMs: ms(totalTicks) };
}
