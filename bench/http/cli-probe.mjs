// Loaded into the `airq` process that `npm run bench:http` starts, before the CLI itself:
//   node --import ./bench/http/cli-probe.mjs scripts/start.mjs --port 0 …
// The CLI runs unchanged; the probe only answers the parent over the IPC channel, in the
// protocol of server-process.ts: the process's CPU time so far, its id, and the V8 CPU profiler
// (the one behind `node --cpu-prof`) switched on and off around one load window. Plain JavaScript,
// so that it loads before start.mjs registers tsx, exactly as `npm start` runs.
import { profilerCall } from './cpu-profiler.mjs';
import { stallCall } from './stall-probe.mjs';

// `{ pid: true }`: the process id, for the parent to signal it (under `script`, its parent is
// not the bench). `{ stalls: … }`: the thread's stalls (stall-probe.mjs). Otherwise the profiler
// (cpu-profiler.mjs).
async function probeCall(call) {
  if (call.pid === true) return process.pid;
  if (call.stalls !== undefined) return stallCall(call);
  return profilerCall(call);
}

if (process.send !== undefined) {
  process.on('message', async (message) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'reply', id: message.id, value: (user + system) / 1000 });
      return;
    }
    if (message.type !== 'call') return;
    try {
      process.send({ type: 'reply', id: message.id, value: await probeCall(message.payload) });
    } catch (error) {
      process.send({ type: 'failed', id: message.id, message: String(error) });
    }
  });
  // An orphaned server (the parent died) stops as on Ctrl-C.
  process.on('disconnect', () => process.kill(process.pid, 'SIGINT'));
  // The channel must not keep the CLI alive: it stops on SIGINT, as from a terminal.
  process.channel?.unref();
}
