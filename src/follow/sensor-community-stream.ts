import { messageOf, PollFailure } from './followed-batch.js';
import { nextTurn } from './next-turn.js';
import { JsonArraySplitter } from './sensor-community-splitter.js';

// Reads an answer whose body is one JSON array, element by element, as the bytes arrive:
// memory holds one chunk and one unfinished element, never the whole body (Sensor.Community's
// five-minute file is about 20 MB). Any failure (the connection closed early, the deadline
// passed, bytes that are not UTF-8, an array that does not close, an element that is not JSON)
// rejects with a PollFailure; the caller must then drop whatever the visits collected. A pace
// may be set: the body is then taken no faster than it allows.

/** The longest element accepted by default, in UTF-16 code units (a real one is under 1 kB). */
export const MAX_ELEMENT_CHARS = 1_048_576;

/**
 * The longest stretch of reading before the event loop gets a turn, ms: requests that arrive
 * during a poll wait at most about this long for it.
 */
export const SLICE_MS = 0.5;

// The most bytes decoded and handed to the splitter between two looks at the clock: a chunk of
// the body can be 64–128 KiB, which takes the splitter and the pre-check 1–2 ms on a slow core,
// so the slice is checked within a chunk, not only between chunks. The bytes are cut before
// they are decoded, not the text after: a string of a whole chunk of 128 KiB or more is born in
// V8's large-object space, which counts as old, and a poll of the 20 MB file then ran 4–5 full
// collections of the reading thread's heap, whose concurrent marking took the server's thread's
// core (docs/design.md, "The reading thread decodes 8 KiB at a time").
const PIECE_BYTES = 8_192;

/** The clock a read keeps its slices and its pace with. */
export interface ReadClock {
  /** Milliseconds from any fixed origin. */
  nowMs(): number;
  /** Resolves after about `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** The system's: `performance.now()` and a timer. */
export const SYSTEM_READ_CLOCK: ReadClock = Object.freeze({
  nowMs: () => performance.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});

/** How {@link readJsonArrayElements} reads; every field has a default. */
export interface JsonArrayReadOptions {
  /** The longest element accepted, in UTF-16 code units; default {@link MAX_ELEMENT_CHARS}. */
  readonly maxElementChars?: number;
  /**
   * Says from an element's text that it is not wanted: it is then counted but neither parsed
   * nor visited (its structure was checked by the splitter); default none.
   */
  readonly passOver?: (elementText: string) => boolean;
  /**
   * The most bytes of the body taken a second (once decoded from its content encoding);
   * default `Infinity`, as fast as they come. Reading stops until the pace allows more, so the
   * client's receive window closes and the sender waits: the transfer is spread out instead of
   * arriving in one burst.
   */
  readonly bytesPerSecond?: number;
  /** Default {@link SYSTEM_READ_CLOCK}. */
  readonly clock?: ReadClock;
}

/**
 * How long a read that has taken `bytesRead` bytes in `elapsedMs` must wait before it takes
 * more, to stay within `bytesPerSecond`: 0 when it is behind or on its pace (and always for a
 * pace of `Infinity`).
 *
 * @example
 * paceWaitMs(1_000_000, 150, 5_000_000); // 50: a megabyte is due after 200 ms at 5 MB/s
 * paceWaitMs(1_000_000, 250, 5_000_000); // 0
 */
export function paceWaitMs(bytesRead: number, elapsedMs: number, bytesPerSecond: number): number {
  const dueMs = (bytesRead * 1000) / bytesPerSecond;
  return dueMs > elapsedMs ? dueMs - elapsedMs : 0;
}

/** What reading the array took. */
export interface JsonArrayReadStats {
  /** Elements visited. */
  readonly elements: number;
  /** The most text the splitter held at once, in UTF-16 code units. */
  readonly peakBufferedChars: number;
}

/**
 * Streams the body of `answer` through a {@link JsonArraySplitter} and calls `visit` with each
 * element, parsed, in order. Resolves once the array closed and the body ended.
 *
 * @param source - the source's name as the log shows it, e.g. `Sensor.Community`
 * @throws PollFailure (as a rejection) when the body cannot be read whole as a JSON array
 * @example
 * await readJsonArrayElements('Sensor.Community', answer, (element) => elements.push(element));
 * // { elements: 5, peakBufferedChars: 3369 }
 */
export async function readJsonArrayElements(
  source: string,
  answer: Response,
  visit: (element: unknown) => void,
  options: JsonArrayReadOptions = {},
): Promise<JsonArrayReadStats> {
  const {
    maxElementChars = MAX_ELEMENT_CHARS,
    passOver = () => false,
    bytesPerSecond = Number.POSITIVE_INFINITY,
    clock = SYSTEM_READ_CLOCK,
  } = options;
  const splitter = new JsonArraySplitter(maxElementChars);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let elements = 0;
  const parse = (text: string): void => {
    if (passOver(text)) {
      elements++;
      return;
    }
    let element: unknown;
    try {
      element = JSON.parse(text);
    } catch (error) {
      throw new PollFailure(`${source}: element ${elements + 1} is not JSON (${messageOf(error)})`);
    }
    elements++;
    visit(element);
  };
  const reader = answer.body?.getReader();
  try {
    if (reader !== undefined) {
      const startMs = clock.nowMs();
      let sliceStartMs = startMs;
      let bytesRead = 0;
      for (;;) {
        // Waits under a millisecond are left to add up: a timer is no finer. A wait is one
        // chunk's worth (some 13 ms for 64 KiB at 5 MB/s), so an abort meanwhile is seen by the
        // read right after it.
        const waitMs = paceWaitMs(bytesRead, clock.nowMs() - startMs, bytesPerSecond);
        if (waitMs >= 1) {
          await clock.sleep(waitMs);
          sliceStartMs = clock.nowMs();
        }
        const { done, value } = await read(source, reader);
        if (done) break;
        bytesRead += value.byteLength;
        // Chunks already received resolve the next read at once, as a microtask: without a
        // pause the whole file would be read in one stretch that no request could interrupt.
        for (let fromByte = 0; fromByte < value.byteLength; fromByte += PIECE_BYTES) {
          const bytes =
            value.byteLength <= PIECE_BYTES
              ? value
              : value.subarray(fromByte, fromByte + PIECE_BYTES);
          splitter.push(decode(source, decoder, bytes), parse);
          if (clock.nowMs() - sliceStartMs >= SLICE_MS) {
            await nextTurn();
            sliceStartMs = clock.nowMs();
          }
        }
      }
    }
    splitter.push(decode(source, decoder, undefined), parse);
    splitter.end();
  } catch (error) {
    await reader?.cancel().catch(() => undefined);
    // The splitter's SyntaxError; anything else is no fault of the answer and is not hidden.
    if (!(error instanceof SyntaxError)) throw error;
    throw new PollFailure(`${source}: the answer is not a JSON array (${messageOf(error)})`);
  }
  return { elements, peakBufferedChars: splitter.peakBufferedChars };
}

async function read(
  source: string,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch (error) {
    throw new PollFailure(`${source}: the answer could not be read whole (${messageOf(error)})`);
  }
}

/** The next piece of text (the rest, when `bytes` is undefined). */
function decode(source: string, decoder: TextDecoder, bytes: Uint8Array | undefined): string {
  try {
    return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
  } catch (error) {
    throw new PollFailure(`${source}: the answer is not UTF-8 text (${messageOf(error)})`);
  }
}
