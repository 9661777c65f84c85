// `npm run bench:follow`: one poll of a 20 MB Sensor.Community file filtered to a city, in
// `airq` as users run it (issue 38). Four processes:
//   - a file server (bench/follow/data-json-server.ts, at nice 19) serving a synthetic `data.json` of
//     --elements elements (44,000: about 20 MB, as the live file) spread over Europe, about one location in a
//     hundred in Kraków, with timestamps of each request's moment (or, with --feed, as the live file has them);
//   - `airq` (the bundled `dist/cli.js`, built first; `--cli sources`: as `npm start` runs it) with `--follow sensor-community
//     --follow-box 49.97,19.79,50.13,20.22 --follow-url sensor-community=<file server>
//     --follow-every <--every>` and a temporary --data-dir (the journal, `--fsync always`);
//   - this one: readers arriving at random (bench/follow/timed-reads.ts) on `/v2/airq/network`
//     (the city's box, gzip, as the page asks) and `/v2/measurements/point` (Kraków's centre), a
//     mean --rate in all throughout, and a watch of `airq` every --sample-ms: VmRSS of
//     /proc/PID/status, and the size and time of its data directory's files;
//   - an idle process (bench/follow/machine-probe.mjs) that notes its own stalls as `airq`'s
//     thread does: where both stall alike, the machine held them (bench/follow/stall-phases.ts).
// A poll's window runs from the file request's arrival at the file server to the data
// directory's last change before the next request (the batch stored; only polls write). Each
// read is then placed during a poll (its time overlaps a window) or without one (not within
// --guard-ms after a window either); every interval holds both, so the two kinds interleave.
// The first --warmup-polls polls (every installation new, code not yet optimised) are left out
// of the figures, the first one's time reported apart. The file server holds `airq`'s first
// request until the memory before any poll was read.
//
//   npm run bench:follow -- [--elements 44000] [--polls 20] [--warmup-polls 1] [--every 6]
//                           [--rate 40] [--guard-ms 1000] [--sample-ms 20]
//                           [--bytes-per-second N] [--quick] [--out FILE] [--cli bundled|sources]
//                           [--follow-box city|europe] [--network-box city|europe] [--feed]
//                           [--no-build]
//
// --quick: 4,400 elements (2 MB), 3 polls every 3 s (a smoke run, not figures). Prints the section as
// markdown; with --out, writes it into the marked `follow` section of FILE.
// --feed: the file's timestamps as the live file has them (each sensor reading every 145 / 60
// poll intervals, a reading kept while among its sensor's two latest, so that a poll repeats
// most of the one before: about two thirds here) rather than each request's moment; the section is `follow-feed` (or
// `follow-europe-feed`).
// --follow-box europe: `airq` follows a box around all of the file's locations (about 10,700
// outdoor ones), as someone following a whole country or more would; the reads stay in Kraków,
// and the section is `follow-europe`. --network-box europe: the network route's reads ask for the
// same box around the whole file (a map of everything followed) instead of Kraków's.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DataJsonRequest, DataJsonServerInfo } from './follow/data-json-server.js';
import { startFollowingAirq } from './follow/following-airq.js';
import {
  classifyReads,
  pollTable,
  pollWindows,
  readsTable,
  type Stall,
} from './follow/poll-report.js';
import { processMemory, watchProcess } from './follow/process-watch.js';
import { stallPhaseRows, startMachineProbe } from './follow/stall-phases.js';
import { KRAKOW_BOX, SYNTHETIC_EUROPE } from './follow/synthetic-data-json.js';
import { startTimedReads } from './follow/timed-reads.js';
import { machineText } from './helpers/machine-text.js';
import { cliEntryText, prepareCliEntry } from './http/cli-process.js';
import { writeMarkedSection } from './http/results-table.js';
import { REPO_ROOT, startServerProcess } from './http/server-process.js';

