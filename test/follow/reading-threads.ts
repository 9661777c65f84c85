// Sees a process's reading threads from outside: a Sensor.Community source reads on a worker
// thread that lowers its own priority to nice 19 (src/follow/sensor-community-worker.ts), and
// no other thread of airq or of vitest runs at 19, so counting those threads counts the reading
// threads alive. Linux only (/proc); elsewhere there is nothing to count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Whether threads can be counted here. */
export const CAN_COUNT_THREADS = existsSync('/proc/self/task');

/**
 * How many threads of process `pid` (default this one) run at nice 19.
 *
 * @example
 * lowPriorityThreads(); // 0 before any poll, 1 while a source keeps its reading thread
 */
export function lowPriorityThreads(pid: number | 'self' = 'self'): number {
  let count = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // The fields after the command's closing parenthesis start at the 3rd (state); nice is the
    // 19th (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[19 - 3] === '19') count++;
  }
  return count;
}

/**
 * Waits until {@link lowPriorityThreads} is `count` (a thread leaves /proc a little after its
 * worker's exit), for at most `timeoutMs`; resolves with the last count seen.
 *
 * @example
 * await source.close();
 * expect(await lowPriorityThreadsBecome(0)).toBe(0);
 */
export async function lowPriorityThreadsBecome(
  count: number,
  pid: number | 'self' = 'self',
  timeoutMs = 5_000,
): Promise<number> {
  const untilMs = Date.now() + timeoutMs;
  for (;;) {
    const seen = lowPriorityThreads(pid);
    if (seen === count || Date.now() > untilMs) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
