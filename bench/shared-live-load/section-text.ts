// The section `npm run bench:shared-load` writes into bench/RESULTS.md: when and where it ran,
// exactly what ran, the two tables and what their columns mean.
import { machineText } from '../helpers/machine-text.js';
import { UNREACHABLE_LIMIT } from '../http/server-process.js';
import type { Maintenance } from './bench-postgres.js';
import { cpuTable, latencyTable, networkSentence, type PhaseResult } from './load-report.js';
import { type NetworkFiles, REGION, SAMPLE_INTERVAL_MINUTES } from './network-files.js';
import { SLOW_PUSH_MS } from './push-writer.js';

/** The flags a run used. */
export interface RunSettings {
  readonly hours: number;
  readonly ratePerRoute: number;
  readonly pushEveryS: number;
  readonly pushRatePerS: number;
  readonly warmupS: number;
  readonly phaseS: number;
  readonly writesOnlyS: number;
}

/** Everything the section reports. */
export interface SectionInput {
  readonly files: NetworkFiles;
  /** A, B and C, in that order. */
  readonly phases: readonly PhaseResult[];
  /** `postgres --version`. */
  readonly postgresVersion: string;
  readonly checks: { readonly summary: string };
  /** Access log lines the three instances wrote. */
  readonly logLines: number;
  /** Wall time from each instance's start to its banner, ms. */
  readonly startsMs: readonly number[];
  /** `VACUUM (ANALYZE)` after the load, ms. */
  readonly vacuumMs: number;
  /** What PostgreSQL did on its own during the phases. */
  readonly maintenance: Maintenance;
  /** When the measured phases ran (epoch ms), and how long the run waited for the hour. */
  readonly window: { readonly fromMs: number; readonly tillMs: number; readonly waitedS: number };
  readonly quick: boolean;
  /** The whole run, s. */
  readonly totalS: number;
  /** 1-minute load average before and after. */
  readonly loadAverages: readonly [number, number];
  readonly settings: RunSettings;
  /** The name of the whole-network route among the readers'. */
  readonly networkRoute: string;
}

const s1 = (ms: number) => (ms / 1000).toFixed(1);
const thousands = (n: number) => n.toLocaleString('en-US');

// When the phases ran, and whether they stayed clear of the top of the hour.
function hourSentence(window: SectionInput['window']): string {
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);
  const crossed = Math.floor(window.fromMs / 3_600_000) !== Math.floor(window.tillMs / 3_600_000);
  const waited =
    window.waitedS > 0 ? ` (the run waited ${window.waitedS.toFixed(0)} s for it to pass)` : '';
  return crossed
    ? `**The phases (${time(window.fromMs)}–${time(window.tillMs)} UTC) crossed the top of an hour**, where every installation's kept network element ends its validity at once: the figures hold that, not only the steady load.`
    : `The phases ran from ${time(window.fromMs)} to ${time(window.tillMs)} UTC, clear of the top of an hour${waited}: there every installation's kept network element ends its validity at once, which is not the steady load measured here.`;
}

// Where the slow pushes were: spread over the phase, or a stall of a second or two.
function slowPushes(phases: readonly PhaseResult[]): string {
  const parts = phases.flatMap((phase) => {
    const times = phase.pushes?.slowAtMs;
    if (times === undefined) return [];
    const seconds = [...new Set(times.map((ms) => new Date(ms).toISOString().slice(11, 19)))];
    const where =
      seconds.length === 0
        ? ''
        : seconds.length <= 3
          ? ` all within ${seconds.join(', ')} UTC`
          : ` over ${seconds.length} different seconds of the ${phase.loadS.toFixed(0)}`;
    return [
      `${phase.key}: ${thousands(times.length)} of ${thousands(phase.pushes?.completed ?? 0)}${where}`,
    ];
  });
  return `Pushes answered after more than ${SLOW_PUSH_MS} ms: ${parts.join('; ')}.`;
}

/**
 * The Markdown of the `shared-load` section, markers included.
 *
 * @example
 * writeMarkedSection('bench/RESULTS.md', 'shared-load', renderSection(input));
 */