const { values: flags } = parseArgs({
  options: {
    elements: { type: 'string' },
    polls: { type: 'string' },
    'warmup-polls': { type: 'string', default: '1' },
    every: { type: 'string' },
    rate: { type: 'string', default: '40' },
    'guard-ms': { type: 'string', default: '1000' },
    'sample-ms': { type: 'string', default: '20' },
    'bytes-per-second': { type: 'string' },
    seed: { type: 'string', default: '38' },
    quick: { type: 'boolean', default: false },
    cli: { type: 'string', default: 'bundled' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    'follow-box': { type: 'string', default: 'city' },
    'network-box': { type: 'string', default: 'city' },
    feed: { type: 'boolean', default: false },
  },
});

function whole(name: keyof typeof flags, min: number, fallback?: number): number {
  const text = flags[name];
  const value = text === undefined ? fallback : Number(text);
  if (value === undefined || !Number.isInteger(value) || value < min) {
    throw new RangeError(`bench-follow: --${name} must be an integer ≥ ${min}, got ${text}`);
  }
  return value;
}

const quick = flags.quick;
const elements = whole('elements', 4, quick ? 4_400 : 44_000);
const polls = whole('polls', 1, quick ? 3 : 20);
const warmupPolls = whole('warmup-polls', 1);
const everyS = whole('every', 1, quick ? 3 : 6);
const ratePerS = whole('rate', 2);
const guardMs = whole('guard-ms', 0);
const sampleMs = whole('sample-ms', 1);
const bytesPerSecond =
  flags['bytes-per-second'] === undefined ? undefined : whole('bytes-per-second', 1024);
const log = (line: string) => process.stderr.write(`${line}\n`);
const cliEntry = prepareCliEntry(REPO_ROOT, flags.cli, flags['no-build'], log);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
for (const name of ['follow-box', 'network-box'] as const) {
  if (flags[name] !== 'city' && flags[name] !== 'europe') {
    throw new RangeError(`bench-follow: --${name} must be city or europe, got ${flags[name]}`);
  }
}
const wide = flags['follow-box'] === 'europe';
const followed = wide ? SYNTHETIC_EUROPE : KRAKOW_BOX;
const box = `${followed.minLat},${followed.minLng},${followed.maxLat},${followed.maxLng}`;
// Live, a sensor reads every 145 s and the file is read every 60 s; scaled to the bench's
// interval. A poll's own 4 s of reading come on top of the interval (live too, but there they
// are a fifteenth of it), so here about a third of a poll is new, live about a fifth.
const feedCycleS = flags.feed ? (everyS * 145) / 60 : undefined;
const marker = `${wide ? 'follow-europe' : 'follow'}${flags.feed ? '-feed' : ''}`;
// The flags that make a section what it is, named in its first line.
const sectionFlags = [
  ...(flags.quick ? ['--quick'] : []),
  ...(wide ? ['--follow-box europe'] : []),
  ...(flags.feed ? ['--feed'] : []),
];
const read = flags['network-box'] === 'europe' ? SYNTHETIC_EUROPE : KRAKOW_BOX;
const KRAKOW_CENTRE = { latitude: 50.0614, longitude: 19.9366 };
const ROUTES = Object.freeze([
  {
    route: 'network',
    url: `/v2/airq/network?minLat=${read.minLat}&minLng=${read.minLng}&maxLat=${read.maxLat}&maxLng=${read.maxLng}`,
  },
  {
    route: 'point',
    url: `/v2/measurements/point?lat=${KRAKOW_CENTRE.latitude}&lng=${KRAKOW_CENTRE.longitude}`,
  },
]);

// Waits until `done()` holds, checking every 200 ms, for at most `timeoutMs`.
async function until(done: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadlineMs = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadlineMs) throw new Error(`bench-follow: no ${what} within ${timeoutMs} ms`);
    await sleep(200);
  }
}

async function run(dataDir: string) {
  const serverArgs = ['--elements', String(elements), '--seed', flags.seed];
  if (bytesPerSecond !== undefined) serverArgs.push('--bytes-per-second', String(bytesPerSecond));
  if (feedCycleS !== undefined) serverArgs.push('--feed-cycle', String(feedCycleS));
  const files = await startServerProcess(
    join(REPO_ROOT, 'bench/follow/data-json-server.ts'),
    serverArgs,
  );
  const file = files.info as DataJsonServerInfo;
  log(
    `file: ${file.bytes.toLocaleString('en-US')} bytes, ${file.elements} elements, ${file.cityElements} in the box (${file.cityLocations} outdoor locations)`,
  );
  const airq = await startFollowingAirq(
    [
      ...['--follow', 'sensor-community', '--follow-box', box],
      ...['--follow-url', `sensor-community=${files.url}`, '--follow-every', `${everyS}s`],
      ...['--data-dir', dataDir],
    ],
    cliEntry,
  );
  const requests = async () => (await files.call({ requests: true })) as DataJsonRequest[];
  try {
    // Start-up is over once the server listens; its first poll waits at the file server.
    await sleep(1_000);
    const before = processMemory(airq.pid);
    const watch = watchProcess(airq.pid, dataDir, sampleMs);
    await files.call({ arm: true });
    const pollSlackMs = 60_000;
    await until(async () => watch.dataChangesMs.length > 0, pollSlackMs, 'first stored poll');
    await airq.call({ stalls: 'start' });
    const machine = startMachineProbe();
    const load = startTimedReads(
      airq.url,
      { apikey: airq.key, accept: 'application/json', 'accept-encoding': 'gzip' },
      ROUTES.map((route) => ({ ...route, ratePerS: ratePerS / ROUTES.length })),
      whole('seed', 0),
    );
    const wanted = warmupPolls + polls + 1;
    let seen = 0;
    await until(
      async () => {
        const count = (await requests()).length;
        if (count > seen) log(`poll ${count}/${wanted} began`);
        seen = count;
        return count >= wanted;
      },
      wanted * (everyS * 1000 + pollSlackMs),
      `poll ${wanted}`,
    );
    const stopMs = Date.now();
    const { reads, errors } = await load.stop();
    const stalls = (await airq.call({ stalls: 'take' })) as Stall[];
    const machineStalls = await machine.take();
    watch.stop();
    const after = processMemory(airq.pid);
    const network = await fetch(new URL(ROUTES[0]!.url, airq.url), {
      headers: { apikey: airq.key },
    });
    const installations = ((await network.json()) as { installations?: unknown[] }).installations;
    const windows = pollWindows(await requests(), watch.dataChangesMs, stopMs);
    const measured = windows.slice(warmupPolls, warmupPolls + polls);
    // A poll that stored nothing still read the file: its window ends when the file was sent.
    const stored = measured.map((poll) => ({
      startMs: poll.startMs,
      storedMs: poll.storedMs ?? poll.sentMs ?? poll.startMs,
    }));
    const fromMs = (windows[warmupPolls - 1]?.storedMs ?? windows[0]!.startMs) + guardMs;
    const classes = classifyReads(reads, stored, fromMs, windows[wanted - 1]!.startMs, guardMs);
    return {
      file,
      installations: installations?.length,
      errors,
      poll: pollTable({
        measured,
        warmup: windows.slice(0, warmupPolls),
        before,
        after,
        memory: watch.memory,
        stalls,
        span: { fromMs, untilMs: windows[wanted - 1]!.startMs, guardMs },
      }),
      phases: stallPhaseRows(
        measured,
        { fromMs, untilMs: windows[wanted - 1]!.startMs, guardMs },
        stalls,
        machineStalls,
      ),
      reads: readsTable(
        classes,
        ROUTES.map((route) => route.route),
        !wide,
      ),
    };
  } finally {
    await airq.stop();
    await files.stop();
  }
}

