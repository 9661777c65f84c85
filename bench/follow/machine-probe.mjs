// An idle process beside `airq` for `npm run bench:follow`: it runs the same 1 ms stall probe as
// `airq`'s thread (bench/http/stall-probe.mjs) and does nothing else, so its stalls are the
// machine's: the cores were busy, or the hypervisor held them. Set beside the stalls of
// `airq`'s thread over the same phases, they tell what `airq` itself adds. Started with
// `fork`; a message `{ stalls: 'take' }` is answered with the stalls noted so far. Plain
// JavaScript: nothing to load but Node.
import { stallCall } from '../http/stall-probe.mjs';

stallCall({ stalls: 'start' });
// The probe's timer does not hold the process; the channel to the parent does, until it closes.
process.on('message', (call) => process.send?.(stallCall(call)));
process.on('disconnect', () => process.exit(0));
