// `npm run soak`: `npm start`'s server (the sample network with its live producer) in its own
// process under a steady mixed load for N minutes. Prints req/s and p50/p99 per minute, the
// server's RSS and heap every 10 s, and any 5xx; exits with code 1 when a 5xx or an unexpected
// status came back, when p99 grew more than 2× from the first minute to the last, or when RSS
// grew more than 20% after the first minute.
//
//   npm run soak -- [--minutes 2] [--rate 200] [--connections 8] [--write]
//
// --write puts the report into the `soak` section of bench/RESULTS.md.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeMarkedSection } from '../bench/http/results-table.js';
import { startServerProcess } from '../bench/http/server-process.js';
import { loadMinute, type MinuteFigures, soakRequests } from '../bench/http/soak-load.js';
import {
  MINUTE_HEADER,
  minuteRow,
  readingLine,
  renderSoakSection,
  soakFailures,
  type TimedReading,
} from '../bench/http/soak-report.js';
import type { MemoryReading, SoakServerInfo } from '../bench/http/soak-server.js';

const MAX_MINUTES = 60;
const MEMORY_EVERY_MS = 10_000;

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    rate: { type: 'string', default: '200' },
    connections: { type: 'string', default: '8' },
    write: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/RESULTS.md' },
  },
});

function integerFlag(name: 'minutes' | 'rate' | 'connections', max: number): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`soak: --${name} must be an integer in [1, ${max}], got ${flags[name]}`);
  }
  return value;
}

const minutesToRun = integerFlag('minutes', MAX_MINUTES);
const ratePerS = integerFlag('rate', 10_000);
const connections = integerFlag('connections', 256);
const log = (line: string) => process.stdout.write(`${line}\n`);

const key = `soak-${randomBytes(6).toString('hex')}`;
const serverPath = fileURLToPath(new URL('../bench/http/soak-server.ts', import.meta.url));
const loadBefore = loadavg()[0] ?? 0;
const server = await startServerProcess(serverPath, ['--key', key]);
try {
  const { centre } = server.info as SoakServerInfo;
  const nearest = await fetch(
    `${server.url}/v2/installations/nearest?lat=${centre.latitude}&lng=${centre.longitude}&maxResults=3&maxDistanceKM=-1`,
    { headers: { apikey: key } },
  );
  const ids = ((await nearest.json()) as { id: number }[]).map((installation) => installation.id);
  const requests = soakRequests(key, centre, ids);
  log(
    `soak: ${minutesToRun} min at ${ratePerS} req/s over ${connections} connections, ${requests.length} requests in the mix, server ${server.url}`,
  );

  const startedMs = Date.now();
  const readings: TimedReading[] = [];
  const readMemory = async () => {
    const atS = Math.round((Date.now() - startedMs) / 1000);
    const reading = { atS, ...((await server.call('memory')) as MemoryReading) };
    readings.push(reading);
    log(`  ${readingLine(reading)}`);
  };
  await readMemory();
  const timer = setInterval(() => void readMemory().catch(() => {}), MEMORY_EVERY_MS);

  const minutes: MinuteFigures[] = [];
  log(MINUTE_HEADER);
  for (let minute = 0; minute < minutesToRun; minute += 1) {
    const figures = await loadMinute(server.url, requests, {
      ratePerS,
      connections,
      durationS: 60,
    });
    minutes.push(figures);
    log(minuteRow(figures, minute));
  }
  clearInterval(timer);
  await readMemory();

  const failures = soakFailures(minutes, readings);
  if (flags.write) {
    const section = renderSoakSection(minutes, readings, {
      minutes: minutesToRun,
      ratePerS,
      connections,
      requestKinds: requests.length,
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
      cores: cpus().length,
      loadAverages: [loadBefore, loadavg()[0] ?? 0],
      date: new Date(),
    });
    writeMarkedSection(flags.out, 'soak', section);
    log(`wrote the soak section of ${flags.out}`);
  }
  if (failures.length > 0) {
    log(`soak FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    log('soak passed: no 5xx, no unexpected status, p99 and RSS steady');
  }
} finally {
  await server.stop();
}
