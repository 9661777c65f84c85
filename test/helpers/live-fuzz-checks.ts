// The checks every answer of the write-route fuzz must pass (test/http/live/write-fuzz.test.ts),
// with the oracle of what the headers alone decide and what a naive reading of the body can tell.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import {
  AIRROHR_ROUTE,
  FUZZ_MAX_BODY_BYTES,
  SAMPLES_ROUTE,
  type WriteFuzzCase,
} from './live-fuzz.js';

/** The journal's file in a journal directory (named by the journal format, docs/live.md). */
export const JOURNAL_FILE = 'samples.journal';

/** What the store and the journal held before and after one request. */
export interface StoredState {
  readonly sampleCount: number;
  readonly journalBytes: number;
}

/**
 * The sample count of the store and the bytes of the journal file in `dir` up to the end of
 * its records (0 before it exists): the zeros of its reserve after them are not counted.
 *
 * @example
 * storedState(live.memory, live.dir); // { sampleCount: 0, journalBytes: 64 }
 */
export function storedState(memory: { readonly sampleCount: number }, dir: string): StoredState {
  let file: Buffer;
  try {
    file = readFileSync(join(dir, JOURNAL_FILE));
  } catch {
    return { sampleCount: memory.sampleCount, journalBytes: 0 };
  }
  // The 12-byte header, then records of a u32 payload length, a u32 CRC and the payload; a
  // length of 0 (no record has one) is where the reserve's zeros begin.
  let end = Math.min(12, file.length);
  while (end + 8 <= file.length && file.readUInt32LE(end) !== 0) end += 8 + file.readUInt32LE(end);
  return { sampleCount: memory.sampleCount, journalBytes: end };
}

const mediaTypeOf = (value: string | undefined) =>
  (value ?? '').split(';')[0]!.trim().toLowerCase();

const ACCEPTED_TYPES: Readonly<Record<WriteFuzzCase['path'], readonly string[]>> = {
  [SAMPLES_ROUTE]: ['application/json', 'text/csv'],
  [AIRROHR_ROUTE]: ['application/json'],
};

// Whether an Accept value admits application/json, by the letter of RFC 9110 (no q=0 here).
function acceptsJsonOracle(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  return accept
    .split(',')
    .map(mediaTypeOf)
    .some((range) => range === 'application/json' || range === 'application/*' || range === '*/*');
}

/**
 * The status the headers alone decide, in the order the adapter checks them (key, Accept,
 * media type, encoding, size), or `undefined` when the body decides.
 */
export function headerStatus(request: WriteFuzzCase): number | undefined {
  if (request.keyKind === 'none' || request.keyKind === 'wrong') return 401;
  if (request.keyKind === 'read') return 403;
  if (!acceptsJsonOracle(request.headers.accept)) return 406;
  if (!ACCEPTED_TYPES[request.path].includes(mediaTypeOf(request.headers['content-type'])))
    return 415;
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'gzip' && encoding !== 'identity') return 415;
  if (request.body.byteLength > FUZZ_MAX_BODY_BYTES) return 413;
  return undefined;
}

// The identity text of a body the adapter would read: undefined where gzip (node:zlib's) or
// UTF-8 fails, 'too large' when it decompresses past the limit.
const TOO_LARGE = Symbol('too large');
// Corrupt gzip: 400, or 413 when a part before the damage already passed the limit.
const UNREADABLE = Symbol('unreadable');

function decodedText(
  request: WriteFuzzCase,
): string | typeof TOO_LARGE | typeof UNREADABLE | undefined {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let bytes: Buffer;
  try {
    bytes = encoding === 'gzip' ? gunzipSync(request.body) : Buffer.from(request.body);
  } catch {
    // A stream cut short: what it holds up to the cut may already pass the limit, and a reader
    // that stops there answers 413 before it sees the end.
    try {
      const prefix = gunzipSync(request.body, { finishFlush: constants.Z_SYNC_FLUSH });
      return prefix.byteLength > FUZZ_MAX_BODY_BYTES ? TOO_LARGE : undefined;
    } catch {
      return UNREADABLE;
    }
  }
  if (bytes.byteLength > FUZZ_MAX_BODY_BYTES) return TOO_LARGE;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false };
  }
}

const STATUSES: Readonly<Record<WriteFuzzCase['path'], readonly number[]>> = {
  [SAMPLES_ROUTE]: [200, 400, 401, 403, 406, 413, 415, 422],
  [AIRROHR_ROUTE]: [200, 400, 401, 403, 406, 413, 415],
};

