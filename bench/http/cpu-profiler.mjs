// The V8 CPU profiler (the one behind `node --cpu-prof`) switched on and off by the parent of a
// bench server around one load window. Plain JavaScript, so that both the CLI's probe
// (cli-probe.mjs, loaded before tsx is registered) and the adapter server (under tsx) load it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

// V8's sampling interval, µs (as `--cpu-prof`'s default).
const SAMPLING_INTERVAL_US = 1000;
const session = new Session();

/**
 * `{ profiler: 'start' }` starts profiling this process; `{ profiler: 'stop', path }` stops it
 * and writes the profile to `path` (a `.cpuprofile`), answering that path.
 */
export async function profilerCall(call) {
  if (call.profiler === 'start') {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await session.post('Profiler.start');
    return 'started';
  }
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(call.path, JSON.stringify(profile));
  return call.path;
}
