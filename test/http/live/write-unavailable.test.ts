import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src/http/create-api.js';
import { createMeasurementsService } from '../../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../../src/store/in-memory-store.js';
import { JournaledStore } from '../../../src/store/journaled-store.js';
import { coreJson } from '../../helpers/http-client.js';
import { LIVE_INSTALLATIONS, LIVE_START_MS, postRequest } from '../../helpers/live-api.js';
import { faultyFiles, tempDir } from '../../store/journal/journal-helpers.js';

// A write that cannot be made durable (a full disk) answers a JSON 503 with Retry-After; reads
// keep answering from what was acknowledged, and the write is served nowhere.

describe('a journal that cannot write', () => {
  it('answers the write 503 and every read as before', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const memory = new InMemoryStore(LIVE_INSTALLATIONS);
    const { store: writer } = await JournaledStore.open(memory, { dir, files });
    const api = createApi({
      service: createMeasurementsService({ store: memory }),
      keys: ['read'],
      writeKeys: ['write'],
      writer,
      clock: () => LIVE_START_MS,
    });
    try {
      const body = JSON.stringify([
        { installationId: 1001, name: 'PM10', timestamp: '2026-11-21T09:05:00Z', value: 12 },
      ]);
      const headers = { apikey: 'write', 'content-type': 'application/json' };
      controls.writesToDevFull = true;
      const refused = await api.handle(postRequest('/v2/airq/samples', body, headers));
      expect(refused.status).toBe(503);
      expect(refused.headers['Retry-After']).toBe('5');
      expect(coreJson(refused)).toMatchObject({
        errorCode: 'SERVICE_UNAVAILABLE',
        details: { dependency: 'store' },
      });
      const read = await api.handle({
        method: 'GET',
        path: '/v2/measurements/installation',
        query: 'installationId=1001',
        headers: { apikey: 'read' },
      });
      expect(read.status).toBe(200);
      expect(memory.sampleCount).toBe(0);
      controls.writesToDevFull = false;
      const again = await api.handle(postRequest('/v2/airq/samples', body, headers));
      expect(again.status).toBe(200);
      expect(memory.sampleCount).toBe(1);
    } finally {
      await writer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
