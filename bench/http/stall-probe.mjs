// Stalls of the server's thread, seen from inside the bench server: a 1 ms timer that notes each
// turn that came more than STALL_MS late, with when its wait began (epoch ms). The parent reads
// them after a run and lays them over its own windows (bench/follow-poll.ts: the longest stall
// within each poll). Reads measured from outside include the client's and the machine's stalls;
// this says what the server's own thread went through. Plain JavaScript, as cli-probe.mjs.

// Lateness worth noting, ms: on an idle machine 99 turns in 100 of such a timer come within
// 0.2 ms. The timer costs the server about a thousand short callbacks a second.
const STALL_MS = 2;
const stalls = [];
let timer;

/**
 * `{ stalls: 'start' }` starts noting stalls (once); `{ stalls: 'take' }` answers those noted so
 * far as `[startedAtMs, stallMs]` pairs and forgets them.
 */
export function stallCall(call) {
  if (call.stalls === 'start') {
    if (timer !== undefined) return true;
    let lastMs = performance.now();
    timer = setInterval(() => {
      const nowMs = performance.now();
      const lateMs = nowMs - lastMs - 1;
      if (lateMs > STALL_MS) stalls.push([performance.timeOrigin + lastMs, lateMs]);
      lastMs = nowMs;
    }, 1);
    // The probe must not keep the CLI alive.
    timer.unref();
    return true;
  }
  if (call.stalls === 'take') return stalls.splice(0);
  throw new Error(`stall-probe: unknown call ${JSON.stringify(call)}`);
}
