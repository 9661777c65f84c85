// What `npm run bench:follow` sees of `airq` from outside, every few milliseconds: its memory
// (VmRSS and VmHWM of /proc/PID/status, Linux only) and the size and modification time of each
// file of its data directory, whose change says when a poll's batch reached the journal (only
// polls write there during the run: the load only reads). The size alone no longer tells: the
// journal writes its records into a reserve of zeros it keeps ahead of them, so most commits
// leave the file's size as it was.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One sample of the process's memory, epoch ms and KiB. */
export interface MemorySample {
  readonly atMs: number;
  readonly rssKiB: number;
}

/** The memory figures of /proc/PID/status, KiB. */
export interface ProcessMemory {
  /** Resident set size now. */
  readonly rssKiB: number;
  /** The highest resident set size since the process started ("high water mark"). */
  readonly hwmKiB: number;
}

/**
 * Reads VmRSS and VmHWM of a process from /proc/PID/status.
 *
 * @throws Error when /proc has no such process or no such lines (not Linux)
 * @example
 * processMemory(process.pid); // { rssKiB: 61234, hwmKiB: 70112 }
 */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const kib = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
    if (kib === undefined) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(kib);
  };
  return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
}

// Every file's name, size and modification time (ns), as one text to compare.
function directoryState(path: string): string {
  let state = '';
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    try {
      if (entry.isDirectory()) state += directoryState(full);
      else {
        const { size, mtimeNs } = statSync(full, { bigint: true });
        state += `${full} ${size} ${mtimeNs}\n`;
      }
    } catch {
      // A file removed between the listing and its stat (a compaction's temporary file).
    }
  }
  return state;
}

/** A running watch. */
export interface ProcessWatch {
  /** Every memory sample so far. */
  readonly memory: readonly MemorySample[];
  /** When a file of the data directory was seen to change (size or time), epoch ms, in order. */
  readonly dataChangesMs: readonly number[];
  stop(): void;
}

/**
 * Samples `pid`'s resident memory and the state of `dataDir`'s files every `everyMs`.
 *
 * @example
 * const watch = watchProcess(airq.pid, dataDir, 20);
 * // … later
 * watch.stop();
 * watch.dataChangesMs; // e.g. [1764650000123, 1764650006310]
 */
export function watchProcess(pid: number, dataDir: string, everyMs: number): ProcessWatch {
  const memory: MemorySample[] = [];
  const dataChangesMs: number[] = [];
  let lastState = directoryState(dataDir);
  const timer = setInterval(() => {
    const atMs = Date.now();
    memory.push({ atMs, rssKiB: processMemory(pid).rssKiB });
    const state = directoryState(dataDir);
    if (state !== lastState) dataChangesMs.push(atMs);
    lastState = state;
  }, everyMs);
  return { memory, dataChangesMs, stop: () => clearInterval(timer) };
}
