import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type FollowedBatch, messageOf, PollFailure } from './followed-batch.js';
import {
  type BatchPart,
  type BatchParts,
  batchParts,
  transferList,
} from './sensor-community-parts.js';
import { readSensorCommunityFile } from './sensor-community-read.js';
import type { ReadFailure, ReadReply, ReadRequest } from './sensor-community-thread.js';

// The reading thread of a Sensor.Community source (started by sensor-community-thread.ts): it runs
// `readSensorCommunityFile` for each request of the server's thread and sends the finished batch
// back, in parts (sensor-community-parts.ts says why). A poll makes some 20 MB of short-lived
// strings; here they live in this thread's own heap, so collecting them never pauses the thread
// that answers requests, and the splitting and parsing run beside it instead of in its turns. This
// thread asks for the lowest priority, so that on a machine with fewer free cores than busy threads
// the server's thread comes first.

// Linux reads `/proc/thread-self` as `PID/task/TID`, and setpriority on a thread id changes that
// thread alone (its nice value is per thread); lowering it is always permitted. Elsewhere the
// file is missing and the thread keeps the process's priority.
function lowerThisThreadsPriority(): void {
  let self: string;
  try {
    self = readlinkSync('/proc/thread-self');
  } catch {
    return;
  }
  const threadId = Number(self.slice(self.lastIndexOf('/') + 1));
  if (!Number.isSafeInteger(threadId) || threadId <= 0) return;
  try {
    setPriority(threadId, 19);
  } catch {
    // A system that refuses even to lower it: the read runs at the process's priority.
  }
}

function failureOf(error: unknown): ReadFailure {
  if (error instanceof PollFailure) {
    return { message: error.message, retryAfterMs: error.retryAfterMs, pollFailure: true };
  }
  return { message: messageOf(error), retryAfterMs: undefined, pollFailure: false };
}

const port = parentPort;
if (port !== null) {
  lowerThisThreadsPriority();
  // The read under way: the server's thread asks one at a time, but an aborted read may still be
  // winding down when the next request comes.
  const reading = new Map<number, AbortController>();
  // Batches read whole, whose parts the server's thread takes one at a time.
  const sending = new Map<number, BatchParts>();
  const sendNextPart = (id: number): void => {
    const parts = sending.get(id);
    if (parts === undefined) return;
    let next: IteratorResult<BatchPart, undefined>;
    try {
      next = parts.next();
    } catch (error) {
      sending.delete(id);
      port.postMessage({ id, failure: failureOf(error) } satisfies ReadReply);
      return;
    }
    if (next.done === true) return;
    if (next.value.skipped !== undefined) sending.delete(id);
    // The columns' buffers are handed over, not copied (a part is not used here again).
    port.postMessage({ id, part: next.value } satisfies ReadReply, transferList(next.value));
  };
  port.on('message', (request: ReadRequest) => {
    if (request.kind === 'abort') {
      // The reason as the calling thread's read would report it: fetch rejects with it.
      // A batch read whole is sent on, as the calling thread's read would have resolved.
      reading.get(request.id)?.abort(new Error(request.reason));
      return;
    }
    if (request.kind === 'more') {
      sendNextPart(request.id);
      return;
    }
    const { id, url, box, indoor, nowMs } = request;
    const controller = new AbortController();
    reading.set(id, controller);
    readSensorCommunityFile(globalThis.fetch, url, { box, indoor }, controller.signal, nowMs).then(
      (batch: FollowedBatch) => {
        reading.delete(id);
        sending.set(id, batchParts(batch));
        sendNextPart(id);
      },
      (error: unknown) => {
        reading.delete(id);
        port.postMessage({ id, failure: failureOf(error) } satisfies ReadReply);
      },
    );
  });
}