/**
 * The checks of one answer: a status the route may give (never 5xx), the one the headers
 * decide when they do, JSON in the spec's error shape for every 4xx, the counts of a 200/422
 * consistent with the rows sent, and nothing stored (store and journal unchanged) unless the
 * answer is 200 or 422; `accepted` samples at most, and a journal that grew only then.
 *
 * @param json - the decoded answer body
 */
export function checkWriteAnswer(
  request: WriteFuzzCase,
  status: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  json: unknown,
  before: StoredState,
  after: StoredState,
): void {
  expect(STATUSES[request.path]).toContain(status);
  expect(headers['content-type']).toBe('application/json;charset=UTF-8');
  const decided = headerStatus(request);
  if (decided !== undefined) expect(status).toBe(decided);
  if (request.keyKind === 'write')
    expect([401, 403].includes(status) && !isDeviceRefusal(json)).toBe(false);
  if (status >= 400 && status < 500) {
    const body = json as { errorCode: unknown; message: unknown; details: unknown };
    expect(typeof body.errorCode).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(typeof body.details === 'object' && body.details !== null).toBe(true);
    expect(Array.isArray(body.details)).toBe(false);
  }
  checkBodyOutcome(request, status, json, decided);
  if (status !== 200 && status !== 422) {
    expect(after).toEqual(before);
    return;
  }
  const written = writtenCount(request, json);
  expect(after.sampleCount - before.sampleCount).toBeGreaterThanOrEqual(0);
  expect(after.sampleCount - before.sampleCount).toBeLessThanOrEqual(written);
  // Every accepted sample was journaled before the answer; nothing else was.
  if (written === 0) expect(after.journalBytes).toBe(before.journalBytes);
  else expect(after.journalBytes).toBeGreaterThan(before.journalBytes);
}

function isDeviceRefusal(json: unknown): boolean {
  return (json as { errorCode?: unknown } | undefined)?.errorCode === 'DEVICE_UNKNOWN';
}

// How many samples a 200/422 says it stored.
function writtenCount(request: WriteFuzzCase, json: unknown): number {
  if (request.path === SAMPLES_ROUTE) {
    const accepted = (json as { accepted: unknown }).accepted;
    expect(Number.isSafeInteger(accepted)).toBe(true);
    return accepted as number;
  }
  const stored = (json as { stored: unknown }).stored;
  expect(Array.isArray(stored)).toBe(true);
  return (stored as unknown[]).length;
}

// What the body decides, where a naive reading can tell: JSON that does not parse (or is not
// an array / an object with a sensordatavalues array) is a 400; a JSON array answers with one
// verdict per element.
function checkBodyOutcome(
  request: WriteFuzzCase,
  status: number,
  json: unknown,
  decided: number | undefined,
): void {
  if (decided !== undefined) return;
  const text = decodedText(request);
  if (text === TOO_LARGE) {
    expect(status).toBe(413);
    return;
  }
  if (text === UNREADABLE) {
    expect([400, 413]).toContain(status);
    return;
  }
  if (text === undefined) {
    expect(status).toBe(400);
    return;
  }
  if (mediaTypeOf(request.headers['content-type']) === 'text/csv') {
    expect([200, 400, 422]).toContain(status);
    return;
  }
  const parsed = parsedJson(text);
  if (request.path === SAMPLES_ROUTE) {
    if (!parsed.ok || !Array.isArray(parsed.value)) {
      expect(status).toBe(400);
      return;
    }
    expect([200, 422]).toContain(status);
    const answer = json as { accepted: number; rejected: { row: number; reason: string }[] };
    expect(answer.accepted + answer.rejected.length).toBe(parsed.value.length);
    expect(status === 200).toBe(answer.rejected.length === 0);
    for (const rejection of answer.rejected) {
      expect(Number.isSafeInteger(rejection.row)).toBe(true);
      expect(typeof rejection.reason).toBe('string');
    }
    return;
  }
  const push = parsed.ok ? (parsed.value as { sensordatavalues?: unknown } | null) : undefined;
  const shaped =
    typeof push === 'object' &&
    push !== null &&
    !Array.isArray(push) &&
    Array.isArray(push.sensordatavalues);
  if (!shaped) expect(status).toBe(400);
  else expect([200, 400, 403]).toContain(status);
}
