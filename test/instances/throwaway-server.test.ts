// The process side of the throwaway servers, on plain processes (no server binary needed):
// freezing a process with or without children, and after it ended.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  childProcesses,
  spawnServer,
  type ThrowawayProcess,
  temporaryDirectory,
} from '../helpers/throwaway-server.js';

/** The state letter of /proc/<pid>/stat: 'T' stopped, 'S' sleeping, 'R' running. */
function state(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0]!;
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !check(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.platform === 'linux')('throwaway process freeze', () => {
  const started: ThrowawayProcess[] = [];
  const spawnTemporary = (command: string, args: string[]) => {
    const process = spawnServer(command, args, temporaryDirectory('airq-freeze'));
    started.push(process);
    return process;
  };
  afterEach(async () => {
    for (const process of started.splice(0)) {
      process.freeze(false);
      await process.stop();
    }
  });

  it('stops and continues a process that has no children', async () => {
    const sleeper = spawnTemporary('sleep', ['60']);
    const pid = sleeper.child.pid!;
    expect(childProcesses(pid)).toEqual([]);
    sleeper.freeze(true);
    await until(() => state(pid) === 'T');
    expect(state(pid)).toBe('T');
    sleeper.freeze(false);
    await until(() => state(pid) !== 'T');
    expect(state(pid)).not.toBe('T');
  });

  it('stops and continues a process and its children', async () => {
    const parent = spawnTemporary('sh', ['-c', 'sleep 60 & sleep 60 & wait']);
    const pid = parent.child.pid!;
    await until(() => childProcesses(pid).length === 2);
    const children = childProcesses(pid);
    expect(children).toHaveLength(2);
    parent.freeze(true);
    await until(() => [pid, ...children].every((each) => state(each) === 'T'));
    expect([pid, ...children].map(state)).toEqual(['T', 'T', 'T']);
    parent.freeze(false);
    await until(() => [pid, ...children].every((each) => state(each) !== 'T'));
    expect([pid, ...children].map(state).includes('T')).toBe(false);
  });

  it('does nothing for a process that has ended', async () => {
    const quick = spawnTemporary('true', []);
    await new Promise((resolve) => quick.child.once('exit', resolve));
    expect(() => quick.freeze(true)).not.toThrow();
    expect(() => quick.freeze(false)).not.toThrow();
  });
});