async function main(): Promise<number> {
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'airq-bench-follow-'));
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const { file } = result;
  const machine = machineText();
  const throttle =
    bytesPerSecond === undefined
      ? 'as fast as loopback carries it'
      : `at ${bytesPerSecond.toLocaleString('en-US')} bytes/s`;
  const section = [
    `<!-- ${marker}:start -->`,
    `${
      wide
        ? '## Following Sensor.Community: one poll of the whole file, every location of it followed'
        : '## Following Sensor.Community: one poll of the whole file filtered to a city (issue 38)'
    }${flags.feed ? ', the file repeating itself as the live one does' : ''}`,
    '',
    `Written by \`npm run bench:follow${sectionFlags.length > 0 ? ` -- ${sectionFlags.join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${machine}. 1-minute load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after.`,
    '',
    `\`airq\` started ${cliEntryText(cliEntry)} (access log on, stdout a pipe; the bench's probe adds a 1 ms timer that notes the stalls of its thread, bench/http/stall-probe.mjs; an idle process beside it runs the same probe, bench/follow/machine-probe.mjs, so that the machine's stalls can be told from \`airq\`'s own), following a file server in a process of its own at nice 19 (it stands for Sensor.Community's own machine): \`--follow sensor-community --follow-box ${box} --follow-every ${everyS}s\`, a temporary \`--data-dir\` (journal, \`--fsync always\`). The file: a synthetic \`data.json\` of ${(file.bytes / 1e6).toFixed(1)} MB, ${file.elements.toLocaleString('en-US')} elements over ${file.locations.toLocaleString('en-US')} locations across Europe, ${file.cityElements} of them in Kraków's box (${file.cityLocations} outdoor locations)${wide ? `; the followed box holds them all` : ''}, ${feedCycleS === undefined ? "timestamps of each request's moment (every poll all new)" : `timestamps as the live file has them, each sensor reading every ${feedCycleS.toFixed(1)} s (145 / 60 of the interval between polls; a poll's own 4 s of reading on top, about a third of a poll is new, against about a fifth live) and a reading kept while among its sensor's two latest`}, sent ${throttle}. ${polls} polls measured after ${warmupPolls} warm-up poll(s); the network route answered ${result.installations ?? '—'} installations at the end.`,
    '',
    [result.poll, ...result.phases].join('\n'),
    '',
    `Reads: from the parent process, each route's reads arriving at random (a seeded Poisson process, each read sent at its moment on a free keep-alive connection or a new one), ${ratePerS} a second in all on average, throughout: \`/v2/airq/network\` with ${read === KRAKOW_BOX ? "Kraków's box" : 'the box around every location of the file'} and \`/v2/measurements/point\` at its centre, gzip. "During a poll": the read's time overlaps a poll's window (file request to stored); "no poll running": at least ${guardMs} ms after any poll stored and before the next began. ${result.errors} failed reads.`,
    '',
    result.reads,
    `<!-- ${marker}:end -->`,
  ].join('\n');
  console.log(section);
  if (flags.out !== undefined) {
    writeMarkedSection(flags.out, marker, section);
    log(`wrote the ${marker} section of ${flags.out}`);
  }
  return 0;
}

process.exitCode = await main();
