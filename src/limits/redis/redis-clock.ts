// How far the Redis server's clock is from this process's, so that a deadline set on the
// process clock can be checked by a script on the server's clock (see COUNT_REQUEST_SCRIPT).

/** Something that sends one Redis command (node-redis's `sendCommand`). */
export type SendCommand = (command: string[]) => Promise<unknown>;

/** An offset estimate: server ms − process ms, and its uncertainty (half a round trip). */
export interface ClockOffset {
  readonly offsetMs: number;
  readonly uncertaintyMs: number;
}

/**
 * Reads `TIME` a few times and keeps the reading with the shortest round trip: the server's
 * instant lies within that round trip, so taking its middle errs by at most half of it.
 *
 * @param now - the process clock, epoch ms (default `Date.now`)
 * @throws what the command throws; TypeError for a reply that is not `TIME`'s
 * @example
 * const { offsetMs } = await measureClockOffset((command) => client.sendCommand(command));
 */
export async function measureClockOffset(
  send: SendCommand,
  now: () => number = Date.now,
  readings = 3,
): Promise<ClockOffset> {
  let best: ClockOffset | undefined;
  for (let i = 0; i < readings; i++) {
    const sentMs = now();
    const reply = await send(['TIME']);
    const receivedMs = now();
    const serverMs = timeReplyMs(reply);
    const uncertaintyMs = (receivedMs - sentMs) / 2;
    if (best === undefined || uncertaintyMs < best.uncertaintyMs) {
      best = { offsetMs: serverMs - (sentMs + receivedMs) / 2, uncertaintyMs };
    }
  }
  return best!; // readings >= 1
}

function timeReplyMs(reply: unknown): number {
  if (Array.isArray(reply) && reply.length === 2) {
    const seconds = Number(reply[0]);
    const microseconds = Number(reply[1]);
    if (Number.isSafeInteger(seconds) && Number.isSafeInteger(microseconds)) {
      return seconds * 1000 + Math.floor(microseconds / 1000);
    }
  }
  throw new TypeError(`Redis TIME: unexpected reply ${JSON.stringify(reply)}`);
}

/**
 * The part of a call's deadline kept back from the script: the script refuses to count this
 * long before the caller gives up, so that a count that did happen has that long to reach the
 * caller (a quarter of the deadline, at most 500 ms).
 *
 * @example
 * countMarginMs(2000); // 500
 */
export function countMarginMs(deadlineMs: number): number {
  return Math.min(500, deadlineMs / 4);
}
