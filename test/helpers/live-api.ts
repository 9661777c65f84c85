// An adapter that takes live writes, for the write-route tests: three installations (1001 fed by
// the airRohr device esp8266-12345678, 1002 by esp32-987654 with the LINEAR correction of
// correction-fixtures.ts, 1003 by none), an in-memory store
// with a journal in a fresh temporary directory, one read key and two write keys (one with
// limits), and a data clock the test moves. `close` removes the directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiOptions } from '../../src/http/api-options.js';
import type { CoreRequest, CoreResponse } from '../../src/http/core-request.js';
import { type Api, createApi } from '../../src/http/create-api.js';
import { payloadTooLarge } from '../../src/http/request-body.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { JournaledStore } from '../../src/store/journaled-store.js';
import { LINEAR_CORRECTION } from './correction-fixtures.js';
import { coreJson, coreRequest } from './http-client.js';
import { installation } from './store-fixtures.js';

export const READ_KEY = 'read-key';
export const WRITE_KEY = 'write-key';
/** A write key with 3 writes a minute. */
export const LIMITED_WRITE_KEY = 'limited-write-key';
export const DEVICE_1001 = 'esp8266-12345678';
export const DEVICE_1002 = 'esp32-987654';
/** 2026-11-21 09:27 UTC, where the clock starts. */
export const LIVE_START_MS = Date.parse('2026-11-21T09:27:00.000Z');

/** The installations of {@link openLiveApi}. */
export const LIVE_INSTALLATIONS = Object.freeze([
  installation(1001, { sensors: [DEVICE_1001] }),
  installation(1002, { sensors: [DEVICE_1002], correction: LINEAR_CORRECTION }),
  installation(1003),
]);

export interface LiveApi {
  readonly api: Api;
  readonly memory: InMemoryStore;
  readonly writer: JournaledStore;
  readonly dir: string;
  /** Sets the data clock (epoch ms). */
  setNow(nowMs: number): void;
  /** A POST through the adapter; `body` a string (UTF-8) or bytes. */
  post(
    path: string,
    body: string | Uint8Array,
    headers: Record<string, string>,
  ): Promise<LiveAnswer>;
  /** Closes the journal and removes its directory. */
  close(): Promise<void>;
}

export interface LiveAnswer extends CoreResponse {
  readonly json: Record<string, unknown>;
}

/**
 * A write request as a shell hands it to the core: `readBody` serves `body` within its limit,
 * as the node:http and Fetch shells do.
 */
export function postRequest(
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
): CoreRequest {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return coreRequest(path, {
    method: 'POST',
    headers,
    async readBody(maxBytes) {
      if (bytes.byteLength > maxBytes) throw payloadTooLarge(maxBytes);
      return bytes;
    },
  });
}

/** Opens a fresh {@link LiveApi}; `overrides` go to createApi. */
export async function openLiveApi(overrides: Partial<ApiOptions> = {}): Promise<LiveApi> {
  const dir = await mkdtemp(join(tmpdir(), 'airq-live-'));
  const memory = new InMemoryStore(LIVE_INSTALLATIONS);
  const { store: writer } = await JournaledStore.open(memory, { dir });
  let nowMs = LIVE_START_MS;
  const api = createApi({
    service: createMeasurementsService({ store: memory }),
    keys: [READ_KEY],
    writeKeys: [WRITE_KEY, { key: LIMITED_WRITE_KEY, dayLimit: 1000, minuteLimit: 3 }],
    writer,
    clock: () => nowMs,
    limitsClock: () => nowMs,
    ...overrides,
  });
  return {
    api,
    memory,
    writer,
    dir,
    setNow(ms) {
      nowMs = ms;
    },
    async post(path, body, headers) {
      const response = await api.handle(postRequest(path, body, headers));
      return { ...response, json: coreJson(response) as Record<string, unknown> };
    },
    async close() {
      await writer.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `Authorization: Basic …` with `password` (and a user name the firmware might send). */
export function basic(password: string, user = 'airrohr'): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
