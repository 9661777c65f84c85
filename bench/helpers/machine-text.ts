import { arch, cpus, platform } from 'node:os';

// Every figure in bench/RESULTS.md names the machine that measured it; the benchmarks write it
// the same way so that sections can be compared at a glance.

/**
 * The machine a benchmark ran on, as one line: CPU model and core count, Node's version, the
 * platform, then whatever the benchmark adds (a PostgreSQL version), joined by `; `.
 *
 * @example
 * machineText('PostgreSQL 17.6');
 * // 'AMD EPYC 7B13, 2 cores; Node v20.19.5; linux x64; PostgreSQL 17.6'
 */
export function machineText(...extras: readonly string[]): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return [
    `${model}, ${cores.length} cores`,
    `Node ${process.version}`,
    `${platform()} ${arch()}`,
    ...extras,
  ].join('; ');
}
