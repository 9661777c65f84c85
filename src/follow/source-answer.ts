import { messageOf, PollFailure } from './followed-batch.js';

// Every followed source reads its answers the same way: a status outside 2xx drops the poll
// (with the wait the source asked for), and a body is read whole, within a size limit, before
// anything of it is used. A truncated body (the connection closed early, the deadline passed)
// rejects while it is read, so no reader ever sees half an answer.

/**
 * The wait a `Retry-After` header asks for, in ms: delay-seconds (`120`) or an HTTP date
 * (`Wed, 02 Dec 2026 07:00:00 GMT`, counted from `nowMs`); `undefined` when absent or unreadable.
 *
 * @param nowMs - the data clock, epoch ms (an HTTP date in the past gives 0)
 * @example
 * retryAfterMs('120', 0); // 120_000
 * retryAfterMs('Thu, 01 Jan 1970 00:01:00 GMT', 0); // 60_000
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  const text = header?.trim() ?? '';
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its month in letters; engines also read bare numbers such as `1.5` or
  // `-5` as dates, which no server means.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const atMs = Date.parse(text);
  return Number.isFinite(atMs) ? Math.max(0, atMs - nowMs) : undefined;
}

/**
 * Throws a {@link PollFailure} unless the answer's status is 2xx: the message names the source
 * and the status; `retryAfterMs` comes from `Retry-After` (429, 503, and whatever else sends
 * it). The body of a refused answer is drained so that its connection can be reused.
 *
 * @param source - the source's name as the log shows it, e.g. `OpenAQ`
 * @example
 * await checkAnswerStatus('OpenAQ', await fetch(url, { signal }), nowMs);
 */
export async function checkAnswerStatus(
  source: string,
  answer: Response,
  nowMs: number,
): Promise<void> {
  if (answer.status >= 200 && answer.status <= 299) return;
  const wait = retryAfterMs(answer.headers.get('retry-after'), nowMs);
  await answer.body?.cancel().catch(() => undefined);
  const status = `${answer.status}${answer.statusText === '' ? '' : ` ${answer.statusText}`}`;
  throw new PollFailure(`${source} answered ${status}`, wait);
}

/**
 * Reads a whole answer as text, refusing one longer than `maxBytes` (a source that suddenly
 * sends far more than it should must not exhaust memory). A body cut short rejects with a
 * {@link PollFailure} naming the source, as does one that is not UTF-8 JSON text when parsed by
 * {@link readJsonAnswer}.
 *
 * @param maxBytes - the largest body accepted, in bytes of the (decompressed) body
 * @example
 * const text = await readTextAnswer('PurpleAir', answer, 8 * 1024 * 1024);
 */
export async function readTextAnswer(
  source: string,
  answer: Response,
  maxBytes: number,
): Promise<string> {
  const reader = answer.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new PollFailure(`${source}: the answer is larger than ${maxBytes} bytes`);
      }
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (error) {
    if (error instanceof PollFailure) throw error;
    throw new PollFailure(`${source}: the answer could not be read whole (${messageOf(error)})`);
  }
}

/**
 * {@link readTextAnswer}, then `JSON.parse`; a body that is not JSON is a {@link PollFailure}.
 *
 * @example
 * const page = await readJsonAnswer('OpenAQ', answer, 8 * 1024 * 1024);
 */
export async function readJsonAnswer(
  source: string,
  answer: Response,
  maxBytes: number,
): Promise<unknown> {
  const text = await readTextAnswer(source, answer, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new PollFailure(`${source}: the answer is not JSON (${messageOf(error)})`);
  }
}