export function renderSection(input: SectionInput): string {
  const { files, phases, settings, quick } = input;
  const [readsOnly, withWrites, writesOnly] = phases;
  const machine = machineText(input.postgresVersion);
  const requests = phases.reduce(
    (sum, phase) =>
      sum +
      phase.reads.reduce((reads, route) => reads + route.completed, 0) +
      (phase.pushes?.completed ?? 0),
    0,
  );
  const limit = UNREACHABLE_LIMIT;
  const [loadBefore, loadAfter] = input.loadAverages;
  return [
    '<!-- shared-load:start -->',
    '## Live load: three instances on one PostgreSQL, reads on every route while 10,000 devices push (issue 39)',
    '',
    `Written by \`npm run bench:shared-load${quick ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${input.totalS.toFixed(0)} s. ${machine}. 1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.${quick ? ' **A trial run with short phases: not figures to quote.**' : ''}`,
    '',
    `What ran: a throwaway PostgreSQL (Debian's binaries, \`fsync=off\`, \`synchronous_commit=off\`, \`full_page_writes=off\`: the disk is not measured). Three \`airq\`, each \`node scripts/start.mjs --port 0 --keys READ:${limit}:${limit} --write-keys WRITE --day-limit ${limit} --minute-limit ${limit} --database postgres://…\` as \`npm start\` runs it (live clock, access log on, stdout a pipe drained as it comes); the first also with \`--installations\` (${thousands(files.installations)} vendor installations spread over ${REGION.minLat}–${REGION.maxLat} °N, ${REGION.minLng}–${REGION.maxLng} °E, each naming one airRohr device \`esp8266-…\`) and \`--samples\` (PM25 and PM10 every ${SAMPLE_INTERVAL_MINUTES} minutes over the last ${settings.hours} h, each installation at its own phase: ${thousands(files.samples)} rows), loaded into the database before it listened (${s1(input.startsMs[0] ?? 0)} s), then \`VACUUM (ANALYZE)\` of the database (${s1(input.vacuumMs)} s: autovacuum would have done it long before in a database that has been running, and would otherwise do it in the measured phases); the other two, started after it, serve what the database holds (${input.startsMs.slice(1).map(s1).join(' and ')} s to listen). ${input.checks.summary}`,
    '',
    `Reads, from this process (autocannon): five routes at ${settings.ratePerRoute} requests a second each over the three instances together (whole requests a second per instance, 2 connections per route and instance; autocannon sends each second's quota as fast as the answers come, so a slow answer lowers the rate, and the 15 streams start spread over a second), gzip: \`/v2/meta/indexes\`; \`/v2/measurements/installation\` of a random installation; \`/v2/installations/nearest\` and \`/v2/measurements/point\` at random places in the region; \`/v2/airq/network\` of the whole network (${thousands(files.installations)} installations, \`VENDOR_CAQI\`). Pushes: one per device every ${settings.pushEveryS} s, ${settings.pushRatePerS.toFixed(1)} a second in all, sent on a schedule whatever the answers take (a device does not wait for another), each on a connection of its own, round robin over the instances, the devices in a cycle so none pushes twice within ${settings.pushEveryS} s: the recorded NRZ-2020-129 body (SDS011 and BME280: 5 values stored per push) with the device's chip id, Basic authentication with the write key, \`X-Sensor\`. ${settings.warmupS} s of reads first (not measured); then A: reads only, ${settings.phaseS} s; B: reads and pushes, ${settings.phaseS} s; C: pushes only, ${settings.writesOnlyS} s. "per s" divides by the seconds the requests were sent in. When a phase's time is up the readers stop at once (autocannon drops what is in flight: such a read is counted as cut off and enters the percentiles with its age then, a lower bound), the pushes still out are answered, and the servers are left to finish their backlog until their CPU falls below a tenth of a core, so that each phase's CPU holds its own work. The access log wrote ${thousands(input.logLines)} lines for ${thousands(requests)} measured requests (and the warm-up and checks).`,
    '',
    hourSentence(input.window),
    '',
    latencyTable(phases),
    '',
    readsOnly !== undefined && withWrites !== undefined
      ? networkSentence(readsOnly, withWrites, input.networkRoute)
      : '',
    '',
    cpuTable(phases, writesOnly),
    '',
    slowPushes(phases),
    '',
    `PostgreSQL's own background work from the start of A to the end of C: ${input.maintenance.runs.length === 0 ? 'no autovacuum or autoanalyze' : `${input.maintenance.runs.join(', ')} (UTC)`}; ${input.maintenance.checkpoints} checkpoint(s) since it started.`,
    '',
    `CPU is user + system time of every thread, read from /proc before and after each phase: for \`airq\` the three node processes together; for PostgreSQL the postmaster with every backend and auxiliary process (backends that ended included). "Per request" divides by every request completed in the phase, reads and pushes alike. "Per read, pushes' share removed" takes phase C's CPU per push (pushes with nothing else running) times B's pushes off B's CPU before dividing by B's reads: what the reads cost while the data changed under them, if a push costs what it costs alone. The routes are not separated: the CPU per read is the average over the five routes at equal rates. "Machine busy" is the share of both cores busy while the phase's requests were sent, whoever used them (this process, and any other work on the machine, included).`,
    '<!-- shared-load:end -->',
  ].join('\n');
}
